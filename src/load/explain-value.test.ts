/**
 * explainValue over a layered state. Expectations come from helmfile's documented pipeline
 * (docs/values-merging-and-data-flow.md, the seed doc) and code, not from our output:
 * bases' root `values:` come before the file's own (appendSlice); environment files merge
 * with mergo WithOverride in list order (create.go loadEnvValues), HCL after the YAML pass,
 * non-HCL secrets last; root values < environment values < --state-values-set
 * (environment.go GetMergedValues), lists: sparse auto-detection, element-wise for the CLI;
 * a null never removes a key an earlier layer set (maputil.MergeMaps, #1154);
 * `mergeStrategy: fallback`: the earlier file wins. Release values: helmfile prepends
 * valuesTemplate to values (state.go ExecuteTemplates), helm merges -f files in order, then
 * --set; a user null deletes a chart default (helm chartutil coalesce.go).
 */
import { explainValue } from "../merge/explain/explain-value";
import type { SecretsDecryptor } from "../shared/secrets";
import { loadDesiredState } from "./load-desired-state";
import { MemoryFileSystem } from "./memory-fs";

const files: Record<string, string> = {
  "/w/base.yaml": [
    "values:",
    "- region: base-region",
    "  replicas: 1",
    "environments:",
    "  production:",
    "    values:",
    "    - env/base-prod.yaml",
    "",
  ].join("\n"),
  "/w/helmfile.yaml": [
    "bases:",
    "- base.yaml",
    "values:",
    "- region: root-region",
    "  logLevel: info",
    "  servers: [a, b, c]",
    "  nested:",
    "    keep: root",
    "    drop: root",
    "environments:",
    "  staging:",
    "    mergeStrategy: fallback",
    "    values:",
    "    - env/staging-a.yaml",
    "    - env/staging-b.yaml",
    "  production:",
    "    values:",
    "    - env/prod.yaml",
    "    - env/app.yaml.gotmpl",
    "    - env/prod.hcl",
    "    secrets:",
    "    - env/secrets.yaml",
    "---",
    "releases:",
    "- name: app",
    "  namespace: web",
    "  chart: ./charts/app",
    "  valuesTemplate:",
    "  - podLabels:",
    "      env: '{{ .Environment.Name }}'",
    "  values:",
    "  - values/app.yaml",
    "  - image:",
    "      tag: inline",
    "  set:",
    "  - name: replicas",
    "    value: 7",
    "",
  ].join("\n"),
  "/w/env/base-prod.yaml": "replicas: 2\nlogLevel: debug\n",
  "/w/env/prod.yaml": "replicas: 3\nservers: [x, null]\nnested:\n  drop: null\n",
  "/w/env/app.yaml.gotmpl": "# rendered first\nreplicas: {{ add 2 3 }}\n",
  "/w/env/prod.hcl": 'values {\n  region = "hcl-region"\n}\n',
  "/w/env/secrets.yaml": "password: ENC:s3cret\n",
  "/w/env/staging-a.yaml": "replicas: 10\n",
  "/w/env/staging-b.yaml": "replicas: 20\nextra: b\n",
  "/w/values/app.yaml": "image:\n  tag: file\nresources: null\n",
  "/w/charts/app/Chart.yaml": "apiVersion: v2\nname: app\nversion: 0.1.0\n",
  "/w/charts/app/values.yaml":
    "replicas: 1\nimage:\n  tag: chart\n  pullPolicy: IfNotPresent\nresources:\n  limits: big\n",
};

const secrets: SecretsDecryptor = {
  decryptFile: (path) => files[path]?.replace(/ENC:/g, "") ?? "",
  decryptText: (text) => text.replace(/ENC:/g, ""),
};

function explain(env: string, key: string, release?: string) {
  const fs = new MemoryFileSystem(files);
  const state = loadDesiredState(
    { cwd: "/w", environment: env, explain: true, stateValuesSet: ["logLevel=warn"] },
    { fs, env: {}, secrets },
  );
  return explainValue(state, { key, ...(release === undefined ? {} : { release }) }, { fs });
}

const brief = (steps: readonly { file: string; line: number | null; layer: string; rule: string }[]) =>
  steps.map((s) => `${s.layer} ${s.file}:${s.line ?? "-"} ${s.rule}`);

