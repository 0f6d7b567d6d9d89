import { loadedState } from "../../tests/support/model-fixtures";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DesiredState } from "../shared/model";
import { overrideChart } from "./chart-override";
import { release } from "../../tests/support/prepared-release";

let dir = "";
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "chart-override-"));
  mkdirSync(join(dir, "charts", "web"), { recursive: true });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function desired(): DesiredState {
  const a = release("ns/a", { chart: "repo/a", baseDir: dir });
  const b = release("ns/b", { chart: "./local", baseDir: dir });
  const state = loadedState([a, b], [], { file: join(dir, "helmfile.yaml"), stateReleases: [a, b] });
  return { states: [state], releases: [a, b] };
}

describe("overrideChart", () => {
  test("a local directory becomes every release's chart, resolved against the release's folder", () => {
    const out = overrideChart(desired(), "./charts/web");
    expect(out.releases.map((r) => [r.chart, r.chartPath])).toEqual([
      ["./charts/web", join(dir, "charts", "web")],
      ["./charts/web", join(dir, "charts", "web")],
    ]);
  });

  test("a repository chart drops the local chart path", () => {
    const out = overrideChart(desired(), "repo/other");
    expect(out.releases.map((r) => [r.chart, r.chartPath])).toEqual([
      ["repo/other", undefined],
      ["repo/other", undefined],
    ]);
  });

  test("the state's releases, stateReleases and the flat list stay the same objects as each other", () => {
    const out = overrideChart(desired(), "repo/other");
    const [state] = out.states;
    expect(state?.releases[0]).toBe(out.releases[0]);
    expect(state?.stateReleases?.[1]).toBe(out.releases[1]);
  });

  test("does not change the input", () => {
    const input = desired();
    overrideChart(input, "repo/other");
    expect(input.releases.map((r) => r.chart)).toEqual(["repo/a", "./local"]);
  });
});
