/** Which go-yaml major version helmfile uses, from its environment. */
import type { Environment } from "../io";
import type { GoYamlVersion } from "./resolve";

/** helmfile's rule: `HELMFILE_GO_YAML_V3=false` selects v2; `true`, unset or anything else selects v3. */
export function goYamlVersionFromEnv(environ: Environment): GoYamlVersion {
  return environ["HELMFILE_GO_YAML_V3"] === "false" ? "v2" : "v3";
}
