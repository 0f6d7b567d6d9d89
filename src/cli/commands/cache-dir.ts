/** Where the CLI keeps its render cache, and whether it uses one. */
import { resolve } from "node:path";
import type { EnvSettings } from "../../shared/settings";
import { flagString, type FlagValues } from "../parse-args";

/**
 * The cache directory, or undefined when caching is off. Caching is on by default (it never
 * changes the output: the key covers every input of `helm template`); `--cache=false` or
 * `PULUMI_HELMFILE_CACHE=0|false` turns it off, `--cache-dir DIR` moves it.
 */
export function renderCacheDir(
  flags: FlagValues,
  cache: EnvSettings["renderCache"],
  cwd: string,
): string | undefined {
  const off = flags.cache === false || (flags.cache !== true && cache.disabled);
  if (off) return undefined;
  const dir = flagString(flags, "cache-dir");
  return dir !== undefined && dir !== "" ? resolve(cwd, dir) : cache.dir;
}
