/** A {@link PreparedRelease} for unit tests: `release("web/api", { needs: ["web/db"] })`. */
import type { PreparedRelease } from "../../src/shared/model";
import { preparedRelease } from "./model-fixtures";
import { fromPlain, isMap, newMap } from "../../src/shared/value";

/** Fields a test may set; the rest get neutral defaults. */
export interface ReleaseFixtureOptions {
  readonly chart?: string;
  readonly version?: string;
  /** Ids of needed releases; also written to `spec.needs` as given. */
  readonly needs?: readonly string[];
  readonly kubeContext?: string;
  readonly baseDir?: string;
}

/** A release with id `ns/name` (or `name`, namespace empty). */
export function release(id: string, o: ReleaseFixtureOptions = {}): PreparedRelease {
  const slash = id.lastIndexOf("/");
  const namespace = slash < 0 ? "" : id.slice(0, slash);
  const name = id.slice(slash + 1);
  const spec = fromPlain({ name, ...(o.needs === undefined ? {} : { needs: [...o.needs] }) });
  return preparedRelease({
    id,
    name,
    namespace,
    chart: o.chart ?? "repo/app",
    ...(o.version === undefined ? {} : { version: o.version }),
    needs: o.needs ?? [],
    ...(o.kubeContext === undefined ? {} : { kubeContext: o.kubeContext }),
    stateFile: "/s/helmfile.yaml",
    baseDir: o.baseDir ?? "/s",
    spec: isMap(spec) ? spec : newMap(),
  });
}
