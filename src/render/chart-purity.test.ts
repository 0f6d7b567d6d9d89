import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { computeHelmValues } from "../merge/helm-values/compute-helm-values";
import type { SetFlag } from "../shared/model";
import {
  deadInRender,
  drewInRender,
  impureCalls,
  impureTemplates,
  readChart,
  regeneratedWarning,
  tarGzEntries,
} from "./chart-purity";

describe("impureCalls", () => {
  it("finds the impure functions a template's actions call", () => {
    expect(impureCalls('pw: {{ randAlphaNum 16 | b64enc | quote }}\nat: {{ now | date "2006" }}')).toEqual([
      "randAlphaNum",
      "now",
    ]);
    expect(impureCalls('{{- $ca := genCA "x" 365 -}}\n{{ genSignedCert "a" nil nil 365 $ca }}')).toEqual([
      "genCA",
      "genSignedCert",
    ]);
  });

  it("ignores comments, fields, variables, string literals and text outside actions", () => {
    expect(
      impureCalls(
        'now is the time\n{{/* randAlphaNum */}}\n{{ .Values.now }} {{ $now }} {{ "uuidv4" }} {{ randomish }}',
      ),
    ).toEqual([]);
  });
});

describe("tarGzEntries and impureTemplates", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "ph-purity-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("reads archives made by GNU tar (long names in both formats) and opens subchart archives", () => {
    const long = `${"d".repeat(60)}/${"e".repeat(60)}`;
    const sub = join(dir, "sub");
    mkdirSync(join(sub, "templates", long), { recursive: true });
    writeFileSync(join(sub, "templates", long, "secret.yaml"), "pw: {{ randAlpha 8 }}\n");
    writeFileSync(join(sub, "Chart.yaml"), "name: sub\n");
    const top = join(dir, "top");
    mkdirSync(join(top, "charts"), { recursive: true });
    mkdirSync(join(top, "templates"));
    writeFileSync(join(top, "templates", "cm.yaml"), "a: {{ .Values.a }}\n");
    writeFileSync(
      join(top, "templates", "cert.yaml"),
      '{{ if lookup "v1" "Secret" "" "x" }}{{ else }}{{ genCA "x" 1 }}{{ end }}\n',
    );
    execFileSync("tar", ["-czf", join(top, "charts", "sub-1.0.0.tgz"), "--format=gnu", "-C", dir, "sub"]);
    execFileSync("tar", ["-czf", join(dir, "top-1.0.0.tgz"), "--format=pax", "-C", dir, "top"]);
    const entries = tarGzEntries(readFileSync(join(dir, "top-1.0.0.tgz")));
    expect(entries.map((e) => e.path).sort()).toEqual([
      "top/charts/sub-1.0.0.tgz",
      "top/templates/cert.yaml",
      "top/templates/cm.yaml",
    ]);
    const impure = impureTemplates(entries);
    expect(impure).toHaveLength(2);
    expect(impure).toEqual(
      expect.arrayContaining([
        {
          path: `top/charts/sub-1.0.0.tgz/sub/templates/${long}/secret.yaml`,
          functions: ["randAlpha"],
          usesLookup: false,
        },
        { path: "top/templates/cert.yaml", functions: ["genCA"], usesLookup: true },
      ]),
    );
    // Only the unguarded template is named as regenerated on every render.
    const warning = regeneratedWarning("ns/top", "./top", impure) ?? "";
    expect(warning).toContain(`sub/templates/${long}/secret.yaml (randAlpha)`);
    expect(warning).not.toContain("cert.yaml");
  });

  it("gives no entries for bytes that are not a gzipped tar", () => {
    expect(tarGzEntries(Buffer.from("not an archive"))).toEqual([]);
  });
});

