/** Vectors `envvars`: CLI flag > `HELMFILE_*` environment variable > default. */
import { globalSetting, type GlobalSettingName } from "../../cli/global-settings";
import { readEnvSettings } from "../../shared/settings";
import type { Vector, VectorFile } from "./types";

/** Runs one envvars vector. */
export function envvars(v: Vector, _f: VectorFile): true | string {
  if (v.function !== "globalSetting") return `unknown function ${String(v.function)}`;
  const input = v.input as {
    setting: GlobalSettingName;
    flag: string | boolean | number;
    env: Record<string, string>;
  };
  const got = globalSetting(input.setting, input.flag, readEnvSettings(input.env, "/home/user").helmfile);
  return got === v.expected ? true : `expected ${JSON.stringify(v.expected)}, got ${JSON.stringify(got)}`;
}
