/**
 * Whether a chart's output is a pure function of its inputs. A chart whose templates call a
 * function of sprig's or helm's that returns something new each time (random text, keys and
 * certificates, the time, the network) renders differently every run, so its output is never
 * cached; a template that calls one without `lookup` (which lets a chart keep what the cluster
 * already holds) regenerates that value on every render, which the preview says.
 *
 * Read from the chart's template files, its subcharts' included (directories and `.tgz`
 * archives under `charts/`).
 */
import { Parser } from "tar";
import { parse as parseYaml } from "yaml";
import type { ListNode, Node, PipeNode } from "../template/parse/nodes";
import { parseTrees } from "../template/parse/parser";
import { isMap, type Value, type ValueMap } from "../shared/value";

/** sprig's and helm's functions whose result is not determined by their arguments. */
export const IMPURE_FUNCTIONS: readonly string[] = [
  "randAlphaNum",
  "randAlpha",
  "randNumeric",
  "randAscii",
  "randBytes",
  "randInt",
  "uuidv4",
  "genCA",
  "genCAWithKey",
  "genPrivateKey",
  "genSelfSignedCert",
  "genSelfSignedCertWithKey",
  "genSignedCert",
  "genSignedCertWithKey",
  "htpasswd",
  "bcrypt",
  "encryptAES",
  "shuffle",
  "now",
  "ago",
  "getHostByName",
];

const IMPURE = new RegExp(`(?<![\\w.$])(${IMPURE_FUNCTIONS.join("|")})(?![\\w])`, "g");
const ACTION = /\{\{(.*?)\}\}/gs;
const COMMENT = /^-?\s*\/\*.*\*\/\s*-?$/s;
const LOOKUP = /(?<![\w.$])lookup(?![\w])/;

/** One template file of a chart that calls impure functions. */
export interface ImpureTemplate {
  /** The file's path inside the chart (or archive). */
  readonly path: string;
  /** The impure functions it calls, in the order first met. */
  readonly functions: readonly string[];
  /** It also calls `lookup`: it may keep what the cluster holds (a guarded value). */
  readonly usesLookup: boolean;
  /** It defines named templates (`define`), which other files may include. */
  readonly definesTemplates?: boolean;
}

/** The impure functions a template's actions call (comments and literal text left out). */
export function impureCalls(text: string): string[] {
  const found = new Set<string>();
  for (const code of actionCode(text)) for (const c of code.matchAll(IMPURE)) found.add(c[1] ?? "");
  return [...found];
}

/** The code of each action of a template: comments left out, string literals (which may hold any word) emptied. */
function* actionCode(text: string): Generator<string> {
  for (const m of text.matchAll(ACTION)) {
    const body = m[1] ?? "";
    if (!COMMENT.test(body)) yield body.replace(/"(?:[^"\\]|\\.)*"|`[^`]*`/g, '""');
  }
}

/** A chart file (path inside the chart, bytes). */
export interface ChartFile {
  readonly path: string;
  readonly content: Uint8Array;
}

/** True for a path holding templates: a `templates/` folder of the chart or of a subchart. */
function isTemplatePath(path: string): boolean {
  return /(^|\/)templates\//.test(path);
}

/** The template files that call impure functions, subcharts' archives opened. */
export function impureTemplates(files: Iterable<ChartFile>): ImpureTemplate[] {
  return readChart(files).impure;
}

/** What a chart's templates tell about its renders (see {@link readChart}). */
export interface ChartReading {
  /** The template files that call impure functions. */
  readonly impure: ImpureTemplate[];
  /**
   * Some template names `.Release.IsInstall` or `.Release.IsUpgrade` (anywhere in its text): its
   * output may differ between an install's render and an upgrade's.
   */
  readonly readsInstallOrUpgrade: boolean;
  /**
   * The API versions its templates ask `.Capabilities.APIVersions.Has` about, each a string
   * literal, sorted; undefined when some template reads the API versions otherwise (a `Has` of a
   * computed name, the list itself, `.Capabilities` handed on). `.Capabilities.KubeVersion` and
   * `.HelmVersion` are not counted.
   */
  readonly capabilityApis: readonly string[] | undefined;
  /**
   * What decides whether the chart's own templates (not its subcharts') run their impure calls:
   * undefined when its `.Values` cannot be told from its values.yaml and the user's values alone
   * (a dependency's `import-values`, an unreadable Chart.yaml).
   */
  readonly ownValues?: OwnValues;
}

