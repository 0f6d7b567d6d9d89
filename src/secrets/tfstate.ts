/**
 * Terraform state lookups as vals' `tfstate` providers make them, through fujiwara/tfstate-lookup
 * v1.12 (what helmfile v1.8.0 builds in):
 * - the reference's last path segment is the address, the rest the state file
 *   (`ref+tfstate://infra/terraform.tfstate/output.vpc_id`);
 * - addresses: `output.<name>` (an output's value), `[module.<m>.][data.]<type>.<name>` (a
 *   resource's attributes), `<address>[0]` / `<address>["key"]` for count and for_each instances, and
 *   the bare address of those for the list or map of all of them;
 * - an address that is not one of those is looked up by its longest known prefix, the rest read as
 *   a jq path (`aws_vpc.main.tags.Name`, `output.subnets[1]`); what is not found is `null`;
 * - a string comes back as is, anything else as Go's compact JSON.
 */

import { encodeGoJson } from "../shared/go/json";

/** A state that tfstate-lookup refuses, or a path it cannot follow: vals' text after `reading value for …`. */
export class TfstateError extends Error {}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Resource {
  module?: string;
  mode?: string;
  type?: string;
  name?: string;
  instances?: Array<{ index_key?: Json; attributes?: Json; attributes_flat?: Json }>;
}

function outputValue(v: Json): Json {
  if (typeof v === "object" && v !== null && !Array.isArray(v) && v.value != null && v.type != null)
    return v.value;
  return v;
}

/** The addresses of a state (tfstate-lookup's `scanned`) and the groups of indexed resources. */
function scan(state: Record<string, unknown>): { scanned: Map<string, Json>; groups: Map<string, Json> } {
  const scanned = new Map<string, Json>();
  const groups = new Map<string, Json>();
  const outputs = (state.outputs ?? {}) as Record<string, Json>;
  for (const [k, v] of Object.entries(outputs)) scanned.set(`output.${k}`, outputValue(v));
  for (const r of (state.resources ?? []) as Resource[]) {
    if (r.mode !== "data" && r.mode !== "managed") continue;
    const base = `${r.module ? `${r.module}.` : ""}${r.mode === "data" ? "data." : ""}${r.type ?? ""}.${r.name ?? ""}`;
    const instances = r.instances ?? [];
    if (instances.length === 0) continue;
    const data = (i: (typeof instances)[number]): Json => i.attributes ?? i.attributes_flat ?? null;
    if (r.mode === "data" && r.type === "terraform_remote_state") {
      const a = data(instances[0] as (typeof instances)[number]);
      if (typeof a === "object" && a !== null && !Array.isArray(a))
        scanned.set(base, Object.fromEntries(Object.entries(a).map(([k, v]) => [k, outputValue(v)])));
      continue;
    }
    if (instances.length === 1 && (instances[0] as (typeof instances)[number]).index_key === undefined) {
      scanned.set(base, data(instances[0] as (typeof instances)[number]));
      continue;
    }
    const byKey: Record<string, Json> = {};
    const byIndex: Json[] = [];
    let keyed = false;
    let indexed = false;
    for (const inst of instances) {
      const k = inst.index_key;
      scanned.set(`${base}[${JSON.stringify(k ?? null)}]`, data(inst));
      if (typeof k === "string") {
        keyed = true;
        byKey[k] = data(inst);
      } else if (typeof k === "number" && Number.isInteger(k)) {
        indexed = true;
        while (byIndex.length <= k) byIndex.push(null);
        byIndex[k] = data(inst);
      }
    }
    if (indexed) groups.set(base, byIndex);
    else if (keyed) groups.set(base, byKey);
  }
  return { scanned, groups };
}

