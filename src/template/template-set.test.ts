import { parseTemplates, TemplateSet } from "./template-set";
import { renderTemplate, tryRenderTemplate } from "./render-template";
import { FuncError, fn, type FuncSpec } from "./types";

// A helm-style `include`: executes a named template of the same set and returns its output.
const include: FuncSpec = fn(["string", "interface {}"], ([name, data], ctx) =>
  ctx.executeTemplate(String(name), data ?? null),
);
const tpl: FuncSpec = fn(["string", "interface {}"], ([src, data], ctx) =>
  ctx.renderString(String(src), data ?? null),
);
const funcs = new Map([
  ["include", include],
  ["tpl", tpl],
]);

describe("TemplateSet", () => {
  it("lets a file call helpers defined in another file of the set", () => {
    const set = parseTemplates(
      [
        { name: "_helpers.tpl", source: '{{ define "name" }}app-{{ . }}{{ end }}' },
        { name: "values.yaml.gotmpl", source: 'name: {{ include "name" "web" }}' },
      ],
      { funcs },
    );
    expect(set.execute("values.yaml.gotmpl", null)).toBe("name: app-web");
  });

  it("reports include of an unknown template with Go's wording", () => {
    const r = tryRenderTemplate('{{ include "none" . }}', null, { name: "T", funcs });
    expect(r.ok ? "" : r.error.message).toBe(
      'template: T:1:3: executing "T" at <include "none" .>: error calling include: template: no template "none" associated with template "gotpl"',
    );
  });

  it("renders strings through the set so their defines become visible (tpl)", () => {
    expect(
      renderTemplate('{{ tpl "{{ define \\"x\\" }}D{{ . }}{{ end }}{{ template \\"x\\" 1 }}" . }}', null, {
        name: "T",
        funcs,
      }),
    ).toBe("D1");
  });

  it("keeps defines made by rendered strings out of the calling set, like helm's tpl clone", () => {
    const r = tryRenderTemplate('{{ tpl "{{ define \\"x\\" }}D{{ end }}" . }}{{ template "x" }}', null, {
      name: "T",
      funcs,
    });
    expect(r.ok ? "" : r.error.message).toContain('template "x" not defined');
  });

  it("replaces a template only with a non-empty redefinition from a later file", () => {
    const set = new TemplateSet()
      .parse("a", '{{ define "x" }}1{{ end }}')
      .parse("b", '{{ define "x" }}  {{ end }}{{ define "y" }}{{ template "x" }}{{ end }}');
    expect(set.execute("y", null)).toBe("1");
  });

  it("wraps function errors as Go's `error calling NAME:`", () => {
    const boom = new Map([
      [
        "boom",
        fn([], () => {
          throw new FuncError("bad input");
        }),
      ],
    ]);
    const r = tryRenderTemplate("x\n{{ boom }}", null, { name: "f.gotmpl", funcs: boom });
    expect(r.ok ? null : [r.error.message, r.error.code, r.error.line, r.error.column]).toEqual([
      'template: f.gotmpl:2:3: executing "f.gotmpl" at <boom>: error calling boom: bad input',
      "TEMPLATE_FUNC_ERROR",
      2,
      4,
    ]);
  });
});