describe("readChart", () => {
  const file = (path: string, text: string) => ({ path, content: Buffer.from(text) });

  it("lists the API versions the templates ask Has about, or none when they read the list otherwise", () => {
    const asked = readChart([
      file("templates/hpa.yaml", '{{ if .Capabilities.APIVersions.Has "autoscaling/v2" }}x{{ end }}'),
      file(
        "templates/pdb.yaml",
        '{{ if $.Capabilities.APIVersions.Has "policy/v1/PodDisruptionBudget" }}{{ end }}',
      ),
      file(
        "templates/v.yaml",
        '{{ semverCompare ">=1.30" .Capabilities.KubeVersion.Version }} {{ .Capabilities.HelmVersion }}',
      ),
      // Not a template: never rendered.
      file("values.yaml", "note: .Capabilities.APIVersions"),
    ]);
    expect(asked.capabilityApis).toEqual(["autoscaling/v2", "policy/v1/PodDisruptionBudget"]);
    for (const other of [
      '{{ if .Capabilities.APIVersions.Has (printf "%s/v1" .Values.group) }}{{ end }}',
      "{{ .Capabilities.APIVersions | toJson }}",
      '{{ include "caps" .Capabilities }}',
    ])
      expect([other, readChart([file("templates/a.yaml", other)]).capabilityApis]).toEqual([
        other,
        undefined,
      ]);
  });

  it("tells whether a template reads IsInstall or IsUpgrade, and which impure files define templates", () => {
    const r = readChart([
      file("templates/job.yaml", "{{ if .Release.IsUpgrade }}x{{ end }}"),
      file("templates/_helpers.tpl", '{{- define "pw" }}{{ randAlphaNum 8 }}{{ end }}'),
    ]);
    expect(r.readsInstallOrUpgrade).toBe(true);
    expect(r.impure).toEqual([
      {
        path: "templates/_helpers.tpl",
        functions: ["randAlphaNum"],
        usesLookup: false,
        definesTemplates: true,
      },
    ]);
    expect(readChart([file("templates/cm.yaml", "kind: ConfigMap")]).readsInstallOrUpgrade).toBe(false);
  });
});

describe("usesLookup", () => {
  it("is not set by a comment or a string that names lookup", () => {
    const [t] = impureTemplates([
      {
        path: "templates/ca.yaml",
        content: Buffer.from('{{- /* a CA with no lookup guard */ -}}\n{{ $ca := genCA "lookup" 365 }}'),
      },
    ]);
    expect(t?.usesLookup).toBe(false);
    const [g] = impureTemplates([
      {
        path: "templates/ca.yaml",
        content: Buffer.from('{{ $s := lookup "v1" "Secret" "ns" "x" }}{{ $ca := genCA "x" 365 }}'),
      },
    ]);
    expect(g?.usesLookup).toBe(true);
  });
});

describe("drewInRender", () => {
  const ca = { path: "chart/templates/ca.yaml", functions: ["genCA"], usesLookup: false };
  it("counts a template file only when the output holds a document of it", () => {
    expect(drewInRender(ca, "---\n# Source: chart/templates/cm.yaml\nkind: ConfigMap\n")).toBe(false);
    expect(drewInRender(ca, "---\n# Source: chart/templates/ca.yaml\nkind: Secret\n")).toBe(true);
    // A subchart's file, read from its archive, is matched on its path from `templates/` on.
    const sub = { ...ca, path: "top/charts/sub-1.0.0.tgz/sub/templates/ca.yaml" };
    expect(drewInRender(sub, "# Source: top/charts/sub/templates/ca.yaml\n")).toBe(true);
  });

  it("leaves out a file whose documents are all helm test hooks (a test Pod's random name)", () => {
    const pod = { ...ca, path: "chart/templates/test-connection.yaml" };
    const doc = (hook: string) =>
      `---\n# Source: chart/templates/test-connection.yaml\nkind: Pod\nmetadata:\n  annotations:\n    "helm.sh/hook": ${hook}\n`;
    expect(drewInRender(pod, doc("test"))).toBe(false);
    expect(drewInRender(pod, doc("test-success"))).toBe(false);
    expect(drewInRender(pod, doc("pre-install,test"))).toBe(true);
    expect(drewInRender(pod, "---\n# Source: chart/templates/test-connection.yaml\nkind: Pod\n")).toBe(true);
  });

  it("always counts helpers and files that define templates (included from any file)", () => {
    expect(drewInRender({ ...ca, path: "chart/templates/_helpers.tpl" }, "")).toBe(true);
    expect(drewInRender({ ...ca, definesTemplates: true }, "")).toBe(true);
  });
});

