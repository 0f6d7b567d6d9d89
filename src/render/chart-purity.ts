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
import { gunzipSync } from "node:zlib";

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

/** The regular files of a gzipped tar archive (ustar, with PAX and GNU long names). */
export function tarGzEntries(bytes: Uint8Array): ChartFile[] {
  let tar: Buffer;
  try {
    tar = gunzipSync(bytes);
  } catch {
    return [];
  }
  const out: ChartFile[] = [];
  let offset = 0;
  let longName: string | undefined;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const field = (start: number, length: number): string =>
      header
        .subarray(start, start + length)
        .toString("utf8")
        .replace(/\0.*$/s, "");
    const size = parseInt(field(124, 12).trim() || "0", 8);
    const type = String.fromCharCode(header[156] ?? 0);
    const prefix = field(345, 155);
    const name = longName ?? (prefix === "" ? field(0, 100) : `${prefix}/${field(0, 100)}`);
    const body = tar.subarray(offset + 512, offset + 512 + size);
    offset += 512 + Math.ceil(size / 512) * 512;
    if (type === "x") {
      const path = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString("utf8"))?.[1];
      longName = path;
      continue;
    }
    if (type === "L") {
      longName = body.toString("utf8").replace(/\0.*$/s, "");
      continue;
    }
    longName = undefined;
    if (type === "0" || type === "\0") out.push({ path: name.replace(/^\.\//, ""), content: body });
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
