/**
 * A dyff-like semantic comparison of two multi-document YAML streams: comments, formatting,
 * quoting and map key order do not matter, empty documents are ignored, list order does.
 * Kubernetes-looking documents pair by apiVersion/kind/metadata.name, others by position.
 */
import { parseAllDocuments } from "yaml";

/** Returns undefined when equal, else a short description of the first difference. */
export function dyffCompare(expected: string, actual: string): string | undefined {
  const e = documents(expected);
  const a = documents(actual);
  if (typeof e === "string") return `expected file: ${e}`;
  if (typeof a === "string") return `actual output: ${a}`;
  const eK8s = keyed(e);
  const aK8s = keyed(a);
  for (const [key, doc] of eK8s.keyed) {
    const other = aK8s.keyed.get(key);
    if (other === undefined) return `missing document ${key}`;
    const d = diff(doc, other, key);
    if (d !== undefined) return d;
  }
  for (const key of aK8s.keyed.keys()) if (!eK8s.keyed.has(key)) return `unexpected document ${key}`;
  if (eK8s.rest.length !== aK8s.rest.length)
    return `expected ${eK8s.rest.length} other documents, got ${aK8s.rest.length}`;
  for (let i = 0; i < eK8s.rest.length; i++) {
    const d = diff(eK8s.rest[i], aK8s.rest[i], `document #${i}`);
    if (d !== undefined) return d;
  }
  return undefined;
}

function documents(text: string): unknown[] | string {
  try {
    const docs = parseAllDocuments(text);
    if (!Array.isArray(docs)) return "not a YAML stream";
    const out: unknown[] = [];
    for (const d of docs) {
      if (d.errors.length > 0) return d.errors[0]?.message ?? "YAML error";
      const v: unknown = d.toJS({ maxAliasCount: -1 });
      if (v === null || v === undefined) continue;
      if (typeof v === "object" && Object.keys(v).length === 0) continue;
      out.push(v);
    }
    return out;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

function keyed(docs: readonly unknown[]): { keyed: Map<string, unknown>; rest: unknown[] } {
  const map = new Map<string, unknown>();
  const rest: unknown[] = [];
  for (const d of docs) {
    const k = k8sKey(d);
    if (k === undefined || map.has(k)) rest.push(d);
    else map.set(k, d);
  }
  return { keyed: map, rest };
}

function k8sKey(doc: unknown): string | undefined {
  if (typeof doc !== "object" || doc === null || Array.isArray(doc)) return undefined;
  const o = doc as Record<string, unknown>;
  const meta = o.metadata;
  if (
    typeof o.apiVersion !== "string" ||
    typeof o.kind !== "string" ||
    typeof meta !== "object" ||
    meta === null
  )
    return undefined;
  const name = (meta as Record<string, unknown>).name;
  return `${o.apiVersion}/${o.kind}/${String(name)}`;
}

function diff(e: unknown, a: unknown, path: string): string | undefined {
  if (Array.isArray(e) || Array.isArray(a)) {
    if (!Array.isArray(e) || !Array.isArray(a)) return `${path}: expected ${show(e)}, got ${show(a)}`;
    if (e.length !== a.length) return `${path}: expected a list of ${e.length}, got ${a.length}`;
    for (let i = 0; i < e.length; i++) {
      const d = diff(e[i], a[i], `${path}[${i}]`);
      if (d !== undefined) return d;
    }
    return undefined;
  }
  if (isObject(e) || isObject(a)) {
    if (!isObject(e) || !isObject(a)) return `${path}: expected ${show(e)}, got ${show(a)}`;
    for (const k of Object.keys(e)) {
      if (!(k in a)) return `${path}.${k}: missing`;
      const d = diff(e[k], a[k], `${path}.${k}`);
      if (d !== undefined) return d;
    }
    for (const k of Object.keys(a)) if (!(k in e)) return `${path}.${k}: unexpected`;
    return undefined;
  }
  return Object.is(e, a) || e === a ? undefined : `${path}: expected ${show(e)}, got ${show(a)}`;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function show(v: unknown): string {
  return JSON.stringify(v)?.slice(0, 60) ?? String(v);
}