/** tfstate-lookup's quoting of a query with a `-` in a key (`.tags.my-key` → `.["tags"]["my-key"]`). */
function quoted(query: string): string {
  if (!query.includes("-")) return query;
  return `.${query
    .split(/[.[\]]/)
    .filter((p) => p !== "")
    .map((p) =>
      /^-?[0-9]+$/.test(p) ? `[${p}]` : `[${p.startsWith('"') ? "" : '"'}${p}${p.endsWith('"') ? "" : '"'}]`,
    )
    .join("")}`;
}

/** The steps of a jq path of `.name`, `."name"`, `["name"]` and `[N]` steps; undefined for anything else. */
function pathSteps(query: string): Array<string | number> | undefined {
  const steps: Array<string | number> = [];
  let rest = query;
  if (rest === ".") return steps;
  while (rest !== "") {
    let m: RegExpExecArray | null;
    if ((m = /^\.([A-Za-z_][A-Za-z0-9_]*)/.exec(rest)) !== null) steps.push(m[1] as string);
    else if ((m = /^\.?\["((?:[^"\\]|\\.)*)"\]/.exec(rest)) !== null)
      steps.push(JSON.parse(`"${m[1] as string}"`) as string);
    else if ((m = /^\.?\[(-?[0-9]+)\]/.exec(rest)) !== null) steps.push(Number(m[1]));
    else if ((m = /^\."((?:[^"\\]|\\.)*)"/.exec(rest)) !== null)
      steps.push(JSON.parse(`"${m[1] as string}"`) as string);
    else return undefined;
    rest = rest.slice(m[0].length);
  }
  return steps;
}

function kindOf(v: Json): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v === "object" ? "object" : typeof v;
}

/** gojq on a path: a missing key or index is null; indexing the wrong kind fails (naming kinds, never values). */
function walk(v: Json, steps: ReadonlyArray<string | number>): Json {
  let at: Json = v;
  for (const s of steps) {
    if (at === null) return null;
    if (typeof s === "string") {
      if (typeof at !== "object" || Array.isArray(at))
        throw new TfstateError(`cannot index ${kindOf(at)} with "${s}"`);
      at = Object.prototype.hasOwnProperty.call(at, s) ? (at[s] as Json) : null;
    } else {
      if (!Array.isArray(at)) throw new TfstateError(`cannot index ${kindOf(at)} with number`);
      const i = s < 0 ? at.length + s : s;
      at = i >= 0 && i < at.length ? (at[i] as Json) : null;
    }
  }
  return at;
}

/** Go's encoding/json Marshal of decoded JSON (src/shared/go/json.ts). */
export const goJson: (v: Json) => string = encodeGoJson;

/**
 * The value of `address` in the state text `text`, as vals returns it: a string as is, anything else
 * as compact JSON, `null` when not found.
 */
export function tfstateLookup(text: string, address: string): string {
  let state: unknown;
  try {
    state = JSON.parse(text);
  } catch (err) {
    throw new TfstateError(`invalid json: ${err instanceof Error ? err.name : "error"}`);
  }
  if (typeof state !== "object" || state === null) throw new TfstateError("invalid json: not an object");
  const s = state as Record<string, unknown>;
  if (s.backend != null) throw new TfstateError("a state that names a remote backend is not followed here");
  if (s.version !== 4) throw new TfstateError(`unsupported state version ${String(s.version ?? 0)}`);
  const { scanned, groups } = scan(s);
  const show = (v: Json): string => (typeof v === "string" ? v : goJson(v));
  if (scanned.has(address)) return show(scanned.get(address) as Json);
  if (groups.has(address)) return show(groups.get(address) as Json);
  let name = "";
  for (const k of scanned.keys()) if (address.startsWith(k) && k.length > name.length) name = k;
  if (name === "") return "null";
  let query = address.slice(name.length);
  if (query === "") query = ".";
  if (query.startsWith("[")) query = `.${query}`;
  if (!query.startsWith(".")) return "null";
  const steps = pathSteps(quoted(query));
  if (steps === undefined) throw new TfstateError(`the query ${query} is not a path this lookup follows`);
  return show(walk(scanned.get(name) as Json, steps));
}
