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

/** One pass over a chart's template files, subcharts' archives opened. */
export function readChart(files: Iterable<ChartFile>): ChartReading {
  const impure: ImpureTemplate[] = [];
  let readsInstallOrUpgrade = false;
  const apis = new Set<string>();
  let allApis = false;
  const visit = (path: string, content: Uint8Array): void => {
    if (/(^|\/)charts\/[^/]+\.tgz$/.test(path)) {
      for (const entry of tarGzEntries(content)) visit(`${path}/${entry.path}`, entry.content);
      return;
    }
    if (!isTemplatePath(path)) return;
    const text = Buffer.from(content).toString("utf8");
    if (INSTALL_OR_UPGRADE.test(text)) readsInstallOrUpgrade = true;
    if (!allApis && !capabilityApisOf(text, apis)) allApis = true;
    const functions = impureCalls(text);
    if (functions.length > 0)
      impure.push({
        path,
        functions,
        usesLookup: impureLookup(text),
        ...(DEFINE.test(text) ? { definesTemplates: true } : {}),
      });
  };
  for (const f of files) visit(f.path, f.content);
  return { impure, readsInstallOrUpgrade, capabilityApis: allApis ? undefined : [...apis].sort() };
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
