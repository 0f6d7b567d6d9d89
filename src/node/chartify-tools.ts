/**
 * Where the chartify programs are (src/render/chartify.ts): `pulumi-helmfile-chartify` and the
 * default `kustomize`, both built by scripts/build-chartify.sh into the engine's cache.
 */
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import type { Environment } from "../shared/io";
import type { ChartifyTools } from "../render/chartify";
import { executable, searchPath } from "./find-helm";

function cacheBin(env: Environment): string {
  const root = env.PULUMI_HELMFILE_PULUMI_ROOT || join(homedir(), ".cache", "pulumi-helmfile");
  return join(root, "bin");
}

/**
 * `pulumi-helmfile-chartify`: `PULUMI_HELMFILE_CHARTIFY`, else the cache's (under
 * `PULUMI_HELMFILE_PULUMI_ROOT`, else `~/.cache/pulumi-helmfile`), else on `PATH`.
 * `kustomize` (when the state and flags leave helmfile's default `kustomize`):
 * `PULUMI_HELMFILE_KUSTOMIZE`, else `kustomize` on `PATH` (as helmfile), else the cache's.
 */
export function chartifyTools(env: Environment, cwd: string): ChartifyTools {
  const named = (v: string | undefined): string | undefined =>
    v === undefined || v === "" ? undefined : executable(isAbsolute(v) ? v : resolve(cwd, v));
  const bin = cacheBin(env);
  const path = env.PATH ?? "";
  return {
    chartify:
      named(env.PULUMI_HELMFILE_CHARTIFY) ??
      executable(join(bin, "pulumi-helmfile-chartify")) ??
      searchPath("pulumi-helmfile-chartify", path),
    // Found on PATH, it is passed by name, as helmfile passes it (chartify's commands show it so).
    kustomize:
      named(env.PULUMI_HELMFILE_KUSTOMIZE) ??
      (searchPath("kustomize", path) === undefined ? undefined : "kustomize") ??
      executable(join(bin, "kustomize")) ??
      "kustomize",
  };
}
