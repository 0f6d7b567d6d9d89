import { readFileSync } from "node:fs";
import { globalSetting, type GlobalSettingName } from "./global-settings";
import { readEnvSettings } from "../shared/settings";
import { corpusPath } from "../../tests/support/corpus";

interface EnvVector {
  id: string;
  input: { setting: GlobalSettingName; flag: string | boolean | number; env: Record<string, string> };
  expected: string | boolean | number;
}

const corpus = corpusPath("helmfile", "vectors", "envvars.json");
const vectors = (JSON.parse(readFileSync(corpus, "utf8")) as { vectors: EnvVector[] }).vectors;

describe("a CLI flag wins over HELMFILE_* variables, which win over defaults", () => {
  test.each(vectors.map((v) => [v.id, v] as const))("%s", (_id, v) => {
    expect(
      globalSetting(v.input.setting, v.input.flag, readEnvSettings(v.input.env, "/home/u").helmfile),
    ).toBe(v.expected);
  });

  test("the environment defaults to default", () => {
    expect(globalSetting("Environment", "", readEnvSettings({}, "/home/u").helmfile)).toBe("default");
    expect(
      globalSetting("Environment", "", readEnvSettings({ HELMFILE_ENVIRONMENT: "prod" }, "/home/u").helmfile),
    ).toBe("prod");
  });
});
