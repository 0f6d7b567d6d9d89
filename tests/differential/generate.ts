/**
 * Seeded generator of the differential corpus: writes small helmfile states under
 * `tests/differential/cases/<id>/state/` plus `case.json` (the global and command flags).
 * The expected outputs next to them come only from the real helmfile
 * (`scripts/regen-differential.ts`), never from our CLI.
 *
 * `npx tsx tests/differential/generate.ts [--seed N]` rewrites every case's `state/` and
 * `case.json` (its `expected*` folders are left for the regen script).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { HTTPJSON_PORT } from "../support/httpjson-server";
import { CASES_DIR, type CaseSpec } from "./harness";

/** The Terraform state the secretrefs family reads (`ref+tfstate://infra/terraform.tfstate/…`). */
const TFSTATE = readFileSync(join(__dirname, "..", "fixtures", "tfstate", "terraform.tfstate"), "utf8");

/** The default seed; change it only together with a regen of the expected outputs. */
export const DEFAULT_SEED = 22;
/** Cases per family (16 families; see FAMILY_SIZE for the others). */
const PER_FAMILY = 26;

type Rng = () => number;

export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Gen {
  constructor(private readonly rng: Rng) {}
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.rng() * (hi - lo + 1));
  }
  bool(p = 0.5): boolean {
    return this.rng() < p;
  }
  pick<T>(xs: readonly T[]): T {
    const x = xs[Math.floor(this.rng() * xs.length)];
    if (x === undefined) throw new Error("pick from an empty list");
    return x;
  }
  shuffle<T>(xs: readonly T[]): T[] {
    const out = [...xs];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.rng() * (i + 1));
      const t = out[i] as T;
      out[i] = out[j] as T;
      out[j] = t;
    }
    return out;
  }
  some<T>(xs: readonly T[], p = 0.5): T[] {
    return xs.filter(() => this.bool(p));
  }
}

/** What a family returns: files relative to `state/`, and the case's flags. */
interface Generated {
  readonly files: Record<string, string>;
  readonly args?: readonly string[];
  readonly templateArgs?: readonly string[];
  readonly stateFile?: string;
}

const NAMES = ["api", "web", "db", "cache", "queue", "auth", "front", "back", "jobs", "mail"];
const NAMESPACES = ["", "ns1", "ns2"];
const TIERS = ["web", "data", "ops"];

/** A chart path from a state file `depth` folders below `state/`. */
function chart(g: Gen, depth = 0): string {
  return `${"../".repeat(depth + 2)}../charts/${g.pick(["cm", "kv"])}`;
}

function scalar(g: Gen): string {
  return g.pick([
    "1",
    "2.5",
    "true",
    "false",
    '"s"',
    "abc",
    "null",
    '"007"',
    "0x1F",
    "[1, 2]",
    "{k: v}",
    '""',
  ]);
}

function inlineValues(g: Gen, indent: string): string {
  const keys = g.some(["a", "b", "list", "nested", "x"], 0.5);
  if (keys.length === 0) keys.push("x");
  return keys
    .map((k) =>
      k === "list"
        ? `${indent}list: [${g.pick(["p", "q"])}${g.bool() ? ", r" : ""}]`
        : k === "nested"
          ? `${indent}nested:\n${indent}  ${g.pick(["k", "j"])}: ${scalar(g)}`
          : `${indent}${k}: ${scalar(g)}`,
    )
    .join("\n");
}

function valuesFile(g: Gen): string {
  return `${inlineValues(g, "")}\n`;
}

function releaseNames(g: Gen, n: number): string[] {
  return g.shuffle(NAMES).slice(0, n);
}

function nsLine(g: Gen, indent: string): string {
  const ns = g.pick(NAMESPACES);
  return ns === "" ? "" : `${indent}namespace: ${ns}\n`;
}

// --- families ---------------------------------------------------------------------------

function familyInherit(g: Gen): Generated {
  const defaultInherit = g.bool(0.4);
  const t1 = [
    "  t1:",
    `    chart: ${chart(g)}`,
    `    namespace: ${g.pick(["ns1", "ns2"])}`,
    `    labels: {tier: ${g.pick(TIERS)}, from: t1}`,
    "    values:",
    `    - ${g.pick(["a", "b"])}: t1`,
    g.bool() ? "    set:\n    - name: s\n      value: t1" : "",
    g.bool(0.3) ? "    version: 0.1.0" : "",
  ].filter((l) => l !== "");
  const t2 = [
    "  t2:",
    `    chart: ${chart(g)}`,
    g.bool() ? `    namespace: ${g.pick(["ns2", "ns3"])}` : "",
    `    labels: {tier: ${g.pick(TIERS)}, from: t2}`,
    "    values:",
    `    - ${g.pick(["a", "b"])}: t2`,
    g.bool(0.3) ? "    installed: false" : "",
  ].filter((l) => l !== "");
  const lines = ["templates:", ...t1, ...t2];
  if (defaultInherit) lines.push(`defaultInherit: ${g.pick(["t1", "[t2]", "[t1, t2]"])}`);
  lines.push("releases:");
  for (const name of releaseNames(g, g.int(2, 4))) {
    lines.push(`- name: ${name}`);
    const form = g.int(0, 3);
    if (form === 0) lines.push(`  inherit: [{template: ${g.pick(["t1", "t2"])}}]`);
    else if (form === 1) lines.push("  inherit:\n  - template: t1\n  - template: t2");
    else if (form === 2)
      lines.push(
        `  inherit:\n  - template: ${g.pick(["t1", "t2"])}\n    except: [${g.some(["values", "labels", "namespace", "set"], 0.5).join(", ")}]`,
      );
    else if (!defaultInherit) lines.push(`  chart: ${chart(g)}`);
    if (g.bool(0.4)) lines.push(`  labels: {tier: ${g.pick(TIERS)}}`);
    if (g.bool(0.3)) lines.push(`  namespace: ${g.pick(["ns1", "ns4"])}`);
    if (g.bool(0.4)) lines.push("  values:", `  - ${g.pick(["a", "b", "c"])}: own`);
  }
  const args = g.bool(0.3) ? ["-l", `tier=${g.pick(TIERS)}`, "--allow-no-matching-release"] : [];
  return { files: { "helmfile.yaml": `${lines.join("\n")}\n` }, args };
}