/** The chart's own values and the guards of its own templates' impure calls (see {@link deadInRender}). */
export interface OwnValues {
  /** Its values.yaml text ("" when it has none). */
  readonly text: string;
  /**
   * The first keys of `.Values` that subcharts fill (dependency names and aliases, subcharts'
   * names) and `global`: helm coalesces those with the subcharts' values, so a condition on them is
   * not decided here.
   */
  readonly subchartKeys: readonly string[];
  /** By template path: the guards of each impure call (one list per call, outermost first). */
  readonly calls: ReadonlyMap<string, readonly (readonly CallGuard[])[]>;
}

/** A condition over `.Values` that a branch around a call tests (Go's `if`/`with`/`range`). */
export type ValuesCondition =
  | { readonly op: "path"; readonly path: readonly string[] }
  | { readonly op: "const"; readonly value: boolean }
  | { readonly op: "not"; readonly arg: ValuesCondition }
  | { readonly op: "and" | "or"; readonly args: readonly ValuesCondition[] };

/** A call runs only if `condition` is truthy (`holds`) or falsy (not `holds`). */
export interface CallGuard {
  readonly condition: ValuesCondition;
  readonly holds: boolean;
}

const INSTALL_OR_UPGRADE = /\bIs(?:Install|Upgrade)\b/;
const DEFINE = /\{\{-?\s*define\b/;
const CAPABILITIES = /\bCapabilities\b/g;
const HAS_LITERAL = /^Capabilities\.APIVersions\.Has\s+"((?:[^"\\]|\\.)*)"/;
const VERSIONS = /^Capabilities\.(?:KubeVersion|HelmVersion)\b/;

/** The API versions `text` asks `Has` about; undefined when it reads `.Capabilities` otherwise. */
function capabilityApisOf(text: string, into: Set<string>): boolean {
  for (const m of text.matchAll(CAPABILITIES)) {
    const rest = text.slice(m.index);
    const has = HAS_LITERAL.exec(rest);
    if (has !== null) into.add(has[1] ?? "");
    else if (!VERSIONS.test(rest)) return false;
  }
  return true;
}

/**
 * One pass over a chart's template files, subcharts' archives opened. The chart's own files are at
 * its root (a folder's files) or one folder down (an archive's `<chart>/…`), told apart by the
 * paths: a folder chart has files at its root.
 */
export function readChart(files: Iterable<ChartFile>): ChartReading {
  const impure: ImpureTemplate[] = [];
  let readsInstallOrUpgrade = false;
  const apis = new Set<string>();
  let allApis = false;
  const all = [...files];
  const archive = !all.some((f) => !f.path.includes("/") || f.path.startsWith("templates/"));
  const own = (path: string): string | undefined => {
    const rel = archive ? path.slice(path.indexOf("/") + 1) : path;
    return archive && !path.includes("/") ? undefined : rel;
  };
  let valuesText = "";
  const subchartKeys = new Set<string>(["global"]);
  let valuesReadable = true;
  const calls = new Map<string, CallGuard[][]>();
  const visit = (path: string, content: Uint8Array): void => {
    if (/(^|\/)charts\/[^/]+\.tgz$/.test(path)) {
      for (const entry of tarGzEntries(content)) visit(`${path}/${entry.path}`, entry.content);
      return;
    }
    const rel = own(path);
    if (rel === "values.yaml") valuesText = Buffer.from(content).toString("utf8");
    if (/(^|\/)(Chart|requirements)\.yaml$/.test(path)) {
      const read = chartMetadataKeys(
        Buffer.from(content).toString("utf8"),
        rel === "Chart.yaml" || rel === "requirements.yaml",
      );
      if (read === undefined) valuesReadable = false;
      else for (const k of read) subchartKeys.add(k);
    }
    if (!isTemplatePath(path)) return;
    const text = Buffer.from(content).toString("utf8");
    if (INSTALL_OR_UPGRADE.test(text)) readsInstallOrUpgrade = true;
    if (!allApis && !capabilityApisOf(text, apis)) allApis = true;
    const functions = impureCalls(text);
    if (functions.length > 0) {
      impure.push({
        path,
        functions,
        usesLookup: impureLookup(text),
        ...(DEFINE.test(text) ? { definesTemplates: true } : {}),
      });
      const guards = rel?.startsWith("templates/") === true ? guardedImpureCalls(path, text) : undefined;
      if (guards !== undefined) calls.set(path, guards);
    }
  };
  for (const f of all) visit(f.path, f.content);
  return {
    impure,
    readsInstallOrUpgrade,
    capabilityApis: allApis ? undefined : [...apis].sort(),
    ...(valuesReadable
      ? { ownValues: { text: valuesText, subchartKeys: [...subchartKeys].sort(), calls } }
      : {}),
  };
}

