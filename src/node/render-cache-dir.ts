/** Where the render cache lives by default, shared by the CLI and the component's default pipeline. */
import { homedir } from "node:os";
import { join } from "node:path";
import type { Environment } from "../shared/io";

/** `PULUMI_HELMFILE_CACHE_DIR`, else `${XDG_CACHE_HOME:-~/.cache}/pulumi-helmfile/render`. */
export function defaultCacheDir(env: Environment): string {
  const explicit = env.PULUMI_HELMFILE_CACHE_DIR;
  if (explicit !== undefined && explicit !== "") return explicit;
  const xdg = env.XDG_CACHE_HOME;
  const base = xdg !== undefined && xdg !== "" ? xdg : join(env.HOME ?? homedir(), ".cache");
  return join(base, "pulumi-helmfile", "render");
}

/** `PULUMI_HELMFILE_CACHE=0|false` turns the render cache off. */
export function renderCacheDisabled(env: Environment): boolean {
  const setting = env.PULUMI_HELMFILE_CACHE;
  return setting === "0" || setting === "false";
}