function familyNeeds(g: Gen): Generated {
  const n = g.int(3, 6);
  const names = releaseNames(g, n);
  // One namespace per case: an unqualified need resolves in the needing release's namespace, and
  // several undefined needs make helmfile's error name one of them at random (Go map order).
  const caseNs = g.pick(NAMESPACES);
  const ns = names.map(() => caseNs);
  const lines = ["releases:"];
  const order = g.shuffle(names.map((_, i) => i));
  let ghost = false;
  for (const i of order) {
    const name = names[i] as string;
    lines.push(`- name: ${name}`, `  chart: ${chart(g)}`);
    if (ns[i] !== "") lines.push(`  namespace: ${ns[i]}`);
    lines.push(`  labels: {tier: ${g.pick(TIERS)}}`);
    if (g.bool(0.25)) lines.push("  installed: false");
    const deps = names.map((_, j) => j).filter((j) => j < i && g.bool(0.45));
    const needs = deps.map((j) => (ns[j] === "" || g.bool() ? (names[j] as string) : `${ns[j]}/${names[j]}`));
    if (!ghost && g.bool(0.08)) {
      ghost = true;
      needs.push(g.pick(["ghost", "ns9/ghost"]));
    }
    if (needs.length > 0) lines.push(`  needs: [${needs.join(", ")}]`);
  }
  const args: string[] = [];
  const templateArgs: string[] = [];
  if (g.bool(0.5)) args.push("-l", `tier=${g.pick(TIERS)}`);
  if (g.bool(0.2)) args.push("-l", `name=${g.pick(names)}`);
  if (args.length > 0) {
    const flag = g.pick(["", "", "--include-needs", "--include-transitive-needs", "--skip-needs=false"]);
    if (flag !== "") templateArgs.push(flag);
    if (g.bool(0.5)) args.push("--allow-no-matching-release");
  }
  return { files: { "helmfile.yaml": `${lines.join("\n")}\n` }, args, templateArgs };
}

function familySelectors(g: Gen): Generated {
  const names = releaseNames(g, g.int(2, 5));
  const lines = ["releases:"];
  for (const name of names) {
    lines.push(`- name: ${name}`, `  chart: ${chart(g)}`, nsLine(g, "  ").trimEnd());
    const labels = [`tier: ${g.pick(TIERS)}`, ...(g.bool() ? [`team: ${g.pick(["x", "y"])}`] : [])];
    lines.push(`  labels: {${labels.join(", ")}}`);
  }
  const sel = (): string =>
    g.pick([
      `tier=${g.pick(TIERS)}`,
      `tier!=${g.pick(TIERS)}`,
      `tier=${g.pick(TIERS)},team=${g.pick(["x", "y"])}`,
      `name=${g.pick(names)}`,
      `namespace=${g.pick(["ns1", "ns2"])}`,
      `chart=${g.pick(["cm", "kv"])}`,
      `team!=x`,
    ]);
  const args = ["-l", sel()];
  if (g.bool(0.4)) args.push("-l", sel());
  if (g.bool(0.3)) args.push("--allow-no-matching-release");
  return { files: { "helmfile.yaml": `${lines.filter((l) => l !== "").join("\n")}\n` }, args };
}

function familyBases(g: Gen): Generated {
  const files: Record<string, string> = {};
  files["bases/env.yaml"] = [
    "environments:",
    "  default:",
    "    values:",
    `    - base: ${scalar(g)}`,
    `      tier: ${g.pick(TIERS)}`,
    "  prod:",
    "    values:",
    "    - base: prod",
    "      tier: data",
    "",
  ].join("\n");
  files["bases/defaults.yaml"] = [
    "helmDefaults:",
    `  timeout: ${g.pick(["100", "300"])}`,
    g.bool() ? "  wait: true" : "  createNamespace: false",
    g.bool() ? `commonLabels: {owner: ${g.pick(["base", "team"])}}` : "",
    "releases:",
    `- name: from-base`,
    `  chart: ${chart(g, 1)}`,
    `  labels: {tier: ${g.pick(TIERS)}}`,
    "",
  ]
    .filter((l, i, a) => l !== "" || i === a.length - 1)
    .join("\n");
  const gotmplBase = g.bool(0.5);
  if (gotmplBase)
    files["bases/tmpl.yaml.gotmpl"] =
      "releases:\n- name: tmpl-{{ .Environment.Name }}\n  chart: ../../../charts/cm\n  values:\n  - base: {{ .Values.base | quote }}\n";
  const bases = ["bases/env.yaml", "bases/defaults.yaml", ...(gotmplBase ? ["bases/tmpl.yaml.gotmpl"] : [])];
  const main = [
    `bases:\n${bases.map((b) => `- ${b}`).join("\n")}`,
    "---",
    "releases:",
    "- name: main",
    `  chart: ${chart(g)}`,
    "  labels: {tier: {{ .Values.tier }}}",
    "  values:",
    "  - fromState: {{ .Values.base | quote }}",
    g.bool(0.4) ? "- name: from-base\n  chart: ../../../charts/kv\n  namespace: override" : "",
    "",
  ].filter((l, i, a) => l !== "" || i === a.length - 1);
  files["helmfile.yaml.gotmpl"] = main.join("\n");
  const args = g.bool(0.4) ? ["-e", "prod"] : [];
  if (g.bool(0.3)) args.push("-l", `tier=${g.pick(TIERS)}`, "--allow-no-matching-release");
  return { files, args, stateFile: "helmfile.yaml.gotmpl" };
}

function familySubhelmfiles(g: Gen): Generated {
  const files: Record<string, string> = {};
  const subs = g.int(1, 3);
  const entries: string[] = [];
  for (let s = 0; s < subs; s++) {
    const gotmpl = g.bool(0.5);
    const file = `sub${s}/helmfile.yaml${gotmpl ? ".gotmpl" : ""}`;
    const rel = releaseNames(g, g.int(1, 3)).map((n) => `${n}-${s}`);
    const body = ["releases:"];
    for (const n of rel) {
      body.push(
        `- name: ${n}`,
        `  chart: ${chart(g, 1)}`,
        `  labels: {tier: ${g.pick(TIERS)}, sub: "s${s}"}`,
      );
      if (gotmpl) body.push("  values:", '  - v: {{ .Values | get "shared" "none" | quote }}');
    }
    files[file] = `${body.join("\n")}\n`;
    const form = g.int(0, 3);
    if (form === 0) entries.push(`- ${file}`);
    else if (form === 1) entries.push(`- path: ${file}\n  values:\n  - shared: ${g.pick(["one", "two"])}`);
    else if (form === 2) entries.push(`- path: ${file}\n  selectors: [tier=${g.pick(TIERS)}]`);
    else entries.push(`- path: ${file}\n  selectorsInherited: true`);
  }
  if (g.bool(0.3))
    entries.push(`- path: missing/helmfile.yaml\n  missingFileHandler: ${g.pick(["Warn", "Info"])}`);
  const main = [
    "helmfiles:",
    ...entries,
    ...(g.bool(0.6)
      ? ["releases:", "- name: top", `  chart: ${chart(g)}`, `  labels: {tier: ${g.pick(TIERS)}}`]
      : []),
    "",
  ];
  files["helmfile.yaml"] = main.join("\n");
  const args = g.bool(0.5) ? ["-l", `tier=${g.pick(TIERS)}`] : [];
  if (args.length > 0 && g.bool(0.5)) args.push("--allow-no-matching-release");
  return { files, args };
}

