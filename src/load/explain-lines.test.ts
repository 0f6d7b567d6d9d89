/**
 * Line attribution of explainValue over varied layered states: for every query the expected
 * file, line and layer are read off the files below (the line that writes the key in the file
 * that sets the value last in helmfile's order), not from our output. The order is helmfile's
 * documented pipeline (docs/values-merging-and-data-flow.md; create.go loadEnvValues,
 * desired_state_file_loader.go renderAndLoad, environment.go GetMergedValues): bases' root
 * `values:` < the file's < environment `values:` files in order (HCL after the YAML pass) <
 * secrets; each `---` part's environment is laid over the parts before it and the
 * `--state-values-file` / sub-helmfile `values:` layer; `--state-values-set` last. Each case's
 * merged value was also checked once against helmfile v1.8.0's `build` (renderedvalues).
 * For `.gotmpl` files the expected line is the template's own line (see docs/explain.md).
 */
import { explainValue } from "../merge/explain/explain-value";
import type { LoadDesiredStateOptions } from "./load-desired-state";
import { loadDesiredState } from "./load-desired-state";
import { MemoryFileSystem } from "./memory-fs";

/** A file from its lines (line n of the file is lines[n - 1]). */
const text = (...lines: string[]): string => `${lines.join("\n")}\n`;

interface Expect {
  readonly value: unknown;
  readonly file: string;
  readonly line: number | null;
  readonly layer: string;
}

function explainAll(
  files: Record<string, string>,
  options: Partial<LoadDesiredStateOptions>,
  queries: Record<string, Expect>,
  stateFile?: string,
): void {
  const fs = new MemoryFileSystem(files);
  const state = loadDesiredState(
    { cwd: "/w", explain: true, releaseValues: false, allowNoMatchingRelease: true, ...options },
    { fs, env: {} },
  );
  for (const [key, want] of Object.entries(queries)) {
    const r = explainValue(state, { key, ...(stateFile === undefined ? {} : { stateFile }) }, { fs });
    expect({ key, exact: r.exact, value: r.value, ...r.source }).toEqual({ key, exact: true, ...want });
    // The winner is the chain's last step and carries the same source.
    expect(r.chain.at(-1)).toMatchObject({ file: want.file, line: want.line, layer: want.layer });
  }
}

function explainRelease(
  files: Record<string, string>,
  options: Partial<LoadDesiredStateOptions>,
  release: string,
  queries: Record<string, Expect>,
): void {
  const fs = new MemoryFileSystem(files);
  const state = loadDesiredState({ cwd: "/w", explain: true, ...options }, { fs, env: {} });
  for (const [key, want] of Object.entries(queries)) {
    const r = explainValue(state, { key, release }, { fs });
    expect({ key, value: r.value, ...r.source }).toEqual({ key, ...want });
    expect(r.chain.at(-1)).toMatchObject({ file: want.file, line: want.line, layer: want.layer });
  }
}

/** A local chart whose values.yaml holds `defaults` (its lines as given). */
const chart = (...defaults: string[]): Record<string, string> => ({
  "/w/chart/Chart.yaml": text("apiVersion: v2", "name: chart", "version: 0.1.0"),
  "/w/chart/values.yaml": text(...defaults),
  "/w/chart/templates/values.yaml": text("# {{ toJson .Values }}"),
});

