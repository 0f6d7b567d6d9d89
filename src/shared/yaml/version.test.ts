import { goYamlVersionFromEnv } from "./version";

// helmfile's pkg/runtime: only the exact string "false" selects go-yaml v2.
describe("goYamlVersionFromEnv", () => {
  it("selects v2 only for HELMFILE_GO_YAML_V3=false", () => {
    expect(goYamlVersionFromEnv({ HELMFILE_GO_YAML_V3: "false" })).toBe("v2");
    expect(goYamlVersionFromEnv({ HELMFILE_GO_YAML_V3: "true" })).toBe("v3");
    expect(goYamlVersionFromEnv({ HELMFILE_GO_YAML_V3: "0" })).toBe("v3");
    expect(goYamlVersionFromEnv({})).toBe("v3");
  });
});
