import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { impureCalls, impureTemplates, regeneratedWarning, tarGzEntries } from "./chart-purity";

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