function familyEnvironments(g: Gen): Generated {
  const files: Record<string, string> = {};
  files["env/common.yaml"] = `list: [${g.pick(["a", "b"])}, c]\nmap: {x: 1, y: [1, 2]}\nname: common\n`;
  files["env/more.yaml"] = `list: [${g.pick(["d", "e"])}]\nmap: {y: [${g.pick(["3", "4, 5"])}]}\n`;
  files["env/prod.yaml.gotmpl"] =
    "name: {{ .Environment.Name }}\nlist:\n{{- range .Values.list }}\n- {{ . }}-p\n{{- end }}\n";
  const envs = [
    "environments:",
    "  default:",
    "    values:",
    "    - env/common.yaml",
    ...(g.bool() ? ["    - env/more.yaml"] : []),
    ...(g.bool(0.4) ? [`    - {list: [${g.pick(["i", "j"])}]}`] : []),
    "  prod:",
    "    values:",
    "    - env/common.yaml",
    "    - env/more.yaml",
    ...(g.bool() ? ["    - env/prod.yaml.gotmpl"] : []),
    ...(g.bool(0.3) ? [`    kubeContext: ${g.pick(["kc1", "kc2"])}`] : []),
    "---",
    "releases:",
    "- name: envrel",
    `  chart: ${chart(g)}`,
    "  values:",
    "  - list: {{ .Values.list | toJson }}",
    "    map: {{ .Values.map | toJson }}",
    "    name: {{ .Values.name }}",
    "- name: env-{{ .Environment.Name }}",
    `  chart: ${chart(g)}`,
    "  values:",
    "  - first: {{ index .Values.list 0 | quote }}",
    "",
  ];
  files["helmfile.yaml.gotmpl"] = envs.join("\n");
  const args: string[] = [];
  if (g.bool(0.5)) args.push("-e", "prod");
  if (g.bool(0.3)) args.push("--state-values-set", `name=${g.pick(["cli", "over"])}`);
  if (g.bool(0.1)) args.push("-e", "missing-env");
  return { files, args, stateFile: "helmfile.yaml.gotmpl" };
}

function familyGotmpl(g: Gen): Generated {
  const files: Record<string, string> = {};
  files["values/rel.yaml.gotmpl"] = [
    "release: {{ .Release.Name }}",
    "ns: {{ .Release.Namespace | quote }}",
    "env: {{ .Environment.Name }}",
    `num: {{ .Values.num | default ${g.pick(["1", "2"])} }}`,
    g.bool() ? "upper: {{ .Release.Name | upper }}" : "labels: {{ .Release.Labels | toJson }}",
    "",
  ].join("\n");
  files["values/plain.yaml"] = valuesFile(g);
  const lines = [
    "environments:",
    "  default:",
    "    values:",
    `    - num: ${g.pick(["5", "6", "7"])}`,
    "      names: [a, b]",
    "---",
    "releases:",
    "{{- range $i, $n := .Values.names }}",
    "- name: gen-{{ $n }}",
    `  chart: ${chart(g)}`,
    `  namespace: ns{{ $i }}`,
    '  labels: {idx: "{{ $i }}"}',
    "  values:",
    `  - ${g.pick(["values/rel.yaml.gotmpl", "values/plain.yaml"])}`,
    "  - values/rel.yaml.gotmpl",
    "{{- end }}",
    "",
  ];
  files["helmfile.yaml.gotmpl"] = lines.join("\n");
  const args = g.bool(0.4) ? ["--state-values-set", `num=${g.pick(["9", "10"])}`] : [];
  return { files, args, stateFile: "helmfile.yaml.gotmpl" };
}

function familyValuesTemplate(g: Gen): Generated {
  const lines = [
    "templates:",
    "  default:",
    `    chart: ${chart(g)}`,
    "    namespace: tmpl",
    "    valuesTemplate:",
    "    - name: '{{`{{ .Release.Name }}`}}'",
    `      env: '{{\`{{ .Environment.Name }}\`}}'`,
    ...(g.bool()
      ? [
          "    setTemplate:",
          "    - name: st",
          "      value: '{{`{{ .Release.Name }}-{{ .Release.Namespace }}`}}'",
        ]
      : []),
    "releases:",
  ];
  for (const n of releaseNames(g, g.int(1, 3))) {
    lines.push(`- name: ${n}`, "  inherit: [{template: default}]");
    if (g.bool(0.4)) lines.push(`  namespace: ${g.pick(["ns1", "ns2"])}`);
    if (g.bool(0.3)) lines.push("  values:", "  - own: 1");
  }
  return { files: { "helmfile.yaml.gotmpl": `${lines.join("\n")}\n` }, stateFile: "helmfile.yaml.gotmpl" };
}

function familySet(g: Gen): Generated {
  const lines = ["releases:"];
  for (const n of releaseNames(g, g.int(1, 3))) {
    lines.push(`- name: ${n}`, `  chart: ${chart(g)}`);
    if (g.bool(0.7)) {
      lines.push("  set:");
      for (const k of g.some(["a", "b.c", "list[0]", "d"], 0.6).concat(["s"])) {
        if (g.bool(0.2)) lines.push(`  - name: ${k}`, `    values: [${g.pick(["1, 2", "x, y"])}]`);
        else lines.push(`  - name: ${k}`, `    value: ${scalar(g)}`);
      }
    }
    if (g.bool(0.5)) {
      lines.push("  setString:");
      for (const k of g.some(["a", "e", "f.g"], 0.6).concat(["t"]))
        lines.push(`  - name: ${k}`, `    value: ${g.pick(["1", "true", '"007"', "x"])}`);
    }
    if (g.bool(0.4)) lines.push("  values:", inlineValues(g, "  - ").replace(/\n {2}- /g, "\n    "));
  }
  const args: string[] = [];
  const state = g.bool(0.4);
  if (state) {
    args.push("--state-values-set", `x=${g.pick(["1", "a", "true"])}`);
    lines.push("- name: sv", `  chart: ${chart(g)}`, "  values:", "  - x: {{ .Values.x | toJson }}");
    if (g.bool(0.4)) args.push("--state-values-set-string", "y=true");
  }
  return {
    files: { [state ? "helmfile.yaml.gotmpl" : "helmfile.yaml"]: `${lines.join("\n")}\n` },
    args,
    ...(state ? { stateFile: "helmfile.yaml.gotmpl" } : {}),
  };
}