/**
 * The `.Values` keys a Chart.yaml (or requirements.yaml) gives to subcharts: its `name` (a
 * subchart's own), and of the chart's own (`dependencies`), each dependency's name and alias.
 * Undefined when it cannot be read, or when a dependency of the chart's own imports values into it
 * (`import-values`), which this does not compute.
 */
function chartMetadataKeys(text: string, chartsOwn: boolean): string[] | undefined {
  let doc: unknown;
  try {
    doc = parseYaml(text, { version: "1.1" });
  } catch {
    return undefined;
  }
  if (doc === null || typeof doc !== "object") return [];
  const meta = doc as { name?: unknown; dependencies?: unknown };
  const keys: string[] = [];
  if (!chartsOwn && typeof meta.name === "string") keys.push(meta.name);
  if (!chartsOwn) return keys;
  if (meta.dependencies === undefined || meta.dependencies === null) return keys;
  if (!Array.isArray(meta.dependencies)) return undefined;
  for (const d of meta.dependencies as unknown[]) {
    if (d === null || typeof d !== "object") return undefined;
    const dep = d as { name?: unknown; alias?: unknown; "import-values"?: unknown };
    if (dep["import-values"] !== undefined && dep["import-values"] !== null) return undefined;
    for (const k of [dep.name, dep.alias]) if (typeof k === "string") keys.push(k);
  }
  return keys;
}

/** Where a branch leaves dot: at the top (`.Values` reachable), at a `.Values` path, or unknown. */
type Dot = { readonly root: true } | { readonly path: readonly string[] } | undefined;

/**
 * The guards of each impure call in a template file's top-level tree, outermost first; a branch
 * whose condition is not a plain test of `.Values` adds none (the call may run). Undefined when
 * the file does not parse, or when the parse finds fewer calls than the text holds.
 */
function guardedImpureCalls(name: string, text: string): CallGuard[][] | undefined {
  let root: ListNode | undefined;
  try {
    root = parseTrees(name, text, { hasFunction: () => true }).get(name)?.root;
  } catch {
    return undefined;
  }
  if (root === undefined) return undefined;
  const out: CallGuard[][] = [];
  walkGuards(root, { root: true }, [], out);
  // Calls in `define` bodies (not in this tree) or read otherwise than by the text's count: unknown.
  let found = 0;
  for (const code of actionCode(text)) found += [...code.matchAll(IMPURE)].length;
  return out.length === found ? out : undefined;
}

const IMPURE_SET = new Set(IMPURE_FUNCTIONS);

function walkGuards(list: ListNode, dot: Dot, guards: readonly CallGuard[], out: CallGuard[][]): void {
  for (const node of list.nodes) {
    switch (node.type) {
      case "action":
      case "template":
        if (node.pipe !== undefined) for (let i = impureIn(node.pipe); i > 0; i--) out.push([...guards]);
        break;
      case "if":
      case "with":
      case "range": {
        for (let i = impureIn(node.pipe); i > 0; i--) out.push([...guards]);
        const condition = conditionOf(node.pipe, dot);
        const body = condition === undefined ? guards : [...guards, { condition, holds: true }];
        const bodyDot: Dot =
          node.type === "if"
            ? dot
            : node.type === "with" && condition?.op === "path"
              ? { path: condition.path }
              : undefined;
        walkGuards(node.list, bodyDot, body, out);
        if (node.elseList !== undefined) {
          // A range's else runs on an empty collection: not told by truthiness alone (a negative count).
          const otherwise =
            condition === undefined || node.type === "range"
              ? guards
              : [...guards, { condition, holds: false }];
          walkGuards(node.elseList, dot, otherwise, out);
        }
        break;
      }
      case "list":
        walkGuards(node, dot, guards, out);
        break;
      default:
        break;
    }
  }
}

