/** Where the CLI keeps its render cache, and whether it uses one. */
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import type { Environment } from "../../shared/io";
import { flagString, type FlagValues } from "../parse-args";

/** `PULUMI_HELMFILE_CACHE_DIR`, else `${XDG_CACHE_HOME:-~/.cache}/pulumi-helmfile/render`. */
export function defaultCacheDir(env: Environment): string {
  const explicit = env.PULUMI_HELMFILE_CACHE_DIR;
  if (explicit !== undefined && explicit !== "") return explicit;
  const xdg = env.XDG_CACHE_HOME;
  const base = xdg !== undefined && xdg !== "" ? xdg : join(env.HOME ?? homedir(), ".cache");
  return join(base, "pulumi-helmfile", "render");
}

/**
 * The cache directory, or undefined when caching is off. Caching is on by default (it never
 * changes the output: the key covers every input of `helm template`); `--cache=false` or
 * `PULUMI_HELMFILE_CACHE=0|false` turns it off, `--cache-dir DIR` moves it.
 */
export function renderCacheDir(flags: FlagValues, env: Environment, cwd: string): string | undefined {
  const envSetting = env.PULUMI_HELMFILE_CACHE;
  const off =
    flags.cache === false || (flags.cache !== true && (envSetting === "0" || envSetting === "false"));
  if (off) return undefined;
  const dir = flagString(flags, "cache-dir");
  return dir !== undefined && dir !== "" ? resolve(cwd, dir) : defaultCacheDir(env);
}