function familyMissingFile(g: Gen): Generated {
  const stateHandler = g.bool(0.4) ? g.pick(["Warn", "Info", "Debug", "Error"]) : undefined;
  const lines = stateHandler === undefined ? [] : [`missingFileHandler: ${stateHandler}`];
  lines.push("releases:");
  const files: Record<string, string> = { "present.yaml": valuesFile(g) };
  const names = releaseNames(g, g.int(1, 3));
  const handlers = names.map(() => (g.bool(0.6) ? g.pick(["Warn", "Info", "Debug", "Error"]) : undefined));
  // write-values visits releases in Go map order: with a failing release, which others were
  // written first varies from run to run, so a failing case keeps one release.
  const fails = handlers.some((h) => (h ?? stateHandler ?? "Error") === "Error");
  for (const [i, n] of names.entries()) {
    if (fails && i > 0) break;
    lines.push(`- name: ${n}`, `  chart: ${chart(g)}`);
    const handler = handlers[i];
    if (handler !== undefined) lines.push(`  missingFileHandler: ${handler}`);
    const vals = g.shuffle([
      "present.yaml",
      `missing-${n}.yaml`,
      ...(g.bool(0.3) ? ["missing.yaml.gotmpl"] : []),
    ]);
    lines.push("  values:", ...vals.map((v) => `  - ${v}`));
  }
  return { files: { ...files, "helmfile.yaml": `${lines.join("\n")}\n` } };
}

function familyCondition(g: Gen): Generated {
  const lines = [
    "environments:",
    "  default:",
    "    values:",
    `    - a: {enabled: ${g.pick(["true", "false"])}}`,
    `      b: {enabled: ${g.pick(["true", "false"])}}`,
    "---",
    "releases:",
  ];
  for (const n of releaseNames(g, g.int(2, 4))) {
    lines.push(`- name: ${n}`, `  chart: ${chart(g)}`, `  labels: {tier: ${g.pick(TIERS)}}`);
    if (g.bool(0.7)) lines.push(`  condition: ${g.pick(["a.enabled", "b.enabled"])}`);
    if (g.bool(0.2)) lines.push("  installed: false");
  }
  const args: string[] = [];
  if (g.bool(0.3)) args.push("--state-values-set", `a.enabled=${g.pick(["true", "false"])}`);
  if (g.bool(0.4)) args.push("-l", `tier=${g.pick(TIERS)}`, "--allow-no-matching-release");
  return {
    files: { "helmfile.yaml.gotmpl": `${lines.join("\n")}\n` },
    args,
    stateFile: "helmfile.yaml.gotmpl",
  };
}

function familyDefaults(g: Gen): Generated {
  const lines = [
    "helmDefaults:",
    ...g
      .some(
        [
          "  wait: true",
          "  timeout: 120",
          "  atomic: true",
          "  createNamespace: false",
          "  recreatePods: true",
          "  args: [--debug]",
          "  skipDeps: true",
          "  reuseValues: true",
          "  historyMax: 3",
        ],
        0.4,
      )
      .concat(["  verify: false"]),
  ];
  if (g.bool(0.7)) lines.push(`commonLabels:\n  owner: ${g.pick(["me", "you"])}\n  tier: common`);
  lines.push("releases:");
  for (const n of releaseNames(g, g.int(1, 3))) {
    lines.push(`- name: ${n}`, `  chart: ${chart(g)}`);
    if (g.bool(0.5)) lines.push(`  labels: {tier: ${g.pick(TIERS)}}`);
    if (g.bool(0.3)) lines.push(`  wait: ${g.pick(["true", "false"])}`);
    if (g.bool(0.3)) lines.push(`  timeout: ${g.pick(["30", "60"])}`);
    if (g.bool(0.2)) lines.push("  version: 1.2.3");
  }
  const args = g.bool(0.4)
    ? ["-l", `${g.pick(["owner=me", "tier=common", "tier=web"])}`, "--allow-no-matching-release"]
    : [];
  return { files: { "helmfile.yaml": `${lines.join("\n")}\n` }, args };
}

function familyMixed(g: Gen): Generated {
  const files: Record<string, string> = {};
  files["base.yaml"] = `commonLabels: {mix: "yes"}\nhelmDefaults:\n  wait: ${g.pick(["true", "false"])}\n`;
  files["sub/helmfile.yaml"] =
    `releases:\n- name: subrel\n  chart: ${chart(g, 1)}\n  labels: {tier: ${g.pick(TIERS)}}\n  needs: [${g.pick(["top", "other"])}]\n`;
  const top = [
    "bases: [base.yaml]",
    "helmfiles:",
    `- path: sub/helmfile.yaml${g.bool() ? "\n  selectorsInherited: true" : ""}`,
    "templates:",
    `  t: {chart: ${chart(g)}, labels: {tier: ${g.pick(TIERS)}}, missingFileHandler: Warn, values: [missing.yaml]}`,
    "releases:",
    "- name: top",
    "  inherit: [{template: t}]",
    `  installed: ${g.pick(["true", "false"])}`,
    "- name: other",
    "  inherit: [{template: t}]",
    "  needs: [top]",
    `  labels: {tier: ${g.pick(TIERS)}}`,
    "",
  ];
  files["helmfile.yaml"] = top.join("\n");
  const args = g.bool(0.6) ? ["-l", `tier=${g.pick(TIERS)}`, "--allow-no-matching-release"] : [];
  return { files, args };
}

/** The object the `cm` or `kv` chart renders for a release (what a patch targets). */
function chartObject(chartName: string, release: string): { kind: string; name: string; field: string } {
  return chartName === "cm"
    ? { kind: "ConfigMap", name: release, field: "data" }
    : { kind: "Secret", name: `${release}-kv`, field: "stringData" };
}

