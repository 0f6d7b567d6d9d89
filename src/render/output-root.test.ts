import type { PreparedRelease } from "../shared/model";
import { newMap } from "../shared/value";
import { preparedRelease } from "../../tests/support/model-fixtures";
import { confineOutputPath, outputRootOf } from "./output-root";
import { fetchOutputDir, templateOutputDir, writeValuesFile } from "./path-templates";
import { tempChartDir } from "./adhoc-dependencies";
import { thrownCode } from "../../tests/support/error-code";

const release = (extra: Partial<PreparedRelease> = {}): PreparedRelease => preparedRelease(extra);
const env = { name: "default", kubeContext: "", values: newMap() };
const code = thrownCode;

describe("output paths stay inside their root", () => {
  test("the root is the template's literal directory, the output dir, or the base dir", () => {
    expect(outputRootOf("", "/p", "", "out")).toBe("/p/out");
    expect(outputRootOf("{{ .OutputDir }}/{{ .Release.Name }}", "/p", "o", "o")).toBe("/p/o");
    expect(outputRootOf("/tmp/values/{{ .Release.Name }}.yaml", "/p", "", ".")).toBe("/tmp/values");
    expect(outputRootOf("v-{{ .Release.Name }}.yaml", "/p", "", ".")).toBe("/p");
  });

  test("a release name with .. is refused by write-values, default template or custom", () => {
    const r = release({ name: "../../outside/pwned" });
    expect(code(() => writeValuesFile(r, env))).toBe("OUTPUT_PATH_OUTSIDE_ROOT");
    expect(code(() => writeValuesFile(r, env, "{{ .Release.Name }}.yaml"))).toBe("OUTPUT_PATH_OUTSIDE_ROOT");
    expect(() => writeValuesFile(r, env, "{{ .Release.Name }}.yaml")).toThrow(
      /release "\.\.\/\.\.\/outside\/pwned": write-values --output-file-template .*field name/,
    );
  });

  test("a namespace with .. is refused by template and fetch output dirs; names inside stay accepted", () => {
    const r = release({ namespace: "../../outside" });
    const tpl = "{{ .OutputDir }}/{{ .Release.Namespace }}/{{ .Release.Name }}";
    expect(code(() => templateOutputDir("/p/out", r, env, tpl))).toBe("OUTPUT_PATH_OUTSIDE_ROOT");
    expect(code(() => fetchOutputDir("c", "/p/charts", r, env))).toBe("OUTPUT_PATH_OUTSIDE_ROOT");
    expect(templateOutputDir("/p/out", release({ namespace: "a/b" }), env, tpl)).toBe("/p/out/a/b/app");
    expect(code(() => fetchOutputDir("..", "/p/charts", release({ name: "x" }), env))).toBeUndefined();
  });

  test("a NUL byte in a field is refused with its own code", () => {
    expect(code(() => writeValuesFile(release({ name: "a\0b" }), env))).toBe("OUTPUT_PATH_INVALID");
  });

  test("the temporary chart directory must lie strictly below its root", () => {
    expect(tempChartDir(release(), "/tmp/c")).toBe("/tmp/c/ns/app");
    expect(code(() => tempChartDir(release({ namespace: "", name: "." }), "/tmp/c"))).toBe(
      "OUTPUT_PATH_OUTSIDE_ROOT",
    );
    expect(code(() => tempChartDir(release({ namespace: "..", name: ".." }), "/tmp/c"))).toBe(
      "OUTPUT_PATH_OUTSIDE_ROOT",
    );
  });

  test("confineOutputPath returns the path unchanged when inside", () => {
    expect(confineOutputPath("a/b.yaml", "/p", "/p", release(), { what: "x", fields: {} })).toBe("a/b.yaml");
  });
});