/** How many impure functions a pipeline calls (parenthesised pipelines included). */
function impureIn(pipe: PipeNode): number {
  let n = 0;
  const visit = (node: Node): void => {
    if (node.type === "identifier" && IMPURE_SET.has(node.ident)) n++;
    else if (node.type === "pipe") for (const c of node.cmds) visit(c);
    else if (node.type === "command") for (const a of node.args) visit(a);
    else if (node.type === "chain") visit(node.node);
  };
  visit(pipe);
  return n;
}

/** A pipeline that is a plain test of `.Values` (paths, constants, `not`, `and`, `or`); else undefined. */
function conditionOf(pipe: PipeNode, dot: Dot): ValuesCondition | undefined {
  if (pipe.cmds.length !== 1) return undefined;
  const args = pipe.cmds[0]!.args;
  const head = args[0];
  if (head === undefined) return undefined;
  if (args.length === 1) return operandOf(head, dot);
  if (head.type !== "identifier") return undefined;
  const operands = args.slice(1).map((a) => operandOf(a, dot));
  if (operands.some((o) => o === undefined)) return undefined;
  const known = operands as ValuesCondition[];
  if (head.ident === "not" && known.length === 1) return { op: "not", arg: known[0]! };
  if (head.ident === "and" || head.ident === "or") return { op: head.ident, args: known };
  return undefined;
}

function operandOf(node: Node, dot: Dot): ValuesCondition | undefined {
  switch (node.type) {
    case "field":
      if (dot === undefined) return undefined;
      if ("root" in dot)
        return node.ident[0] === "Values" ? { op: "path", path: node.ident.slice(1) } : undefined;
      return { op: "path", path: [...dot.path, ...node.ident] };
    case "variable":
      return node.ident[0] === "$" && node.ident[1] === "Values"
        ? { op: "path", path: node.ident.slice(2) }
        : undefined;
    case "bool":
      return { op: "const", value: node.value };
    case "nil":
      return { op: "const", value: false };
    case "string":
      return { op: "const", value: node.text !== "" };
    case "pipe":
      return node.decl.length === 0 ? conditionOf(node, dot) : undefined;
    default:
      return undefined;
  }
}

/** Go's truth of a value (text/template `if`): false for nil, false, 0, "" and empty lists and maps. */
function truthy(v: Value | undefined): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v === "boolean") return v;
  if (typeof v === "string") return v !== "";
  if (typeof v === "bigint") return v !== 0n;
  if (typeof v === "number") return v !== 0;
  if (Array.isArray(v)) return v.length > 0;
  if (isMap(v)) return Object.keys(v).length > 0;
  return true;
}

/** The truth of a condition over `values`; undefined when it cannot be told here. */
function conditionHolds(
  c: ValuesCondition,
  values: ValueMap,
  subchartKeys: ReadonlySet<string>,
): boolean | undefined {
  switch (c.op) {
    case "const":
      return c.value;
    case "not": {
      const a = conditionHolds(c.arg, values, subchartKeys);
      return a === undefined ? undefined : !a;
    }
    case "and":
    case "or": {
      const decisive = c.op === "or";
      let unknown = false;
      for (const arg of c.args) {
        const a = conditionHolds(arg, values, subchartKeys);
        if (a === decisive) return decisive;
        if (a === undefined) unknown = true;
      }
      return unknown ? undefined : !decisive;
    }
    case "path": {
      if (c.path.length > 0 && subchartKeys.has(c.path[0]!)) return undefined;
      let v: Value | undefined = values;
      for (const key of c.path) {
        // A missing key is nil; a field of nil (or of a non-map) fails the render, so it was never taken.
        if (!isMap(v)) return undefined;
        v = v[key];
      }
      return truthy(v);
    }
  }
}