/** One chartify patch of a field, inline or as a file (`.gotmpl` ones read the release's values). */
function patchEntry(
  g: Gen,
  files: Record<string, string>,
  field: "strategicMergePatches" | "jsonPatches" | "transformers",
  target: { kind: string; name: string; field: string; namespace?: string },
  n: number,
  /** A `.gotmpl` patch reads `.Values.owner` when the release sets it, else `.Release.Name`. */
  hasOwner: boolean,
): string[] {
  const key = g.pick(["patched", "extra", "owner"]);
  const value = g.pick(["yes", "team-a", "2"]);
  let body: string[];
  if (field === "strategicMergePatches") {
    body = [
      "apiVersion: v1",
      `kind: ${target.kind}`,
      "metadata:",
      `  name: ${target.name}`,
      ...(target.namespace === undefined ? [] : [`  namespace: ${target.namespace}`]),
      ...(g.bool(0.3) ? ["  annotations:", `    note: ${JSON.stringify(value)}`] : []),
      `${target.field}:`,
      `  ${key}: ${JSON.stringify(value)}`,
    ];
  } else if (field === "jsonPatches") {
    body = [
      "target:",
      "  version: v1",
      `  kind: ${target.kind}`,
      `  name: ${target.name}`,
      ...(target.namespace !== undefined && g.bool(0.5) ? [`  namespace: ${target.namespace}`] : []),
      "patch:",
      `- op: ${g.pick(["add", "add", "replace"])}`,
      `  path: /${target.field}/${key}`,
      `  value: ${JSON.stringify(value)}`,
      ...(g.bool(0.3) ? ["- op: add", "  path: /metadata/labels", '  value: {patched: "json"}'] : []),
    ];
  } else {
    const kind = g.pick(["LabelTransformer", "AnnotationsTransformer"]);
    const path = kind === "LabelTransformer" ? "metadata/labels" : "metadata/annotations";
    body = [
      "apiVersion: builtin",
      `kind: ${kind}`,
      "metadata:",
      `  name: t${n}`,
      `${kind === "LabelTransformer" ? "labels" : "annotations"}:`,
      `  ${key}: ${JSON.stringify(value)}`,
      "fieldSpecs:",
      `- path: ${path}`,
      "  create: true",
    ];
  }
  const form = g.pick(["inline", "inline", "file", "gotmpl"]);
  if (form === "inline") return [`- ${body[0]}`, ...body.slice(1).map((l) => `  ${l}`)];
  const file = `patches/${field}-${n}.yaml${form === "gotmpl" ? ".gotmpl" : ""}`;
  const text =
    form === "gotmpl"
      ? body
          .map((l) =>
            l.replace(
              JSON.stringify(value),
              hasOwner ? "{{ .Values.owner | quote }}" : "{{ .Release.Name | quote }}",
            ),
          )
          .join("\n")
      : body.join("\n");
  files[file] = `${text}\n`;
  return [`- ${file}`];
}

/** Local charts with strategicMergePatches, jsonPatches, transformers and forceNamespace (chartify). */
function familyChartify(g: Gen): Generated {
  const files: Record<string, string> = {};
  const names = g.shuffle(NAMES).slice(0, g.int(1, 3));
  const lines = ["releases:"];
  names.forEach((name, i) => {
    const chartName = g.pick(["cm", "kv"]);
    const namespace = g.pick(["ns1", "ns2"]);
    const force = g.bool(0.25) ? g.pick(["forced", "other"]) : undefined;
    lines.push(`- name: ${name}`, `  namespace: ${namespace}`, `  chart: ../../../charts/${chartName}`);
    lines.push(`  labels: {tier: ${g.pick(TIERS)}}`);
    const hasOwner = g.bool(0.6);
    if (hasOwner) lines.push("  values:", `  - owner: ${g.pick(["ops", "dev"])}`, `    a: ${g.int(1, 9)}`);
    if (g.bool(0.3)) lines.push("  set:", `  - name: nested.k`, `    value: ${g.pick(["s1", "s2"])}`);
    // The kv chart's Secret has no namespace of its own.
    const target = {
      ...chartObject(chartName, name),
      ...(chartName === "cm" ? { namespace: force ?? namespace } : {}),
    };
    const fields = g.some(["strategicMergePatches", "jsonPatches", "transformers"] as const, 0.5);
    if (fields.length === 0 && force === undefined)
      fields.push(g.pick(["strategicMergePatches", "jsonPatches"]));
    for (const field of fields) {
      lines.push(`  ${field}:`);
      for (let k = 0; k < g.int(1, 2); k++)
        lines.push(...patchEntry(g, files, field, target, i * 10 + k, hasOwner).map((l) => `  ${l}`));
    }
    if (force !== undefined) lines.push(`  forceNamespace: ${force}`);
  });
  files["helmfile.yaml"] = `${lines.join("\n")}\n`;
  const args = g.bool(0.3) ? ["-l", `tier=${g.pick(TIERS)}`, "--allow-no-matching-release"] : [];
  return { files, args };
}

