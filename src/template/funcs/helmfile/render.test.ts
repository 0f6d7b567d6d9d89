import type { FileSystem } from "../../../shared/io";
import { fromPlain } from "../../../shared/value";
import type { GoValue } from "../../types";
import { renderHelmfileTemplate } from "./render";

// Expectations follow helmfile's pkg/tmpl tests (context_tmpl_test.go) and its e2e tmpl tests.

function memoryFs(files: Record<string, string>): FileSystem {
  return {
    readFile: (p) => files[p] ?? "",
    readBytes: (p) => Buffer.from(files[p] ?? ""),
    exists: (p) => p in files,
    isDirectory: () => false,
    isFile: (p) => p in files,
    readDir: () => [],
    glob: (pattern) => {
      const re = new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*")}$`);
      return Object.keys(files)
        .filter((f) => re.test(f))
        .sort();
    },
  };
}

const data = (v: unknown): GoValue => fromPlain(v) as GoValue;

describe("renderHelmfileTemplate", () => {
  it("includes defines from _*.tpl helpers in the base path", () => {
    const env = {
      basePath: "/helmfile",
      fs: memoryFs({ "/helmfile/_template1.tpl": '{{- define "name" -}}\n{{ .Name }}\n{{- end }}' }),
    };
    expect(renderHelmfileTemplate('Hello, {{ include "name" . }}!', data({ Name: "Alice" }), { env })).toBe(
      "Hello, Alice!",
    );
  });

  it("fails on a missing key (missingkey=error) but not in the pre-render pass", () => {
    expect(() => renderHelmfileTemplate("{{ .a }}", data({ foot: "bart" }), { env: {} })).toThrow(
      'map has no entry for key "a"',
    );
    expect(renderHelmfileTemplate("[{{ .a }}]", data({}), { env: {}, functions: { preRender: true } })).toBe(
      "[<no value>]",
    );
  });

  it("renders tpl with the same functions and data", () => {
    expect(
      renderHelmfileTemplate('{{ . | tpl "{{ .root | upper }}" }}', data({ root: "tplvalue" }), { env: {} }),
    ).toBe("TPLVALUE");
    // tpl renders with missingkey=error too, so the missing key is Go's error inside tpl's.
    expect(() => renderHelmfileTemplate('{{ . | tpl "{{ .root }}" }}', data({}), { env: {} })).toThrow(
      'error calling tpl: template: stringTemplate:1:3: executing "stringTemplate" at <.root>: map has no entry for key "root"',
    );
  });

  it("prints nil from getOrNil as <no value>", () => {
    expect(renderHelmfileTemplate('bar: {{ . | getOrNil "foo.bar" }}', data({}), { env: {} })).toBe(
      "bar: <no value>",
    );
  });

  it("keeps sprig's get reachable as sprigGet", () => {
    expect(renderHelmfileTemplate('{{ sprigGet (dict "a" "b") "a" }}', null, { env: {} })).toBe("b");
  });

  it("reports a helper that does not parse with its file name", () => {
    const env = { basePath: "/h", fs: memoryFs({ "/h/_bad.tpl": "{{ if }}" }) };
    expect(() => renderHelmfileTemplate("x", null, { env })).toThrow(
      "failed to parse helper template /h/_bad.tpl",
    );
  });
});