describe("explainValue: the winning file and line", () => {
  it("counts lines from the file's start in a later `---` part", () => {
    explainAll(
      {
        "/w/helmfile.yaml": text(
          "# settings first", // 1
          "helmDefaults:", // 2
          "  wait: false", // 3
          "---", // 4
          "values:", // 5
          "- a: 1", // 6
          "  nested:", // 7
          "    b: root", // 8
          "---", // 9
          "environments:", // 10
          "  default:", // 11
          "    values:", // 12
          "    - nested:", // 13
          "        b: env", // 14
        ),
      },
      {},
      {
        a: { value: 1, file: "helmfile.yaml", line: 6, layer: "root values" },
        "nested.b": { value: "env", file: "helmfile.yaml", line: 14, layer: "environment values 1 (inline)" },
      },
    );
  });

  it("maps a .gotmpl environment file whose `{{- if }}` drops lines back to the template's lines", () => {
    explainAll(
      {
        "/w/helmfile.yaml": text("environments:", "  prod:", "    values:", "    - env/prod.yaml.gotmpl"),
        "/w/env/prod.yaml.gotmpl": text(
          "# header", // 1
          '{{- if eq .Environment.Name "prod" }}', // 2
          "replicas: 5", // 3
          "{{- else }}", // 4
          "replicas: 1", // 5
          "{{- end }}", // 6
          "image:", // 7
          "  tag: {{ .Environment.Name }}-x", // 8
        ),
      },
      { environment: "prod" },
      {
        replicas: { value: 5, file: "env/prod.yaml.gotmpl", line: 3, layer: "environment values file 1" },
        "image.tag": {
          value: "prod-x",
          file: "env/prod.yaml.gotmpl",
          line: 8,
          layer: "environment values file 1",
        },
      },
    );
  });

  it("maps list items a `range` produced to the template line that writes the key", () => {
    explainAll(
      {
        "/w/helmfile.yaml": text("environments:", "  default:", "    values:", "    - servers.yaml.gotmpl"),
        "/w/servers.yaml.gotmpl": text(
          "servers:", // 1
          '{{- range $i, $n := list "a" "b" "c" }}', // 2
          "- name: {{ $n }}", // 3
          "  port: {{ add 8000 $i }}", // 4
          "{{- end }}", // 5
          "after: true", // 6
        ),
      },
      {},
      {
        "servers[1].port": {
          value: 8001,
          file: "servers.yaml.gotmpl",
          line: 4,
          layer: "environment values file 1",
        },
        "servers[2].name": {
          value: "c",
          file: "servers.yaml.gotmpl",
          line: 3,
          layer: "environment values file 1",
        },
        after: { value: true, file: "servers.yaml.gotmpl", line: 6, layer: "environment values file 1" },
      },
    );
  });

  it("names the base, and the base's environment file, that set a value", () => {
    explainAll(
      {
        "/w/bases/common.yaml": text(
          "values:", // 1
          "- team: platform", // 2
          "  region: eu", // 3
          "environments:", // 4
          "  prod:", // 5
          "    values:", // 6
          "    - env/base-prod.yaml", // 7 (relative to the including file)
        ),
        "/w/bases/more.yaml": text("values:", "- region: us", "  tier: gold"),
        "/w/env/base-prod.yaml": text("# from the base", "size: large", "tier: silver"),
        "/w/env/prod.yaml": text("size: xl"),
        "/w/helmfile.yaml": text(
          "bases:",
          "- bases/common.yaml",
          "- bases/more.yaml",
          "environments:",
          "  prod:",
          "    values:",
          "    - env/prod.yaml",
        ),
      },
      { environment: "prod" },
      {
        team: { value: "platform", file: "bases/common.yaml", line: 2, layer: "base 1 root values" },
        region: { value: "us", file: "bases/more.yaml", line: 2, layer: "base 2 root values" },
        // An environment value beats every root value, the base's environment file included.
        tier: {
          value: "silver",
          file: "env/base-prod.yaml",
          line: 3,
          layer: "base 1 environment values file 1",
        },
        size: { value: "xl", file: "env/prod.yaml", line: 1, layer: "environment values file 1" },
      },
    );
  });

  it("names the last HCL file that defines an attribute, over the YAML files", () => {
    explainAll(
      {
        "/w/helmfile.yaml": text(
          "environments:",
          "  default:",
          "    values:",
          "    - a.hcl",
          "    - yaml.yaml",
          "    - b.hcl",
        ),
        "/w/yaml.yaml": text("port: 1", "host: yaml", "only: yaml"),
        "/w/a.hcl": text("values {", '  host = "a"', "  port = 2", "}"),
        "/w/b.hcl": text("values {", "", '  host = "b"', "}"),
      },
      {},
      {
        host: { value: "b", file: "b.hcl", line: 3, layer: "HCL" },
        port: { value: 2, file: "a.hcl", line: 3, layer: "HCL" },
        only: { value: "yaml", file: "yaml.yaml", line: 3, layer: "environment values file 2" },
      },
    );
  });

  it("follows list indices through a sparse list and nested maps", () => {
    explainAll(
      {
        "/w/helmfile.yaml": text(
          "values:", // 1
          "- a:", // 2
          "    b:", // 3
          "    - c: root0", // 4
          "    - c: root1", // 5
          "      d: keep", // 6
          "environments:", // 7
          "  default:", // 8
          "    values:", // 9
          "    - env.yaml", // 10
        ),
        "/w/env.yaml": text("a:", "  b:", "  - null", "  - c: env1"),
      },
      {},
      {
        "a.b[0].c": { value: "root0", file: "helmfile.yaml", line: 4, layer: "root values" },
        "a.b[1].c": { value: "env1", file: "env.yaml", line: 4, layer: "environment values file 1" },
      },
    );
  });

  it("reads quoted keys holding dots", () => {
    explainAll(
      {
        "/w/helmfile.yaml": text(
          "values:",
          "- annotations:",
          '    "example.com/owner": root',
          "    plain: root",
          "environments:",
          "  default:",
          "    values:",
          "    - env.yaml",
        ),
        "/w/env.yaml": text("annotations:", "  plain: env", "  example.com/owner: env"),
      },
      {},
      {
        'annotations."example.com/owner"': {
          value: "env",
          file: "env.yaml",
          line: 3,
          layer: "environment values file 1",
        },
        "annotations['plain']": {
          value: "env",
          file: "env.yaml",
          line: 2,
          layer: "environment values file 1",
        },
      },
    );
  });

  it("records --state-values-file files (YAML and .gotmpl) as layers, below --state-values-set", () => {
    explainAll(
      {
        "/w/helmfile.yaml": text(
          "values:",
          "- a: root",
          "  b: root",
          "  c: root",
          "environments:",
          "  default:",
          "    values:",
          "    - a: env",
          "---",
          "releases: []",
        ),
        "/w/over.yaml": text("# overrides", "a: file", "b: file"),
        "/w/over2.yaml.gotmpl": text("{{- /* drops this line */}}", "", 'b: {{ printf "%s" "tmpl" }}'),
      },
      { stateValuesFiles: ["over.yaml", "over2.yaml.gotmpl"], stateValuesSet: ["c=cli"] },
      {
        // The environment lives in the first part; the overrides are laid over it for the second.
        a: { value: "file", file: "over.yaml", line: 2, layer: "CLI --state-values-file 1" },
        b: { value: "tmpl", file: "over2.yaml.gotmpl", line: 3, layer: "CLI --state-values-file 2" },
        c: { value: "cli", file: "--state-values-set c=cli", line: null, layer: "CLI --state-values-set" },
      },
    );
  });

  it("lets the environment of the same part win over --state-values-file", () => {
    explainAll(
      {
        "/w/helmfile.yaml": text(
          "environments:",
          "  default:",
          "    values:",
          "    - a: env",
          "      b: env",
        ),
        "/w/over.yaml": text("a: file", "z: file"),
      },
      { stateValuesFiles: ["over.yaml"] },
      {
        a: { value: "env", file: "helmfile.yaml", line: 4, layer: "environment values 1 (inline)" },
        z: { value: "file", file: "over.yaml", line: 2, layer: "CLI --state-values-file 1" },
      },
    );
  });

  it("records a sub-helmfile's `values:` (inline and file) as layers of the sub-helmfile's state", () => {
    explainAll(
      {
        "/w/helmfile.yaml": text(
          "helmfiles:", // 1
          "- path: sub/helmfile.yaml", // 2
          "  values:", // 3
          "  - sub-values.yaml", // 4
          "  - x: parent", // 5
          "    y: parent", // 6
        ),
        "/w/sub-values.yaml": text("y: file", "w: file"),
        "/w/sub/helmfile.yaml": text("values:", "- x: sub", "  v: sub", "---", "releases: []"),
      },
      {},
      {
        x: { value: "parent", file: "../helmfile.yaml", line: 5, layer: "sub-helmfile values 2" },
        y: { value: "parent", file: "../helmfile.yaml", line: 6, layer: "sub-helmfile values 2" },
        w: { value: "file", file: "../sub-values.yaml", line: 2, layer: "sub-helmfile values 1" },
        v: { value: "sub", file: "helmfile.yaml", line: 3, layer: "root values" },
      },
      "/w/sub/helmfile.yaml",
    );
  });

  it("names the parent's environment a sub-helmfile inherits (inherits: [environments])", () => {
    explainAll(
      {
        "/w/helmfile.yaml": text(
          "environments:",
          "  default:",
          "    values:",
          "    - p: parent",
          "      s: parent",
          "---",
          "helmfiles:",
          "- path: sub/helmfile.yaml",
          "  inherits:",
          "  - environments",
        ),
        "/w/sub/helmfile.yaml": text(
          "environments:",
          "  default:",
          "    values:",
          "    - s: sub",
          "---",
          "releases: []",
        ),
      },
      {},
      {
        p: { value: "parent", file: "../helmfile.yaml", line: null, layer: "inherited environment values" },
        s: { value: "sub", file: "helmfile.yaml", line: 4, layer: "environment values 1 (inline)" },
      },
      "/w/sub/helmfile.yaml",
    );
  });

  it("lets the first file win under mergeStrategy: fallback, .gotmpl included", () => {
    explainAll(
      {
        "/w/helmfile.yaml": text(
          "environments:",
          "  default:",
          "    mergeStrategy: fallback",
          "    values:",
          "    - first.yaml.gotmpl",
          "    - second.yaml",
          "    - third.hcl",
        ),
        "/w/first.yaml.gotmpl": text(
          "{{- if true }}",
          "a: first",
          "{{- end }}",
          "nested:",
          '  k: {{ upper "first" }}',
        ),
        "/w/second.yaml": text("a: second", "b: second", "nested:", "  k: second", "  j: second"),
        "/w/third.hcl": text("values {", '  c = "hcl"', '  b = "hcl"', "}"),
      },
      {},
      {
        a: { value: "first", file: "first.yaml.gotmpl", line: 2, layer: "environment values file 1" },
        b: { value: "second", file: "second.yaml", line: 2, layer: "environment values file 2" },
        c: { value: "hcl", file: "third.hcl", line: 2, layer: "HCL" },
        "nested.k": {
          value: "FIRST",
          file: "first.yaml.gotmpl",
          line: 5,
          layer: "environment values file 1",
        },
        "nested.j": { value: "second", file: "second.yaml", line: 5, layer: "environment values file 2" },
      },
    );
  });

  it("counts lines of a later part of a .gotmpl state file", () => {
    explainAll(
      {
        "/w/helmfile.yaml.gotmpl": text(
          "environments:", // 1
          "  default:", // 2
          "    values:", // 3
          "    - a: 1", // 4
          "---", // 5
          "values:", // 6
          "- b: {{ .Values.a }}", // 7
        ),
      },
      {},
      {
        a: { value: 1, file: "helmfile.yaml.gotmpl", line: 4, layer: "environment values 1 (inline)" },
        b: { value: 1, file: "helmfile.yaml.gotmpl", line: 7, layer: "root values" },
      },
    );
  });
  it("finds a base's root values written in an earlier `---` part of the base", () => {
    explainAll(
      {
        "/w/base.yaml": text(
          "values:", // 1
          "- fromBase: yes", // 2
          "---", // 3
          "environments:", // 4
          "  default:", // 5
          "    values:", // 6
          "    - baseEnv: b", // 7
        ),
        "/w/helmfile.yaml": text("bases:", "- base.yaml", "---", "releases: []"),
      },
      {},
      {
        fromBase: { value: "yes", file: "base.yaml", line: 2, layer: "base 1 root values" },
        baseEnv: { value: "b", file: "base.yaml", line: 7, layer: "base 1 environment values 1 (inline)" },
      },
    );
  });

  it("names the map's own line for a key it sets next to a YAML merge key, the anchor's for the rest", () => {
    explainAll(
      {
        "/w/helmfile.yaml": text(
          "values:", // 1
          "- defaults: &d", // 2
          "    x: 1", // 3
          "    y: 2", // 4
          "  merged:", // 5
          "    <<: *d", // 6
          "    y: 3", // 7
          "  flow: {p: 1, q: [a, b]}", // 8
        ),
      },
      {},
      {
        "merged.y": { value: 3, file: "helmfile.yaml", line: 7, layer: "root values" },
        "merged.x": { value: 1, file: "helmfile.yaml", line: 3, layer: "root values" },
        "flow.q[1]": { value: "b", file: "helmfile.yaml", line: 8, layer: "root values" },
      },
    );
  });

  it("finds a release's inline values past another release's `set: - name:` entries", () => {
    explainRelease(
      {
        ...chart("replicas: 1", "image:", "  tag: chart"),
        "/w/helmfile.yaml": text(
          "releases:", // 1
          "- name: first", // 2
          "  chart: ./chart", // 3
          "  set:", // 4
          "  - name: image.tag", // 5
          "    value: first", // 6
          "- name: second", // 7
          "  chart: ./chart", // 8
          "  values:", // 9
          "  - image:", // 10
          "      tag: second", // 11
        ),
      },
      {},
      "second",
      {
        "image.tag": { value: "second", file: "helmfile.yaml", line: 11, layer: "values[0]" },
        replicas: { value: 1, file: "chart/values.yaml", line: 1, layer: "chart default" },
      },
    );
  });

  it("finds inline release values in a .gotmpl state file and maps a values template's lines", () => {
    explainRelease(
      {
        ...chart("replicas: 1", "resources:", "  limits: big", "ports: []"),
        "/w/helmfile.yaml.gotmpl": text(
          "environments:", // 1
          "  default:", // 2
          "    values:", // 3
          "    - size: 3", // 4
          "---", // 5
          "releases:", // 6
          "- name: app", // 7
          "  chart: ./chart", // 8
          "  values:", // 9
          "  - values/app.yaml.gotmpl", // 10
          "  {{- if true }}", // 11
          "  - replicas: {{ .Values.size }}", // 12
          "  {{- end }}", // 13
        ),
        "/w/values/app.yaml.gotmpl": text(
          "ports:", // 1
          "{{- range $i, $p := list 80 443 }}", // 2
          "- name: p{{ $i }}", // 3
          "  port: {{ $p }}", // 4
          "{{- end }}", // 5
          "resources: null", // 6
        ),
      },
      {},
      "app",
      {
        replicas: { value: 3, file: "helmfile.yaml.gotmpl", line: 12, layer: "values[1]" },
        "ports[1].port": { value: 443, file: "values/app.yaml.gotmpl", line: 4, layer: "values[0]" },
        "ports[0].name": { value: "p0", file: "values/app.yaml.gotmpl", line: 3, layer: "values[0]" },
        // A user null deletes the chart's default (helm's coalesce): the null's line is the source.
        resources: { value: null, file: "values/app.yaml.gotmpl", line: 6, layer: "values[0]" },
      },
    );
  });

  it("maps inline values a `.gotmpl` state file's `range` writes back to the template line", () => {
    explainAll(
      {
        "/w/helmfile.yaml.gotmpl": text(
          "environments:", // 1
          "  default:", // 2
          "    values:", // 3
          "    - a: 1", // 4
          "{{- range $i := list 1 2 }}", // 5
          "      k{{ $i }}: v{{ $i }}", // 6
          "{{- end }}", // 7
          "      z: last", // 8
        ),
      },
      {},
      {
        k2: { value: "v2", file: "helmfile.yaml.gotmpl", line: 6, layer: "environment values 1 (inline)" },
        z: { value: "last", file: "helmfile.yaml.gotmpl", line: 8, layer: "environment values 1 (inline)" },
        a: { value: 1, file: "helmfile.yaml.gotmpl", line: 4, layer: "environment values 1 (inline)" },
      },
    );
  });
});