/** Kustomization directories and plain manifest directories as charts (chartify + kustomize). */
function familyKustomize(g: Gen): Generated {
  const files: Record<string, string> = {};
  const names = g.shuffle(NAMES).slice(0, g.int(1, 2));
  const lines = ["releases:"];
  names.forEach((name, i) => {
    const dir = `dirs/${name}`;
    const namespace = g.pick(["ns1", "ns2"]);
    const cm = [
      "apiVersion: v1",
      "kind: ConfigMap",
      "metadata:",
      `  name: ${name}-config`,
      "data:",
      `  k: ${JSON.stringify(g.pick(["v1", "v2"]))}`,
    ];
    const deploy = [
      "apiVersion: apps/v1",
      "kind: Deployment",
      "metadata:",
      `  name: ${name}`,
      "spec:",
      "  replicas: 1",
      `  selector: {matchLabels: {app: ${name}}}`,
      "  template:",
      `    metadata: {labels: {app: ${name}}}`,
      "    spec:",
      "      containers:",
      `      - name: main`,
      `        image: ${g.pick(["nginx:1.25", "busybox:1.36"])}`,
    ];
    files[`${dir}/configmap.yaml`] = `${cm.join("\n")}\n`;
    files[`${dir}/deployment.yaml`] = `${deploy.join("\n")}\n`;
    const kustomized = g.bool(0.7);
    if (kustomized) {
      const k = [
        "apiVersion: kustomize.config.k8s.io/v1beta1",
        "kind: Kustomization",
        "resources:",
        "- configmap.yaml",
        "- deployment.yaml",
      ];
      if (g.bool(0.4)) k.push(`namePrefix: ${g.pick(["pre-", "team-"])}`);
      if (g.bool(0.4)) k.push("commonLabels:", `  managed: ${g.pick(["kustomize", "helmfile"])}`);
      if (g.bool(0.4))
        k.push("configMapGenerator:", `- name: ${name}-gen`, "  literals:", `  - key=${g.pick(["a", "b"])}`);
      files[`${dir}/kustomization.yaml`] = `${k.join("\n")}\n`;
    }
    lines.push(`- name: ${name}`, `  namespace: ${namespace}`, `  chart: ./${dir}`);
    if (kustomized && g.bool(0.5)) {
      lines.push("  values:");
      if (g.bool())
        lines.push(
          `  - images: [{name: ${g.pick(["nginx", "busybox"])}, newTag: "${g.pick(["9.9", "1.0"])}"}]`,
        );
      else lines.push(`  - nameSuffix: ${g.pick(["-x", "-y"])}`);
    }
    const force = g.bool(0.3) ? g.pick(["forced", "other"]) : undefined;
    if (force !== undefined) lines.push(`  forceNamespace: ${force}`);
    if (g.bool(0.3)) {
      lines.push("  strategicMergePatches:");
      lines.push(
        "  - apiVersion: apps/v1",
        "    kind: Deployment",
        "    metadata:",
        `      name: ${name}`,
        `      namespace: ${force ?? namespace}`,
        "    spec:",
        `      replicas: ${g.int(2, 5)}`,
      );
    }
    void i;
  });
  files["helmfile.yaml"] = `${lines.join("\n")}\n`;
  return { files };
}

/**
 * Remote bases, sub-helmfiles and values files over go-getter's git getter (`git::file://…@path?ref=`)
 * from the bare repository the harness makes of tests/differential/repos/platform.
 */
function familyGitSource(g: Gen): Generated {
  // One ref per case: go-getter caches a repository by URL without its query, so a second ref of the
  // same repository in one run checks out in the first one's clone (a shallow or single-branch clone
  // fails there), and which fetch comes first can vary in helmfile.
  const one = `?ref=${g.pick(["v1", "v1", "main"])}${g.bool(0.2) ? "&depth=1" : ""}`;
  const ref = (): string => one;
  const lines = ['{{ $repo := printf "git::file://%s/platform.git" (requiredEnv "PH_DIFF_REPOS") }}'];
  const withBase = g.bool(0.5);
  if (withBase) lines.push("bases:", `- {{ $repo }}@bases/env.yaml${ref()}`);
  if (g.bool(0.5)) {
    lines.push("helmfiles:", `- path: {{ $repo }}@states/helmfile.yaml${ref()}`);
    if (g.bool(0.3)) lines.push("  values:", `  - value: ${g.pick(["over", "ride"])}`);
  }
  lines.push("releases:");
  const names = g.shuffle(NAMES).slice(0, g.int(1, 2));
  for (const name of names) {
    lines.push(`- name: ${name}`, `  namespace: ${g.pick(["ns1", "ns2"])}`, `  chart: ${chart(g)}`);
    lines.push(`  labels: {tier: ${g.pick(TIERS)}}`, "  values:");
    lines.push(`  - {{ $repo }}@values/common.yaml${ref()}`);
    if (g.bool(0.4)) lines.push(`  - {{ $repo }}@values/env.yaml${ref()}`);
    if (withBase && g.bool(0.5)) lines.push('  - region: {{ .Values | get "region" "none" }}');
    if (g.bool(0.2)) lines.push(`  - {{ $repo }}@values/missing.yaml${ref()}`, "  missingFileHandler: Warn");
  }
  const args = g.bool(0.3) ? ["-l", `tier=${g.pick(TIERS)}`, "--allow-no-matching-release"] : [];
  return {
    files: { "helmfile.yaml.gotmpl": `${lines.join("\n")}\n` },
    args,
    stateFile: "helmfile.yaml.gotmpl",
  };
}

/** References to the seeded moto server (tests/support/aws-refs.ts) and offline ones, in every documented form. */
const SCALAR_REFS = [
  "ref+awssecrets://phf/plain",
  "ref+awssecrets://phf/app/db#/password",
  "ref+awssecrets://phf/app/db#/port",
  "ref+awssecrets://phf/app/db?region=us-east-1#/user",
  "ref+awssecrets://phf/versioned",
  "ref+awssecrets://phf/versioned?version_stage=AWSPREVIOUS",
  "ref+awssecrets://phf/versioned?version_id=phf-version-one-0000000000000000000001",
  "ref+awssecrets://phf/binary",
  "ref+awssecrets://phf/legacy#/pass",
  "ref+awsssm://phf/app/param",
  "ref+awsssm:///phf/app/other",
  "ref+awsssm://phf/app#/param",
  "ref+awsssm://phf/app?recursive=true#/nested/deeper/leaf",
  "ref+awsssm://phf/versioned?version=1",
  "ref+awsssm://phf/versioned",
  "ref+awsssm://phf/doc?mode=singleparam#/n",
  "ref+s3://phf-refs/plain.txt",
  "ref+s3://phf-refs/config.yaml#/db/host",
  "ref+s3://phf-refs/dir/nested.json#/x/y",
  "ref+echo://plain-echo",
  "ref+file://./secret.yaml#/token",
  "ref+tfstate://infra/terraform.tfstate/output.vpc_id",
  "ref+tfstate://infra/terraform.tfstate/output.subnets[1]",
  "ref+tfstate://infra/terraform.tfstate/output.tags.cost-center",
  "ref+tfstate://infra/terraform.tfstate/output.replicas",
  "ref+tfstate://infra/terraform.tfstate/aws_vpc.main.tags.my-key",
  "ref+tfstate://infra/terraform.tfstate/aws_subnet.private[0].az",
  'ref+tfstate://infra/terraform.tfstate/aws_s3_bucket.logs["eu"].arn',
  "ref+tfstate://infra/terraform.tfstate/module.db.aws_db_instance.this.endpoint",
  "ref+tfstate://infra/terraform.tfstate/data.aws_caller_identity.current.account_id",
  "ref+tfstate://infra/terraform.tfstate/aws_vpc.other.id",
  "ref+tfstates3://phf-refs/tf/terraform.tfstate/output.vpc_id",
  "ref+tfstates3://phf-refs/tf/terraform.tfstate/aws_subnet.private[1].id",
];
const STRUCTURED_REFS = [
  "ref+awssecrets://phf/app/db",
  "ref+awssecrets://phf/app/db#/nested",
  "ref+awssecrets://phf/app/db#/missing",
  "ref+awssecrets://phf/yaml#/b",
  "ref+awssecrets://phf/legacy#/user",
  "ref+awsssm://phf/app#/nested",
  "ref+awsssm://phf/app?recursive=true#/nested",
  "ref+awsssm://phf/doc?mode=singleparam#/list",
  "ref+s3://phf-refs/config.yaml#/db",
  "ref+s3://phf-refs/config.yaml#/flags",
  "ref+s3://phf-refs/dir/nested.json#/n",
  "ref+tfstate://infra/terraform.tfstate/output.subnets",
  "ref+tfstate://infra/terraform.tfstate/aws_vpc.main",
  "ref+tfstate://infra/terraform.tfstate/aws_s3_bucket.logs",
  "ref+tfstates3://phf-refs/tf/terraform.tfstate/output.tags",
];

