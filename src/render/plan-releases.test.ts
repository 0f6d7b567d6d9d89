/**
 * planReleases against helmfile v1.8.0's output (`helmfile -l tier=ops template --skip-deps
 * --skip-needs=false`, and the differential case needs-11) and its DAG (variantdev/dag v1.1.0
 * Sort: without dependencies, the deepest unselected release a selected one needs is reported,
 * with every selected dependent, sorted; `installed: false` plays no part).
 */
import type { DagNode, PreparedRelease } from "../shared/model";
import { preparedRelease } from "../../tests/support/model-fixtures";
import { planReleases } from "./plan-releases";

const rel = (id: string, needs: string[] = [], installed = true): PreparedRelease =>
  preparedRelease({
    id,
    name: id.split("/").pop() ?? id,
    namespace: "",
    chart: "c",
    needs,
    installed,
    stateFile: "/s/helmfile.yaml",
    baseDir: "/s",
  });
const node = (id: string, needs: string[] = []): DagNode => ({ id, needs });

function error(fn: () => unknown): { code?: string; detail?: string } {
  try {
    fn();
  } catch (err) {
    return err as { code?: string; detail?: string };
  }
  return {};
}

describe("planReleases with requireSelectedNeeds", () => {
  test("an unselected installed: false need of selected releases, installed or not, fails", () => {
    // dep (installed: false, tier=web), auth (installed: false, ops, needs dep), app (ops, needs dep)
    const nodes = [node("dep"), node("auth", ["dep"]), node("app", ["dep"])];
    const err = error(() =>
      planReleases([rel("app", ["dep"])], nodes, { selected: ["auth", "app"], requireSelectedNeeds: true }),
    );
    expect(err.code).toBe("NEEDS_NOT_SELECTED");
    expect(err.detail).toBe(
      'release "app" and "auth" depend on "dep" which does not match the selectors. Please add a selector like "--selector name=dep", or indicate whether to skip (--skip-needs) or include (--include-needs) these dependencies',
    );
  });

  test("an undefined need is reported before an unselected one", () => {
    const nodes = [node("ns2/api"), node("ns2/front", ["ns2/api"]), node("ns2/queue", ["ns2/ghost"])];
    const err = error(() =>
      planReleases([rel("ns2/front", ["ns2/api"])], nodes, {
        selected: ["ns2/front"],
        requireSelectedNeeds: true,
      }),
    );
    expect(err.code).toBe("NEEDS_UNDEFINED");
    expect(err.detail).toBe(
      'release(s) "ns2/queue" depend(s) on an undefined release "ns2/ghost". Perhaps you made a typo in "needs" or forgot defining a release named "ghost" with appropriate "namespace" and "kubeContext"?',
    );
  });

  test("without the option, or with the need selected, the plan orders needs first", () => {
    const nodes = [node("b", ["a"]), node("a")];
    expect(planReleases([rel("b", ["a"])], nodes).map((r) => r.id)).toEqual(["b"]);
    expect(
      planReleases([rel("b", ["a"]), rel("a")], nodes, {
        selected: ["a", "b"],
        requireSelectedNeeds: true,
      }).map((r) => r.id),
    ).toEqual(["a", "b"]);
  });
});
