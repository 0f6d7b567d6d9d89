/**
 * The online backends of secret references (`awssecrets`, `awsssm`, `s3`) as {@link RefBackend}s
 * of the synchronous resolver (src/secrets/secret-resolver.ts): each lookup runs in one worker
 * thread (./worker.ts, started on the first online reference) and the caller waits for it with
 * synckit, as helmfile's template functions and values loading wait for vals. The resolver keeps
 * each answer for the rest of the run, so a reference is fetched once.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createSyncFn } from "synckit";
import {
  httpJsonAnswer,
  HttpJsonError,
  httpJsonUrl,
  parseJsonDocument,
  type JsonDocument,
} from "../../secrets/httpjson";
import type { RefBackend, RefBackendContext } from "../../secrets/ref-backends";
import type { SecretRef } from "../../secrets/secret-ref";
import { SecretError } from "../../shared/errors";
import { isMap, newMap, type ValueMap } from "../../shared/value";
import { decodeYaml } from "../../shared/yaml/decode";
import type { ExecAllowance } from "../exec-ref";
import { BACKEND_PARAMS } from "./backend-params";
import type { OnlineRequest, OnlineResponse, SchemesRequest, SchemesResponse, StringTree } from "./protocol";

/** How long one request may take before it fails (the clients' own bound; the wait allows a margin). */
export const ONLINE_TIMEOUT_MS = 10_000;

/** worker.js in the built package; from the TypeScript sources (tests), a shim that compiles worker.ts with tsx. */
const WORKER = existsSync(join(__dirname, "worker.js"))
  ? join(__dirname, "worker.js")
  : join(__dirname, "worker-source.cjs");

type Send = (req: OnlineRequest | SchemesRequest) => OnlineResponse | SchemesResponse;
let send: Send | undefined;

function worker(): Send {
  send ??= createSyncFn<(req: OnlineRequest | SchemesRequest) => Promise<OnlineResponse | SchemesResponse>>(
    WORKER,
    {
      // The SDK's notices (a Node version it will drop) are not the user's business.
      execArgv: ["--no-warnings"],
      timeout: ONLINE_TIMEOUT_MS * 3,
    },
  );
  return send;
}

/** vals' failure: `expand <reference>: <reason>` (the reference names backend and path, never a value). */
function failure(ref: SecretRef, reason: string): SecretError {
  return new SecretError("SECRET_REF_FAILED", `expand ${ref.key}: ${reason}`);
}

/** The context's environment without unset entries: what crosses to the worker. */
function stringEnv(ctx: RefBackendContext): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(ctx.env)) if (typeof v === "string") env[k] = v;
  return env;
}

function ask(
  ref: SecretRef,
  ctx: RefBackendContext,
  want: "string" | "map",
  modules: readonly string[],
): OnlineResponse {
  const env = stringEnv(ctx);
  // vals reads an absent parameter from `VALS_<NAME>`.
  const params = Object.fromEntries(ref.params);
  for (const name of BACKEND_PARAMS[ref.backend] ?? []) {
    const fallback = env[`VALS_${name.toUpperCase()}`];
    if (params[name] === undefined && fallback !== undefined) params[name] = fallback;
  }
  const req: OnlineRequest = {
    backend: ref.backend,
    path: ref.path,
    params,
    want,
    env,
    timeoutMs: ONLINE_TIMEOUT_MS,
    modules,
  };
  let res: OnlineResponse;
  try {
    res = worker()(req) as OnlineResponse;
  } catch (err) {
    // synckit's own wait ran out, or the worker died: never its message (it may quote the request).
    throw failure(ref, `no answer (${err instanceof Error ? err.name : "error"})`);
  }
  if (!res.ok) throw failure(ref, res.reason);
  return res;
}

function treeToMap(tree: StringTree): ValueMap {
  const out = newMap();
  for (const [k, v] of Object.entries(tree)) out[k] = typeof v === "string" ? v : treeToMap(v);
  return out;
}

/** One online backend; `modules`: the user's resolver modules, asked first. */
function onlineBackend(modules: readonly string[]): RefBackend {
  return {
    getString(ref, ctx) {
      const res = ask(ref, ctx, "string", modules);
      if ("text" in res) return res.text;
      throw failure(ref, "the backend answered a map where a string was expected");
    },
    getStringMap(ref, ctx) {
      const res = ask(ref, ctx, "map", modules);
      if ("tree" in res) return treeToMap(res.tree);
      if (!("text" in res)) throw failure(ref, "no value");
      let v: unknown;
      try {
        v = decodeYaml(res.text, { version: ctx.yamlVersion });
      } catch {
        // The parser's message may quote the secret: keep only the fact.
        throw failure(ref, "the value is not valid YAML");
      }
      if (v === null) return newMap();
      if (!isMap(v)) throw failure(ref, "the value is not a YAML map");
      return v;
    },
  };
}