/** A reference as a whole value, or embedded in a longer string (then ended by `+` or the string). */
function refValue(g: Gen, structured = true): string {
  const ref = g.pick(structured && g.bool(0.35) ? STRUCTURED_REFS : SCALAR_REFS);
  if (!g.bool(0.25)) return JSON.stringify(ref);
  return JSON.stringify(g.pick([`pre-${ref}+-post`, `${ref} and ref+echo://two`, `x=${ref}`]));
}

/**
 * Secret references wherever helmfile evaluates them (inline values, `set`/`setString`, values
 * files, `.gotmpl` values files through fetchSecretValue and expandSecretRefs, environment values
 * used by a release), to Secrets Manager, SSM and S3 on the seeded moto server and offline backends.
 */
function familySecretRefs(g: Gen): Generated {
  const files: Record<string, string> = {
    "secret.yaml": "token: file-token\n",
    "infra/terraform.tfstate": TFSTATE,
  };
  const lines: string[] = [];
  const env = g.bool(0.4);
  if (env)
    lines.push("environments:", "  default:", "    values:", `    - envref: ${refValue(g, false)}`, "---");
  lines.push("releases:");
  const names = releaseNames(g, g.int(1, 2));
  for (const name of names) {
    lines.push(`- name: ${name}`, `  chart: ${chart(g)}`);
    const ns = nsLine(g, "  ");
    if (ns !== "") lines.push(ns.trimEnd());
    lines.push("  values:");
    const inline = Array.from({ length: g.int(1, 3) }, (_, i) => `r${i}: ${refValue(g)}`);
    if (g.bool(0.3)) inline.push(`nested: {deep: ${refValue(g)}}`, `list: [${refValue(g, false)}, plain]`);
    lines.push(`  - {${inline.join(", ")}}`);
    if (env) lines.push("  - fromEnv: {{ .Values.envref | quote }}");
    if (g.bool(0.4)) {
      files[`values-${name}.yaml`] = `file: ${refValue(g)}\nother: ${refValue(g, false)}\n`;
      lines.push(`  - values-${name}.yaml`);
    }
    if (g.bool(0.4)) {
      // A number fails fetchSecretValue (`expected 5432 to be string`): in a state of one release
      // only, where that failure is the only one (with two, which fails first varies in helmfile).
      let a = JSON.parse(refValue(g, false)) as string;
      while (names.length > 1 && /#\/(port|n)$/.test(a)) a = JSON.parse(refValue(g, false)) as string;
      const b = JSON.parse(refValue(g, false)) as string;
      files[`values-${name}.yaml.gotmpl`] = [
        `fetched: {{ fetchSecretValue ${JSON.stringify(a)} | quote }}`,
        `expanded: {{ (dict "k" ${JSON.stringify(b)} | expandSecretRefs).k | quote }}`,
        "",
      ].join("\n");
      lines.push(`  - values-${name}.yaml.gotmpl`);
    }
    const sets: string[] = [];
    if (g.bool(0.5)) sets.push(`  - name: s.value\n    value: ${refValue(g, false)}`);
    if (g.bool(0.3))
      sets.push(`  - name: s.list\n    values: [${refValue(g, false)}, ${refValue(g, false)}]`);
    if (sets.length > 0) lines.push("  set:", ...sets);
    if (g.bool(0.3)) lines.push("  setString:", `  - name: s.string\n    value: ${refValue(g, false)}`);
  }
  files["helmfile.yaml.gotmpl"] = `${lines.join("\n")}\n`;
  return { files, stateFile: "helmfile.yaml.gotmpl" };
}

/** `ref+httpjson://` to tests/support/httpjson-server.ts: answers in every documented form. */
const HJ = `ref+httpjson://127.0.0.1:${HTTPJSON_PORT}`;
const HTTPJSON_REFS = [
  `${HJ}/repos?insecure=true#///*[1]/name`,
  `${HJ}/repos?insecure=true#/*[2]/name`,
  `${HJ}/repos?insecure=true#///*[name='vals']/id`,
  `${HJ}/repos?insecure=true#///*[1]/topics`,
  `${HJ}/repos?insecure=true#//*[topics/*='helm'][2]/name`,
  `${HJ}/repos?insecure=true#///*[count(topics/*)=0]/name`,
  `${HJ}/repos?insecure=true#///*[owner/login='yxxhero']/name`,
  `${HJ}/config?insecure=true#//db/host`,
  `${HJ}/config?insecure=true#//db/port`,
  `${HJ}/config?insecure=true#//db/password`,
  `${HJ}/config?insecure=true#//flags/enabled`,
  `${HJ}/config?insecure=true#//flags/ratio`,
  `${HJ}/config?insecure=true#//flags/limit`,
  `${HJ}/config?insecure=true&floatAsInt=true#//flags/limit`,
  `${HJ}/config?floatAsInt=true&insecure=true#//flags/half`,
  `${HJ}/config?insecure=true#//flags/none`,
  `${HJ}/config?insecure=true#//hosts`,
  `${HJ}/config?insecure=true#//single`,
  `${HJ}/config?insecure=true#///deep/key`,
  `${HJ}/config?insecure=true#//*[starts-with(name(),'sp')]`,
  `${HJ}/config?insecure=true#//html`,
  `${HJ}/config?insecure=true#///*[lower-case(name())='db']/user`,
  `${HJ}/config?insecure=true#///flags/*[last()-1]`,
  `${HJ}/config?insecure=true#///hosts/*[ends-with(.,'b.example')]`,
  `${HJ}/config?insecure=true#///hosts/*[matches(.,'^a')]`,
  `${HJ}/config?insecure=true#//db[port=5432]/user`,
  `${HJ}/config?page=2&insecure=true#//db/user`,
  `${HJ}/moved?insecure=true#//db/user`,
  `${HJ}/gone?insecure=true#//error`,
  `${HJ}/string?insecure=true#//`,
];
/** References that fail, each with vals' own message (one per state: which fails first is then fixed). */
const HTTPJSON_FAILING = [
  `${HJ}/config?insecure=true#//db`,
  `${HJ}/config?b=2&a=1&insecure=true#//flags`,
  `${HJ}/config?insecure=true#//nope`,
  `${HJ}/config?insecure=true`,
  `${HJ}/config#//db/user`,
  "ref+httpjson://127.0.0.1:1/config?insecure=true#//db/user",
  `${HJ}/html?insecure=true#//a`,
  `${HJ}/empty-body?insecure=true#//a`,
  "ref+httpjson:///config?insecure=true#//a",
  `${HJ}/config?insecure=true#///*[upper-case(name())='DB']`,
  `${HJ}/config?insecure=true#/count(//db)`,
];

/**
 * `ref+httpjson://` wherever helmfile evaluates references (inline values whole and embedded,
 * `set`, environment values, values files and fetchSecretValue), against the JSON server of
 * tests/support/httpjson-server.ts; about a third of the states hold one failing reference.
 */
function familyHttpJson(g: Gen): Generated {
  const files: Record<string, string> = {};
  const lines: string[] = [];
  const failing = g.bool(0.35) ? g.pick(HTTPJSON_FAILING) : undefined;
  const ref = (): string => {
    const r = g.pick(HTTPJSON_REFS);
    return JSON.stringify(g.bool(0.25) ? `x=${r}+-y` : r);
  };
  const env = g.bool(0.3);
  if (env) lines.push("environments:", "  default:", "    values:", `    - envref: ${ref()}`, "---");
  lines.push("releases:");
  const names = releaseNames(g, failing === undefined ? g.int(1, 2) : 1);
  for (const name of names) {
    lines.push(`- name: ${name}`, `  chart: ${chart(g)}`);
    const ns = nsLine(g, "  ");
    if (ns !== "") lines.push(ns.trimEnd());
    lines.push("  values:");
    const inline = Array.from({ length: g.int(1, 3) }, (_, i) => `h${i}: ${ref()}`);
    if (failing !== undefined) inline.push(`bad: ${JSON.stringify(failing)}`);
    lines.push(`  - {${inline.join(", ")}}`);
    if (env) lines.push("  - fromEnv: {{ .Values.envref | quote }}");
    if (g.bool(0.4)) {
      files[`values-${name}.yaml`] = `file: ${ref()}\n`;
      lines.push(`  - values-${name}.yaml`);
    }
    if (g.bool(0.3)) {
      files[`values-${name}.yaml.gotmpl`] = `fetched: {{ fetchSecretValue ${ref()} | quote }}\n`;
      lines.push(`  - values-${name}.yaml.gotmpl`);
    }
    if (g.bool(0.4)) lines.push("  set:", `  - name: s.value\n    value: ${ref()}`);
  }
  files["helmfile.yaml.gotmpl"] = `${lines.join("\n")}\n`;
  return { files, stateFile: "helmfile.yaml.gotmpl" };
}

const FAMILIES: Record<string, (g: Gen) => Generated> = {
  inherit: familyInherit,
  needs: familyNeeds,
  selectors: familySelectors,
  bases: familyBases,
  subhelmfiles: familySubhelmfiles,
  environments: familyEnvironments,
  gotmpl: familyGotmpl,
  valuestemplate: familyValuesTemplate,
  set: familySet,
  missingfile: familyMissingFile,
  condition: familyCondition,
  defaults: familyDefaults,
  mixed: familyMixed,
  chartify: familyChartify,
  kustomize: familyKustomize,
  gitsource: familyGitSource,
  secretrefs: familySecretRefs,
  httpjson: familyHttpJson,
};

/** Cases of a family, where it is not {@link PER_FAMILY}. */
const FAMILY_SIZE: Readonly<Record<string, number>> = { secretrefs: 44, httpjson: 24 };

/** Generates every case (in memory). */
export function generateCases(
  seed = DEFAULT_SEED,
): { id: string; spec: CaseSpec; files: Record<string, string> }[] {
  const out: { id: string; spec: CaseSpec; files: Record<string, string> }[] = [];
  for (const [family, fn] of Object.entries(FAMILIES)) {
    // One stream per family: changing one family leaves the others' cases as they were.
    const g = new Gen(
      mulberry32(seed ^ [...family].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261)),
    );
    for (let i = 0; i < (FAMILY_SIZE[family] ?? PER_FAMILY); i++) {
      const r = fn(g);
      const id = `${family}-${String(i).padStart(2, "0")}`;
      const spec: CaseSpec = {
        family,
        stateFile: r.stateFile ?? "helmfile.yaml",
        args: [...(r.args ?? [])],
        templateArgs: [...(r.templateArgs ?? [])],
      };
      out.push({ id, spec, files: r.files });
    }
  }
  return out;
}

function main(): void {
  const seedArg = process.argv.indexOf("--seed");
  const seed = seedArg >= 0 ? Number(process.argv[seedArg + 1]) : DEFAULT_SEED;
  const cases = generateCases(seed);
  const keep = new Set(cases.map((c) => c.id));
  mkdirSync(CASES_DIR, { recursive: true });
  for (const d of readdirSync(CASES_DIR)) if (!keep.has(d)) rmSync(join(CASES_DIR, d), { recursive: true });
  for (const c of cases) {
    const dir = join(CASES_DIR, c.id);
    rmSync(join(dir, "state"), { recursive: true, force: true });
    for (const [rel, text] of Object.entries(c.files)) {
      const p = join(dir, "state", rel);
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, text);
    }
    writeFileSync(join(dir, "case.json"), `${JSON.stringify(c.spec)}\n`);
  }
  process.stdout.write(`wrote ${cases.length} cases (seed ${seed}) to ${CASES_DIR}\n`);
}

if (require.main === module) main();
