/**
 * Where the chartify programs are (src/render/chartify.ts): `pulumi-helmfile-chartify` and the
 * default `kustomize`, both built by scripts/build-chartify.sh into the engine's cache.
 */
import { isAbsolute, join, resolve } from "node:path";
import type { ChartifyTools } from "../render/chartify";
import type { EnvSettings } from "../shared/settings";
import { executable, searchPath } from "./find-helm";

/**
 * `pulumi-helmfile-chartify`: `PULUMI_HELMFILE_CHARTIFY`, else the cache's (under
 * `PULUMI_HELMFILE_PULUMI_ROOT`, else `~/.cache/pulumi-helmfile`), else on `PATH`.
 * `kustomize` (when the state and flags leave helmfile's default `kustomize`):
 * `PULUMI_HELMFILE_KUSTOMIZE`, else `kustomize` on `PATH` (as helmfile), else the cache's.
 */
export function chartifyTools(settings: Pick<EnvSettings, "env" | "tools">, cwd: string): ChartifyTools {
  const named = (v: string | undefined): string | undefined =>
    v === undefined || v === "" ? undefined : executable(isAbsolute(v) ? v : resolve(cwd, v));
  const bin = settings.tools.cacheBin;
  const path = settings.env.PATH ?? "";
  return {
    chartify:
      named(settings.tools.chartify) ??
      executable(join(bin, "pulumi-helmfile-chartify")) ??
      searchPath("pulumi-helmfile-chartify", path),
    // Found on PATH, it is passed by name, as helmfile passes it (chartify's commands show it so).
    kustomize:
      named(settings.tools.kustomize) ??
      (searchPath("kustomize", path) === undefined ? undefined : "kustomize") ??
      executable(join(bin, "kustomize")) ??
      "kustomize",
  };
}