describe("explainValue: state values", () => {
  it("names the .gotmpl environment file and its rendered line as the winner over bases and earlier files", () => {
    const r = explain("production", "replicas");
    expect(r.exact).toBe(true);
    expect(r.value).toBe(5);
    expect(r.source).toEqual({ file: "env/app.yaml.gotmpl", line: 2, layer: "environment values file 2" });
    expect(brief(r.chain)).toEqual([
      "base 1 root values base.yaml:3 override",
      "base 1 environment values file 1 env/base-prod.yaml:1 override",
      "environment values file 1 env/prod.yaml:1 override",
      "environment values file 2 env/app.yaml.gotmpl:2 override",
    ]);
  });

  it("lets HCL override the root values and the base", () => {
    const r = explain("production", "region");
    expect(r.value).toBe("hcl-region");
    expect(r.source).toEqual({ file: "env/prod.hcl", line: 2, layer: "HCL" });
    expect(r.chain.map((s) => s.value)).toEqual(["base-region", "root-region", "hcl-region"]);
  });

  it("lets --state-values-set win last", () => {
    const r = explain("production", "logLevel");
    expect(r.value).toBe("warn");
    expect(r.source).toEqual({
      file: "--state-values-set logLevel=warn",
      line: null,
      layer: "CLI --state-values-set",
    });
    expect(r.chain.map((s) => s.layer)).toEqual([
      "root values",
      "base 1 environment values file 1",
      "CLI --state-values-set",
    ]);
  });

  it("keeps a key an earlier layer set when a later file sets it to null", () => {
    const r = explain("production", "nested.drop");
    expect(r.value).toBe("root");
    expect(r.source.layer).toBe("root values");
    expect(brief(r.chain)).toEqual([
      "environment values file 1 env/prod.yaml:4 null ignored (key kept)",
      "root values helmfile.yaml:9 override",
    ]);
  });

  it("merges a list holding a null index by index", () => {
    expect(explain("production", "servers[0]").source.file).toBe("env/prod.yaml");
    expect(explain("production", "servers[0]").chain.at(-1)?.rule).toBe("array sparse");
    const kept = explain("production", "servers[1]");
    expect(kept.value).toBe("b");
    expect(kept.source.layer).toBe("root values");
  });

  it("hides secrets", () => {
    const r = explain("production", "password");
    expect(r.value).toBe("[secret]");
    expect(r.source).toEqual({ file: "env/secrets.yaml", line: 1, layer: "secrets 1" });
    expect(JSON.stringify(r)).not.toContain("s3cret");
  });

  it("lets the earlier file win under mergeStrategy: fallback", () => {
    const r = explain("staging", "replicas");
    expect(r.value).toBe(10);
    expect(r.source).toEqual({ file: "env/staging-a.yaml", line: 1, layer: "environment values file 1" });
    expect(r.chain.map((s) => `${s.file} ${s.rule}`)).toEqual([
      "base.yaml override",
      "env/staging-b.yaml mergeStrategy: fallback",
      "env/staging-a.yaml mergeStrategy: fallback",
    ]);
  });

  it("says when no layer sets a key and suggests close ones", () => {
    const r = explain("production", "replica");
    expect(r.found).toBe(false);
    expect(r.suggestions).toContain("replicas");
  });
});

describe("explainValue: release values", () => {
  it("lets set win over the chart default", () => {
    const r = explain("production", "replicas", "web/app");
    expect(r.value).toBe(7);
    expect(r.source.layer).toBe("set");
    expect(r.chain.map((s) => `${s.layer} ${s.rule}`)).toEqual([
      "chart default chart default",
      "set override",
    ]);
  });

  it("lets a later values entry win and keeps the chart default below", () => {
    const r = explain("production", "image.tag", "app");
    expect(r.value).toBe("inline");
    expect(r.source).toEqual({ file: "helmfile.yaml", line: 34, layer: "values[1]" });
    expect(r.chain.map((s) => s.layer)).toEqual(["chart default", "values[0]", "values[1]"]);
    expect(explain("production", "image.pullPolicy", "app").source).toEqual({
      file: "charts/app/values.yaml",
      line: 4,
      layer: "chart default",
    });
  });

  it("reports a chart default deleted by a user null", () => {
    const r = explain("production", "resources", "app");
    expect(r.value).toBeNull();
    expect(r.source).toEqual({ file: "values/app.yaml", line: 3, layer: "values[0]" });
    expect(r.chain.at(-1)?.rule).toBe("null deletes a key");
  });

  it("names valuesTemplate entries", () => {
    expect(explain("production", "podLabels.env", "app").source.layer).toBe("valuesTemplate[0]");
  });
});

describe("explainValue without explain: true", () => {
  it("records nothing and refuses to explain", () => {
    const fs = new MemoryFileSystem(files);
    const state = loadDesiredState({ cwd: "/w", environment: "production" }, { fs, env: {}, secrets });
    expect(state.states.map((s) => s.valuesProvenance)).toEqual([undefined]);
    expect(() => explainValue(state, { key: "replicas" }, { fs })).toThrow(
      expect.objectContaining({ code: "EXPLAIN_NOT_RECORDED" }),
    );
  });
});
