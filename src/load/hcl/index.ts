/**
 * helmfile's HCL values loader (pkg/hcllang): every `.hcl` file of an environment is
 * evaluated together. `locals` are file-scoped (`local.x`); `values` are shared (`hv.x`);
 * evaluation follows a dependency graph; an attribute defined in several files is the
 * deep merge of its definitions in file order.
 */
import type { HelmfileError } from "../../shared/errors";
import type { ValueMap } from "../../shared/value";
import { isMap, newMap } from "../../shared/value";
import { toGoValue } from "./convert";
import { evaluate } from "./evaluate";
import { exprVariables } from "./expr-variables";
import { diagnosticText, HCL_JSON_MAX_VALUE_DEPTH, HclEvalFailure, hclError } from "./hcl-errors";
import { HclObj, HclSeq, object, type HclValue } from "./hcl-value";
import { planOrder } from "./plan-order";
import { readHclFile, type HclDefinition, type HclFileDefs } from "./read-hcl-files";

/** What the evaluator reads files through. */
export interface HclValuesIo {
  readonly fs: { readFile(path: string): string };
}

/** helmfile's ctyMergeValues: null keeps the base, objects (or maps) merge per key, anything else is replaced. */
export function mergeHclValues(a: HclValue, b: HclValue): HclValue {
  if (b === null) return a;
  if (a === null) return b;
  if (a instanceof HclObj && b instanceof HclObj && a.kind === b.kind) {
    const out = new Map(a.attrs);
    for (const [k, v] of b.attrs) out.set(k, out.has(k) ? mergeHclValues(out.get(k) ?? null, v) : v);
    return new HclObj(a.kind, out);
  }
  return b;
}

/** Dependencies of one definition, as helmfile's parseSingleAttrRef reads them. */
function dependencies(def: HclDefinition, block: "values" | "locals"): string[] {
  const out: string[] = [];
  for (const ref of exprVariables(def.attr.expr)) {
    if (ref.root === "local" && block === "values") continue;
    const where = { file: def.file, pos: ref.pos, key: def.name };
    // helmfile's own diagnostics (pkg/hcllang), printed without the evaluation prefix.
    if (ref.step === undefined || ref.step.kind !== "attr") {
      const direct = ref.step === undefined;
      const summary = "Invalid reference";
      const detail = direct
        ? `The ${JSON.stringify(ref.root)} object cannot be accessed directly. Instead, access it from one of its root.`
        : `The ${JSON.stringify(ref.root)} object does not support this operation.`;
      const range = direct || ref.stepRange === undefined ? { start: ref.pos, end: ref.end } : ref.stepRange;
      throw hclError(
        "HCL_UNKNOWN_REFERENCE",
        diagnosticText(def.shown, { summary, detail, start: range.start, end: range.end }),
        where,
      );
    }
    if (!out.includes(ref.step.name)) out.push(ref.step.name);
  }
  return out;
}

function evalDefinition(def: HclDefinition, scope: Map<string, HclValue>, several = false): HclValue {
  try {
    return evaluate(def.attr.expr, scope);
  } catch (caught) {
    // Huge strings or nesting (RangeError) come from the user's input: report them like other
    // failures, never with JavaScript's words.
    const err =
      caught instanceof RangeError
        ? new HclEvalFailure(
            "HCL_FUNCTION",
            /stack/i.test(caught.message)
              ? "the value nests too deeply for this process's stack (the pulumi-helmfile CLI raises its stack)"
              : "the value is too large to build",
            undefined,
          )
        : caught;
    if (!(err instanceof HclEvalFailure)) throw err;
    // helmfile's wording (pkg/hcllang decodeGraph) around hcl's diagnostic.
    const at = several ? ` at ${def.shown}:${def.attr.pos.line}` : "";
    const text = `error when trying to evaluate variable ${def.name}${at} : ${
      err.diag === undefined ? err.detail : diagnosticText(def.shown, err.diag)
    }`;
    const e: HelmfileError = hclError(err.code, text, {
      file: def.file,
      pos: err.pos ?? def.attr.pos,
      key: def.name,
    });
    throw e;
  }
}

