import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
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
