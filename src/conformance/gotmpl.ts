/**
 * `conformance gotmpl <vectors.json>`: Go template + sprig + helm function vectors, rendered
 * the way helm renders them (missingkey=zero, values decoded as JSON so numbers are float64,
 * template set named `gotpl`). See tests/conformance/gotmpl/README.md.
 */
import { readFileSync } from "node:fs";
import { printReport, type Outcome } from "./report";
import { renderTemplate } from "../template/index";
import { GoTemplateError } from "../template/errors";
import { goStringToBytes, mergeFuncMaps, newGoMap, type FuncMap, type GoValue } from "../template/types";

interface Vector {
  readonly id: string;
  readonly topic: string;
  readonly template: string;
  readonly valuesJson: string;
  readonly expected?: string;
  readonly expectedBase64?: string;
  readonly error?: string;
  readonly errorDetail?: string;
}

/** Decodes JSON into Go values: objects → null-prototype maps, numbers → float64. */
export function decodeJsonValues(text: string): GoValue {
  const walk = (x: unknown): GoValue => {
    if (x === null || typeof x === "boolean" || typeof x === "string" || typeof x === "number") return x;
    if (Array.isArray(x)) return x.map(walk);
    const m = newGoMap();
    for (const [k, v] of Object.entries(x as Record<string, unknown>)) m[k] = walk(v);
    return m;
  };
  return walk(JSON.parse(text) as unknown);
}

/** Loads a function family defensively: a missing module or export gives an empty map. */
async function loadFamily(path: string, exportName: string): Promise<FuncMap> {
  try {
    const mod = (await import(path)) as Record<string, unknown>;
    const factory = mod[exportName];
    if (typeof factory !== "function") return new Map();
    const result = (factory as () => unknown)();
    return result instanceof Map ? (result as FuncMap) : new Map();
  } catch {
    return new Map();
  }
}

/** The function map the vectors were produced with: builtins + sprig + helm's additions, minus what helm removes. */
export async function helmFuncMap(): Promise<FuncMap> {
  const sprig = await loadFamily("../template/funcs/sprig/index", "sprigFunctions");
  try {
    const mod = (await import("../template/funcs/helm/index")) as Record<string, unknown>;
    const withHelm = mod.withHelmFunctions;
    if (typeof withHelm === "function") return (withHelm as (base: FuncMap) => FuncMap)(sprig);
  } catch {
    // The helm family is optional here: without it, helm-only vectors fail.
  }
  return mergeFuncMaps(sprig, await loadFamily("../template/funcs/helm/index", "helmFunctions"));
}

/** Messages helm would show for our error, innermost first (helm strips fail/required wrappers). */
function errorCandidates(err: unknown): string[] {
  const out: string[] = [];
  let cur: unknown = err;
  while (cur instanceof GoTemplateError) {
    out.unshift(cur.innermost);
    cur = cur.cause;
  }
  if (cur instanceof Error) out.unshift(cur.message);
  const stripped = out.map((m) => m.replace(/^(error calling (fail|required|tpl|include): )+/, ""));
  return [...out, ...stripped, err instanceof Error ? err.message : String(err)];
}

function checkVector(v: Vector, funcs: FuncMap): string | true {
  const data = newGoMap();
  data.Values = decodeJsonValues(v.valuesJson === "" ? "{}" : v.valuesJson);
  let output: string;
  try {
    output = renderTemplate(v.template, data, {
      name: "TEMPLATE",
      funcs,
      missingKey: "zero",
      setName: "gotpl",
    });
  } catch (e) {
    if (v.error === undefined) return `unexpected error: ${e instanceof Error ? e.message : String(e)}`;
    const want = v.error;
    const got = errorCandidates(e);
    if (got.some((g) => g === want || g.includes(want) || (g.length > 0 && want.endsWith(g)))) return true;
    return `error mismatch: want ${JSON.stringify(want)}, got ${JSON.stringify(got[got.length - 1])}`;
  }
  if (v.error !== undefined)
    return `expected error ${JSON.stringify(v.error)}, got output ${JSON.stringify(output)}`;
  if (v.expectedBase64 !== undefined) {
    const want = Buffer.from(v.expectedBase64, "base64");
    return Buffer.from(goStringToBytes(output)).equals(want)
      ? true
      : `bytes differ: got ${JSON.stringify(output)}`;
  }
  return output === v.expected ? true : `want ${JSON.stringify(v.expected)}, got ${JSON.stringify(output)}`;
}

/** Runs every vector and prints one line each plus a summary. */
export async function runGotmpl(path: string): Promise<boolean> {
  const data = JSON.parse(readFileSync(path, "utf8")) as { vectors: Vector[] };
  const funcs = await helmFuncMap();
  const outcomes: Outcome[] = data.vectors.map((v) => {
    let r: string | true;
    try {
      r = checkVector(v, funcs);
    } catch (e) {
      r = `runner error: ${e instanceof Error ? e.message : String(e)}`;
    }
    return r === true
      ? { id: v.id, passed: true, group: v.topic }
      : { id: v.id, passed: false, reason: r, group: v.topic };
  });
  return printReport("gotmpl", outcomes, { breakdown: true });
}
