import { GoTemplateError } from "../../errors";
import { renderTemplate } from "../../render-template";
import { sprigFunctions } from "../sprig/index";
import { withHelmfileFunctions } from "../helmfile/functions";
import { withHelmFunctions } from "./index";
import type { FuncMap } from "../../types";

// helm's engine.go (and helmfile's tmpl include) allow an included name to be active at most
// 1001 times: the 1002nd nested call fails with "rendering template has a nested reference
// name: NAME: unable to execute template". Checked with helm 4.1.4: N=1000 renders, N=1001 fails.
function recursive(n: number): string {
  return `{{ define "r" }}x{{ if lt . ${n} }}{{ include "r" (add . 1) }}{{ end }}{{ end }}{{ include "r" 0 }}`;
}

function run(source: string, funcs: FuncMap): string {
  try {
    return renderTemplate(source, null, { name: "t", funcs });
  } catch (e) {
    // Go's message nests one "error calling include: …" per level; the cause is at the end.
    if (e instanceof GoTemplateError) return `ERR ${e.message}`;
    throw e;
  }
}

describe.each([
  ["helm", withHelmFunctions(sprigFunctions())],
  ["helmfile", withHelmfileFunctions(sprigFunctions())],
])("%s include nesting", (_family, funcs) => {
  // A cold engine under jest (deeper base stack, unoptimised frames) reaches 500–800 levels; a plain node process reaches
  // helm's 1000. Past the JavaScript stack, the error is helm's recursion message (below).
  it("renders a recursive helper nested 500 levels deep", () => {
    expect(run(recursive(500), funcs)).toBe("x".repeat(501));
  });

  it("stops at the 1002nd nested include of one name with helm's message", () => {
    expect(run(recursive(1001), funcs)).toMatch(
      /^ERR template: t:1:\d+: executing "t" at <include "r" .*error calling include: rendering template has a nested reference name: r: unable to execute template$/,
    );
  });

  it("reports the same message for unbounded recursion instead of a stack overflow", () => {
    const src = `{{ define "r" }}{{ include "r" . }}{{ end }}{{ include "r" 0 }}`;
    expect(run(src, funcs)).toMatch(
      /^ERR template: t:1:\d+: executing "t" at <include "r" .*error calling include: rendering template has a nested reference name: r: unable to execute template$/,
    );
  });
});