/** The built-in online backends. */
export const ONLINE_BACKEND_NAMES: readonly string[] = Object.keys(BACKEND_PARAMS);

/**
 * The online backends by name: the built-in ones and the schemes of the user's resolver
 * `modules` (absolute paths; a scheme of theirs overrides a built-in online one). A module that
 * cannot be loaded, or exports no resolvers, fails here, naming it.
 */
export function onlineBackends(modules: readonly string[] = []): Record<string, RefBackend> {
  const schemes = [...ONLINE_BACKEND_NAMES];
  if (modules.length > 0) {
    for (const m of modules)
      if (!existsSync(m))
        throw new SecretError(
          "SECRET_RESOLVER_MODULE",
          "secret resolver module does not exist (PULUMI_HELMFILE_SECRET_RESOLVERS)",
          {
            file: m,
          },
        );
    let res: SchemesResponse;
    try {
      res = worker()({ schemesOf: modules }) as SchemesResponse;
    } catch (err) {
      throw new SecretError(
        "SECRET_RESOLVER_MODULE",
        `secret resolver modules ${modules.join(", ")} gave no answer (${err instanceof Error ? err.name : "error"})`,
      );
    }
    if (!res.ok)
      throw new SecretError("SECRET_RESOLVER_MODULE", `cannot load secret resolvers: ${res.reason}`);
    schemes.push(...res.schemes);
  }
  const backend = onlineBackend(modules);
  return Object.fromEntries(schemes.map((s) => [s, backend]));
}

/**
 * `ref+httpjson://HOST/PATH#/XPATH` (src/secrets/httpjson.ts answers it; the worker fetches the
 * URL). It fetches any URL the state names, so, like `ref+exec`, it is refused unless the user
 * opts in with `PULUMI_HELMFILE_INSECURE_REFS=true`, and always under
 * `HELMFILE_DISABLE_INSECURE_FEATURES`. Each URL is fetched once per run (this backend's life).
 */
export function httpJsonBackend(allowance: ExecAllowance): RefBackend {
  const allowed = allowance.optedIn && !allowance.disabledByPolicy;
  const docs = new Map<string, JsonDocument>();
  const answer = (ref: SecretRef, ctx: RefBackendContext, uri: string): string => {
    if (!allowed)
      throw new SecretError(
        "SECRET_BACKEND_UNSUPPORTED",
        `secret reference backend "httpjson" is refused: it fetches a URL named by the state (${ref.path.split("/")[0] ?? ""}); set PULUMI_HELMFILE_INSECURE_REFS=true to allow it${allowance.disabledByPolicy ? " (and unset HELMFILE_DISABLE_INSECURE_FEATURES, which refuses it always)" : ""}`,
        { found: "httpjson" },
      );
    const env = stringEnv(ctx);
    // The provider's settings: the reference's query, else `VALS_<NAME>` (vals' fallback).
    const setting = (name: string): string | undefined =>
      ref.params.get(name) ?? env[`VALS_${name.toUpperCase()}`];
    try {
      const url = httpJsonUrl(uri, setting("insecure") === "true" ? "http" : "https");
      let doc = docs.get(url);
      if (doc === undefined) {
        let res: OnlineResponse;
        try {
          const req: OnlineRequest = {
            backend: "httpjson",
            path: url,
            params: {},
            want: "string",
            env,
            timeoutMs: ONLINE_TIMEOUT_MS,
            modules: [],
          };
          res = worker()(req) as OnlineResponse;
        } catch (err) {
          throw new HttpJsonError(
            `error fetching json document at ${url}: no answer (${err instanceof Error ? err.name : "error"})`,
          );
        }
        if (!res.ok) throw new HttpJsonError(`error fetching json document at ${url}: ${res.reason}`);
        if (!("text" in res)) throw new HttpJsonError(`error fetching json document at ${url}: no body`);
        try {
          doc = parseJsonDocument(res.text);
        } catch (err) {
          throw new HttpJsonError(`error fetching json document at ${url}: ${(err as Error).message}`);
        }
        docs.set(url, doc);
      }
      return httpJsonAnswer(doc, { uri, url, floatAsInt: setting("floatAsInt") === "true" });
    } catch (err) {
      if (err instanceof HttpJsonError) throw failure(ref, err.message);
      throw err;
    }
  };
  return {
    // Without a fragment vals hands the provider host and path only, which then has no query.
    getString: (ref, ctx) => answer(ref, ctx, ref.path),
    getStringMap: (ref) => {
      throw failure(ref, "httpjson answers a reference with a fragment as a whole");
    },
    // With one, the whole reference: its query and the XPath after `#/`.
    getWhole: (ref, ctx) => answer(ref, ctx, ref.key),
  };
}