/**
 * helmfile marshals the values through cty's JSON and reads them back with encoding/json: no
 * infinity, and no value nested deeper than {@link HCL_JSON_MAX_VALUE_DEPTH} (`depth`: this
 * value's level, 1 for an attribute's). Iterative, so a deep value never exhausts the stack here.
 */
function checkMarshal(root: HclValue): void {
  const todo: Array<[HclValue, number]> = [[root, 0]];
  for (let next = todo.pop(); next !== undefined; next = todo.pop()) {
    const [v, depth] = next;
    if (typeof v === "number" && !Number.isFinite(v))
      throw hclError(
        "HCL_TYPE",
        "could not marshal cty value : failed to serialize value: cannot serialize infinity as JSON",
      );
    if ((v instanceof HclObj || v instanceof HclSeq) && depth > HCL_JSON_MAX_VALUE_DEPTH)
      throw hclError(
        "HCL_TYPE",
        `could not unmarshall json : invalid character '${v instanceof HclObj ? "{" : "["}' exceeded max depth`,
      );
    if (v instanceof HclObj) for (const x of v.attrs.values()) todo.push([x, depth + 1]);
    if (v instanceof HclSeq) for (const x of v.items) todo.push([x, depth + 1]);
  }
}

function evalLocals(fd: HclFileDefs): HclValue {
  const defs = fd.locals;
  if (defs === undefined) return null;
  const deps = new Map([...defs].map(([k, d]) => [k, dependencies(d, "locals")]));
  const done = new Map<string, HclValue>();
  for (const name of planOrder(deps, () => fd.file)) {
    const def = defs.get(name);
    if (def === undefined) continue;
    done.set(name, evalDefinition(def, new Map([["local", object(done)]])));
  }
  return object(done);
}

function scopeFor(
  def: HclDefinition,
  done: Map<string, HclValue>,
  locals: Map<string, HclValue>,
): Map<string, HclValue> {
  const scope = new Map<string, HclValue>([["hv", object(done)]]);
  // A file without locals still has `local`, null (helmfile's cty.NilVal): `local.x` fails on it.
  scope.set("local", locals.get(def.file) ?? null);
  return scope;
}

/**
 * Evaluates HCL values files together, in the given order, and returns the combined
 * `values` as a map (numbers become floats, as helmfile's cty → JSON → Go conversion does).
 */
export function evaluateHclValues(
  files: readonly string[],
  io: HclValuesIo,
  shown: (file: string) => string = (f) => f,
): ValueMap {
  return evaluateHclSources(files.map((file) => ({ file, text: io.fs.readFile(file), shown: shown(file) })));
}

/** One HCL file already read (e.g. a decrypted secrets file); `file` is used in errors. */
export interface HclSource {
  readonly file: string;
  readonly text: string;
  /** The file as helmfile names it in hcl's diagnostics; default `file`. */
  readonly shown?: string;
}

/** Like {@link evaluateHclValues}, for texts already in memory. */
export function evaluateHclSources(sources: readonly HclSource[]): ValueMap {
  const parsed = sources.map((s) => readHclFile(s.text, s.file, s.shown ?? s.file));
  const locals = new Map<string, HclValue>();
  for (const fd of parsed) locals.set(fd.file, evalLocals(fd));
  const byName = new Map<string, HclDefinition[]>();
  for (const fd of parsed) for (const d of fd.values) byName.set(d.name, [...(byName.get(d.name) ?? []), d]);
  const deps = new Map<string, string[]>();
  for (const [name, defs] of byName)
    deps.set(name, [...new Set(defs.flatMap((d) => dependencies(d, "values")))]);
  const done = new Map<string, HclValue>();
  for (const name of planOrder(deps, (n) => byName.get(n)?.[0]?.file)) {
    let merged: HclValue = null;
    const defs = byName.get(name) ?? [];
    defs.forEach((def, i) => {
      const v = evalDefinition(def, scopeFor(def, done, locals), defs.length > 1);
      merged = i === 0 ? v : mergeHclValues(merged, v);
    });
    done.set(name, merged);
  }
  const all = object(done);
  checkMarshal(all);
  const result = toGoValue(all);
  return isMap(result) ? result : newMap();
}

export { readHclFile } from "./read-hcl-files";
export { exprVariables } from "./expr-variables";
