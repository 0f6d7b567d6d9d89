/**
 * Template failures read as helmfile prints them:
 * - helmfile parses every template into `template.New("stringTemplate")` (pkg/tmpl/context_tmpl.go
 *   newTemplate), so Go's text/template names it in `template: stringTemplate:L:C: executing
 *   "stringTemplate" at <node>: …`, where C is the 0-based byte offset in the line
 *   (text/template/parse Tree.ErrorContext) of the node (for a field chain, its first `.x` after
 *   the head; for `{{template "t"}}`, the name token: parse.go templateControl);
 * - a state part is wrapped `error during <file>.part.<n> parsing: %v`
 *   (pkg/app/desired_state_file_loader.go load) and the file `in ./<file>: %v`;
 * - a release values file is wrapped `failed to render values files "<path>": failed to render
 *   [<path>], because of %v` (pkg/state/state.go generateTemporaryReleaseValuesFilesCore,
 *   pkg/tmpl/file_renderer.go RenderToBytes).
 */
import { isHelmfileError } from "../shared/errors";
import { loadDesiredState } from "./load-desired-state";
import { MemoryFileSystem } from "./memory-fs";

function failure(
  files: Record<string, string>,
  file: string,
  templateDepth?: number,
): { message: string; column?: number } {
  try {
    loadDesiredState(
      { cwd: "/w", file, ...(templateDepth === undefined ? {} : { limits: { templateDepth } }) },
      { fs: new MemoryFileSystem(files), env: {} },
    );
  } catch (err) {
    if (isHelmfileError(err))
      return { message: err.message, ...(err.column === undefined ? {} : { column: err.column }) };
    throw err;
  }
  throw new Error("expected a failure");
}

describe("template error messages", () => {
  test("a failing state template carries Go's stringTemplate location with a 0-based column", () => {
    const r = failure(
      { "/w/helmfile.yaml.gotmpl": "releases:\n- name: a\n  chart: c/c\n  namespace: {{ .Values.x.y }}\n" },
      "helmfile.yaml.gotmpl",
    );
    expect(r.message).toBe(
      'in ./helmfile.yaml.gotmpl: error during helmfile.yaml.gotmpl.part.0 parsing: template: stringTemplate:4:23: executing "stringTemplate" at <.Values.x.y>: map has no entry for key "x"',
    );
    // The structured column stays 1-based for editors.
    expect(r.column).toBe(24);
  });

  test("a failing release values template is chained like helmfile's values file rendering", () => {
    const r = failure(
      {
        "/w/helmfile.yaml": "releases:\n- name: a\n  chart: c/c\n  values:\n  - v.yaml.gotmpl\n",
        "/w/v.yaml.gotmpl": 'x: {{ fail "boom" }}\n',
      },
      "helmfile.yaml",
    );
    expect(r.message).toBe(
      'in ./helmfile.yaml: failed to render values files "v.yaml.gotmpl": failed to render [v.yaml.gotmpl], because of template: stringTemplate:1:6: executing "stringTemplate" at <fail "boom">: error calling fail: boom',
    );
  });

  test("the template depth limit is reported at the calling {{template}} node (Go's walkTemplate)", () => {
    const state =
      'releases:\n- name: a\n  chart: c/c\n  namespace: {{ template "t" . }}\n{{ define "t" }}{{ template "t" . }}{{ end }}\n';
    const expected =
      'in ./helmfile.yaml.gotmpl: error during helmfile.yaml.gotmpl.part.0 parsing: template: stringTemplate:5:28: executing "t" at <{{template "t" .}}>: exceeded maximum template depth (LIMIT)';
    expect(failure({ "/w/helmfile.yaml.gotmpl": state }, "helmfile.yaml.gotmpl", 50).message).toBe(
      expected.replace("LIMIT", "50"),
    );
    // Go's own limit is deeper than the JavaScript stack: the same message once the stack runs out.
    expect(failure({ "/w/helmfile.yaml.gotmpl": state }, "helmfile.yaml.gotmpl").message).toBe(
      expected.replace("LIMIT", "100000"),
    );
  });
});
