/**
 * `helmDefaults.postRendererArgs` are rendered once per release with the release's template
 * data (`.Release.Name` …), as helmfile does when a release and the command line give no
 * post-renderer args of their own. The state template has already run; this is the second,
 * per-release pass.
 */
import { isHelmfileError, LoadError } from "../shared/errors";
import type { LoaderContext } from "./loader-context";
import { dirName } from "./paths";
import type { ReleaseSpec, StateSpec } from "./schema";
import { renderGoTemplate, renderOptions } from "./template-bridge";
import { releaseTemplateData } from "./template-data";
import type { EnvironmentLayers } from "../merge/index";
import type { ValueMap } from "../shared/value";
import type { StateOverrides } from "./template-data";

/** The parts of a state a release is rendered against (a subset of release-prepare's view). */
export interface DefaultArgsStateView {
  readonly absFile: string;
  readonly spec: StateSpec;
  readonly env: EnvironmentLayers;
  readonly values: ValueMap;
  readonly overrides: StateOverrides;
}

/** The rendered `helmDefaults.postRendererArgs` for one release; empty when none are set. */
export function renderDefaultPostRendererArgs(
  ctx: LoaderContext,
  st: DefaultArgsStateView,
  release: ReleaseSpec,
): string[] {
  const args = st.spec.helmDefaults?.postRendererArgs ?? [];
  if (args.length === 0) return [];
  const data = releaseTemplateData(
    st.env,
    {
      name: release.name ?? "",
      namespace: release.namespace ?? "",
      labels: release.labels ?? {},
      chart: release.chart ?? "",
      version: release.version ?? "",
      kubeContext: release.kubeContext ?? "",
    },
    st.values,
    st.overrides,
  );
  return args.map((arg) => {
    try {
      return renderGoTemplate(arg, data, {
        name: `${st.absFile}: helmDefaults.postRendererArgs`,
        ...renderOptions(ctx, dirName(st.absFile)),
      });
    } catch (err) {
      const detail = isHelmfileError(err) ? err.detail : err instanceof Error ? err.message : String(err);
      throw new LoadError(
        "LOAD_RELEASE_TEMPLATE",
        `failed rendering postRendererArg "${arg}" for release "${release.name ?? ""}": ${detail}`,
        { file: st.absFile, keyPath: ["helmDefaults", "postRendererArgs"], cause: err },
      );
    }
  });
}