/**
 * Whether every impure call of a chart's own template was left out of a render whose `.Values`
 * were `values`: each sits in a branch whose condition those values decide against it (an
 * argo-cd `now` under `if .Values.configs.secret.argocdServerAdminPassword`, empty by default).
 * False when a call may have run, or when the template's calls were not read.
 */
export function deadInRender(template: ImpureTemplate, own: OwnValues, values: ValueMap): boolean {
  const calls = own.calls.get(template.path);
  if (calls === undefined || calls.length === 0 || template.definesTemplates === true) return false;
  const keys = new Set(own.subchartKeys);
  return calls.every((guards) => guards.some((g) => conditionHolds(g.condition, values, keys) === !g.holds));
}

/** Whether a template's actions call `lookup` (comments and string literals left out, as for impure calls). */
function impureLookup(text: string): boolean {
  for (const code of actionCode(text)) if (LOOKUP.test(code)) return true;
  return false;
}

/** The regular files of a gzipped tar archive (node-tar's parser, which reads it synchronously). */
export function tarGzEntries(bytes: Uint8Array): ChartFile[] {
  const out: ChartFile[] = [];
  const parser = new Parser({
    onReadEntry: (entry) => {
      if (entry.type !== "File" && entry.type !== "OldFile") {
        entry.resume();
        return;
      }
      const chunks: Buffer[] = [];
      entry.on("data", (c: Buffer) => chunks.push(c));
      entry.on("end", () =>
        out.push({ path: entry.path.replace(/^\.\//, ""), content: Buffer.concat(chunks) }),
      );
    },
  });
  // Not an archive: nothing is read from it (the chart is then taken as it is).
  parser.on("error", () => undefined);
  parser.on("warn", () => undefined);
  try {
    parser.end(Buffer.from(bytes));
  } catch {
    return [];
  }
  return out;
}

/** The warning for templates that regenerate a value on every render (no `lookup` guard); undefined when none does. */
export function regeneratedWarning(
  releaseId: string,
  chart: string,
  impure: readonly ImpureTemplate[],
): string | undefined {
  const unguarded = impure.filter((t) => !t.usesLookup);
  if (unguarded.length === 0) return undefined;
  const list = unguarded.map((t) => `${t.path} (${t.functions.join(", ")})`).join("; ");
  return `release ${releaseId}: chart ${chart} generates values anew on every render, with no lookup of what the cluster holds: ${list}. Their fields change in every preview; set them in the release's values to keep them stable.`;
}

/**
 * Whether an impure template may have drawn something in a render whose output is `manifest`: it
 * defines named templates (included from anywhere) or is a helper (`_*.tpl`), or the output holds
 * a document of a file at its path (helm's `# Source:` lines; matched on the part from
 * `templates/` on, so a file of the same name in another chart counts too) that is not a `helm
 * test` hook (never installed: a test Pod's random name makes no object). A template file that
 * rendered no such document drew nothing that is applied.
 */
export function drewInRender(template: ImpureTemplate, manifest: string): boolean {
  const base = template.path.slice(template.path.lastIndexOf("/") + 1);
  if (template.definesTemplates === true || base.startsWith("_")) return true;
  const at = template.path.lastIndexOf("templates/");
  const tail = at < 0 ? template.path : template.path.slice(at);
  for (const doc of manifest.split(/^---[ \t]*$/m)) {
    const source = SOURCE.exec(doc)?.[1] ?? "";
    if ((source === tail || source.endsWith(`/${tail}`)) && !isTestHook(doc)) return true;
  }
  return false;
}

const SOURCE = /^# Source: (.+?)[ \t]*$/m;
const HOOK = /^[ \t]*["']?helm\.sh\/hook["']?[ \t]*:[ \t]*["']?([^"'\n]*?)["']?[ \t]*$/m;

/** A document that is only a `helm test` hook (read from its text: the annotation's one line). */
function isTestHook(doc: string): boolean {
  const events = HOOK.exec(doc)?.[1];
  if (events === undefined || events.trim() === "") return false;
  return events.split(",").every((e) => ["test", "test-success"].includes(e.trim()));
}
