/**
 * Secret reference resolvers of the user's, one module each (`PULUMI_HELMFILE_SECRET_RESOLVERS`,
 * docs/secrets.md): a module exports `resolvers`, an object whose keys are schemes and whose
 * values resolve one reference: `(ref) => string | object | Promise<…>`, where `ref` holds
 * `backend`, `path`, `params` and `want` (`"string"`, or `"map"` for a reference with a
 * fragment, which the caller walks). Loaded in the worker thread (./worker.ts).
 */
import { pathToFileURL } from "node:url";
import type { OnlineRequest, OnlineResponse } from "./protocol";

/** One user resolver. */
export type UserResolver = (ref: {
  readonly backend: string;
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
  readonly want: "string" | "map";
}) => unknown;

const loaded = new Map<string, Promise<Record<string, UserResolver>>>();

async function load(module: string): Promise<Record<string, UserResolver>> {
  const mod = (await import(pathToFileURL(module).href)) as {
    resolvers?: unknown;
    default?: { resolvers?: unknown };
  };
  const resolvers = mod.resolvers ?? mod.default?.resolvers;
  if (typeof resolvers !== "object" || resolvers === null)
    throw new Error(`secret resolver module ${module} exports no "resolvers" object`);
  for (const [scheme, fn] of Object.entries(resolvers))
    if (typeof fn !== "function")
      throw new Error(`secret resolver module ${module}: "${scheme}" is not a function`);
  return resolvers as Record<string, UserResolver>;
}

/** The resolvers of `modules` by scheme; a later module's scheme wins over an earlier one's. */
export async function userResolvers(modules: readonly string[]): Promise<Record<string, UserResolver>> {
  const out: Record<string, UserResolver> = {};
  for (const m of modules) {
    let p = loaded.get(m);
    if (p === undefined) {
      p = load(m);
      loaded.set(m, p);
    }
    Object.assign(out, await p);
  }
  return out;
}

/** Runs a user's resolver for `req`. */
export async function runUserResolver(fn: UserResolver, req: OnlineRequest): Promise<OnlineResponse> {
  const got = await fn({ backend: req.backend, path: req.path, params: req.params, want: req.want });
  if (typeof got === "string") return { ok: true, text: got };
  if (typeof got === "number" || typeof got === "boolean") return { ok: true, text: String(got) };
  if (typeof got === "object" && got !== null) {
    if (req.want === "string")
      return { ok: false, reason: "the resolver answered a map for a reference without a fragment" };
    // JSON is YAML: the caller reads it as any backend's document.
    return { ok: true, text: JSON.stringify(got) };
  }
  return {
    ok: false,
    reason: `the resolver answered ${got === null ? "null" : typeof got}, not a string or a map`,
  };
}
