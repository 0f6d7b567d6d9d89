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
}

/** The impure functions a template's actions call (comments and literal text left out). */
export function impureCalls(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(ACTION)) {
    const body = m[1] ?? "";
    if (COMMENT.test(body)) continue;
    // String literals may hold any word.
    const code = body.replace(/"(?:[^"\\]|\\.)*"|`[^`]*`/g, '""');
    for (const c of code.matchAll(IMPURE)) found.add(c[1] ?? "");
  }
  return [...found];
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
  const out: ImpureTemplate[] = [];
  const visit = (path: string, content: Uint8Array): void => {
    if (/(^|\/)charts\/[^/]+\.tgz$/.test(path)) {
      for (const entry of tarGzEntries(content)) visit(`${path}/${entry.path}`, entry.content);
      return;
    }
    if (!isTemplatePath(path)) return;
    const text = Buffer.from(content).toString("utf8");
    const functions = impureCalls(text);
    if (functions.length > 0) out.push({ path, functions, usesLookup: impureLookup(text) });
  };
  for (const f of files) visit(f.path, f.content);
  return out;
}

function impureLookup(text: string): boolean {
  for (const m of text.matchAll(ACTION)) if (LOOKUP.test(m[1] ?? "")) return true;
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
