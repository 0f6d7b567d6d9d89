import type { PreparedRelease } from "../shared/model";
import { newMap } from "../shared/value";
import { preparedRelease } from "../../tests/support/model-fixtures";
import { fetchOutputDir, templateOutputDir, writeValuesFile } from "./path-templates";

const release = (extra: Partial<PreparedRelease> = {}): PreparedRelease =>
  preparedRelease({ stateFile: "/path/to/helmfile.yaml", baseDir: "/path/to", ...extra });
const env = { name: "prod", kubeContext: "", values: newMap() };

describe("helmfile's path templates", () => {
  test("template --output-dir defaults to <dir>/<state base>-<sha1 of the state path>-<release>", () => {
    // sha1("/path/to/helmfile.yaml") starts with e0e49436 (printf '%s' /path/to/helmfile.yaml | sha1sum).
    expect(templateOutputDir("out", release(), env)).toBe("out/helmfile-e0e49436-app");
  });

  test("fetch defaults to <dir>/<namespace>/[<context>/]<release>/<chart>/<version or latest>", () => {
    expect(fetchOutputDir("raw", "/o", release(), env)).toBe("/o/ns/app/raw/latest");
    expect(
      fetchOutputDir("raw", "/o", release({ namespace: "", kubeContext: "kind", version: "1.0.0" }), env),
    ).toBe("/o/kind/app/raw/1.0.0");
  });

  test("write-values defaults to <state base>-<sha1>/<release>.yaml; custom templates see the environment", () => {
    expect(writeValuesFile(release(), env)).toBe("helmfile-e0e49436/app.yaml");
    expect(writeValuesFile(release(), env, "{{ .Environment.Name }}/{{ .Release.Name }}.yaml")).toBe(
      "prod/app.yaml",
    );
  });
});