describe("impure calls the render's values leave out (deadInRender)", () => {
  const file = (path: string, text: string) => ({ path, content: Buffer.from(text) });
  const chart = (template: string, values = "", chartYaml = "apiVersion: v2\nname: app\nversion: 1.0.0\n") =>
    readChart([
      file("Chart.yaml", chartYaml),
      file("values.yaml", values),
      file("templates/t.yaml", template),
    ]);
  const dead = (
    template: string,
    defaults: string,
    user: string,
    flags: SetFlag[] = [],
    major: 3 | 4 = 4,
  ) => {
    const r = chart(template, defaults);
    const values = computeHelmValues({
      chartValues: r.ownValues!.text,
      files: [{ name: "user.yaml", content: user }],
      flags,
      helmVersion: major,
    }).values;
    return deadInRender(r.impure[0]!, r.ownValues!, values);
  };
  const set = (expression: string): SetFlag => ({ kind: "set", expression, secret: false });
  /** Whether the reading's first impure template is left out with the chart's own values alone. */
  const deadWithDefaults = (r: ReturnType<typeof readChart>): boolean =>
    deadInRender(
      r.impure[0]!,
      r.ownValues!,
      computeHelmValues({ chartValues: r.ownValues!.text, files: [], flags: [] }).values,
    );

  // Each case: the template (its call writes `drawn:`), the chart's values.yaml, the user's values,
  // `--set` flags, and whether the call is left out. helm itself confirms each expectation below:
  // a call left out never runs in its render.
  const cases: {
    name: string;
    template: string;
    defaults: string;
    user: string;
    flags?: SetFlag[];
    dead: boolean;
    /** Whether helm's render runs the call, where it differs from `!dead` (an undecided test). */
    helmDraws?: boolean;
  }[] = [
    {
      name: "empty default",
      template: "{{ if .Values.pw }}drawn: {{ now }}{{ end }}",
      defaults: 'pw: ""',
      user: "",
      dead: true,
    },
    {
      name: "user sets it",
      template: "{{ if .Values.pw }}drawn: {{ now }}{{ end }}",
      defaults: 'pw: ""',
      user: "pw: x",
      dead: false,
    },
    {
      name: "user nulls a default",
      template: "{{ if .Values.pw }}drawn: {{ now }}{{ end }}",
      defaults: "pw: x",
      user: "pw: null",
      dead: true,
    },
    {
      name: "missing key",
      template: "{{ if .Values.nope }}drawn: {{ uuidv4 }}{{ end }}",
      defaults: "a: 1",
      user: "",
      dead: true,
    },
    {
      name: "YAML 1.1 no",
      template: "{{ if .Values.on }}drawn: {{ now }}{{ end }}",
      defaults: "on: no",
      user: "",
      dead: true,
    },
    {
      name: "not",
      template: "{{ if not .Values.keep }}drawn: {{ randAlpha 4 }}{{ end }}",
      defaults: "keep: true",
      user: "",
      dead: true,
    },
    {
      name: "and",
      template: "{{ if and .Values.a .Values.b }}drawn: {{ now }}{{ end }}",
      defaults: "a: true\nb: 0",
      user: "",
      dead: true,
    },
    {
      name: "and, both set",
      template: "{{ if and .Values.a .Values.b }}drawn: {{ now }}{{ end }}",
      defaults: "a: true\nb: 0",
      user: "b: 2",
      dead: false,
    },
    {
      name: "or of empties",
      template: "{{ if or .Values.a (or .Values.b .Values.c) }}drawn: {{ now }}{{ end }}",
      defaults: 'a: ""\nb: []\nc: {}',
      user: "",
      dead: true,
    },
    {
      name: "else",
      template: "{{ if .Values.keep }}kept: x{{ else }}drawn: {{ now }}{{ end }}",
      defaults: "keep: [1]",
      user: "",
      dead: true,
    },
    {
      name: "else, taken",
      template: "{{ if .Values.keep }}kept: x{{ else }}drawn: {{ now }}{{ end }}",
      defaults: "keep: 0.0",
      user: "",
      dead: false,
    },
    {
      name: "with",
      template: "{{ with .Values.s }}{{ if .on }}drawn: {{ now }}{{ end }}{{ end }}",
      defaults: "s: {on: false}",
      user: "",
      dead: true,
    },
    {
      name: "range over nothing",
      template: "{{ range .Values.list }}drawn: {{ now }}{{ end }}",
      defaults: "list: []",
      user: "",
      dead: true,
    },
    {
      name: "$ in a range",
      template: "{{ range .Values.list }}{{ if $.Values.pw }}drawn: {{ now }}{{ end }}{{ end }}",
      defaults: "list: [1]\npw: ''",
      user: "",
      dead: true,
    },
    {
      name: "--set empty",
      template: "{{ if .Values.pw }}drawn: {{ now }}{{ end }}",
      defaults: "pw: x",
      user: "",
      flags: [set("pw=")],
      dead: true,
    },
    {
      name: "--set 1",
      template: "{{ if .Values.pw }}drawn: {{ now }}{{ end }}",
      defaults: "",
      user: "",
      flags: [set("pw=1")],
      dead: false,
    },
    {
      name: "one call live",
      template: "{{ if .Values.pw }}{{ now }}{{ end }}drawn: {{ now }}",
      defaults: "",
      user: "",
      dead: false,
    },
    {
      name: "a test it cannot read",
      template: '{{ if eq .Values.pw "" }}drawn: {{ now }}{{ end }}',
      defaults: "pw: x",
      user: "",
      dead: false,
      // Left undecided (the call may run), although helm leaves it out here.
      helmDraws: false,
    },
    {
      name: "dot inside a range",
      template: "{{ range .Values.list }}{{ if .x }}drawn: {{ now }}{{ end }}{{ end }}",
      defaults: "list: [{x: 1}]",
      user: "",
      dead: false,
    },
  ];

  it.each(cases)("$name", ({ template, defaults, user, flags = [], dead: expected }) => {
    expect(dead(template, defaults, user, flags)).toBe(expected);
    expect(dead(template, defaults, user, flags, 3)).toBe(expected);
  });

  it("agrees with helm 4 and helm 3: a call left out draws nothing in their render, one not left out does", () => {
    const dir = mkdtempSync(join(tmpdir(), "ph-guards-"));
    try {
      const binaries = [process.env.HELM4_BINARY ?? process.env.HELM_BINARY, process.env.HELM3_BINARY];
      const helms = binaries.filter((b): b is string => b !== undefined && b !== "");
      expect(helms).toHaveLength(2);
      for (const [i, c] of cases.entries()) {
        const chartDir = join(dir, `c${i}`);
        mkdirSync(join(chartDir, "templates"), { recursive: true });
        writeFileSync(join(chartDir, "Chart.yaml"), "apiVersion: v2\nname: app\nversion: 1.0.0\n");
        writeFileSync(join(chartDir, "values.yaml"), c.defaults);
        writeFileSync(join(chartDir, "templates", "t.yaml"), `a: b\n${c.template}\n`);
        writeFileSync(join(dir, `u${i}.yaml`), c.user);
        const flags = (c.flags ?? []).flatMap((f) => [`--${f.kind}`, f.expression]);
        for (const helm of helms) {
          const out = execFileSync(
            helm,
            ["template", "x", chartDir, "-f", join(dir, `u${i}.yaml`), ...flags],
            {
              encoding: "utf8",
            },
          );
          expect([c.name, helm, out.includes("drawn:")]).toEqual([c.name, helm, c.helmDraws ?? !c.dead]);
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("leaves undecided what subcharts fill, files that define templates, subcharts' own templates and import-values charts", () => {
    const withDep =
      "apiVersion: v2\nname: app\nversion: 1.0.0\ndependencies:\n  - name: redis\n    alias: cache\n";
    const r = chart("{{ if .Values.cache.on }}drawn: {{ now }}{{ end }}", "cache: {on: false}", withDep);
    expect(r.ownValues?.subchartKeys).toEqual(["cache", "global", "redis"]);
    expect(deadWithDefaults(r)).toBe(false);
    expect(
      deadWithDefaults(chart("{{ if .Values.global.on }}{{ now }}{{ end }}", "global: {on: false}")),
    ).toBe(false);
    const defines = chart(
      '{{ define "x" }}{{ now }}{{ end }}{{ if .Values.on }}{{ now }}{{ end }}',
      "on: false",
    );
    expect(deadWithDefaults(defines)).toBe(false);

    const sub = readChart([
      file("app/Chart.yaml", "apiVersion: v2\nname: app\nversion: 1.0.0\n"),
      file("app/values.yaml", "on: false"),
      file("app/charts/sub/Chart.yaml", "apiVersion: v2\nname: sub\nversion: 1.0.0\n"),
      file("app/charts/sub/templates/t.yaml", "{{ if .Values.on }}{{ now }}{{ end }}"),
    ]);
    expect(sub.ownValues?.subchartKeys).toEqual(["global", "sub"]);
    expect(sub.ownValues?.calls.size).toBe(0);
    expect(deadWithDefaults(sub)).toBe(false);

    const imports = chart(
      "{{ if .Values.on }}{{ now }}{{ end }}",
      "on: false",
      "apiVersion: v2\nname: app\nversion: 1.0.0\ndependencies:\n  - name: sub\n    import-values: [data]\n",
    );
    expect(imports.ownValues).toBeUndefined();
  });
});
