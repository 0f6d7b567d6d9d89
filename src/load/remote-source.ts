/**
 * helmfile's remote sources (pkg/remote/remote.go) for `helmfiles:`, `bases:` and values files:
 * `git::<url>@<path in the repository>?ref=<ref>` and the like, parsed as helmfile parses them,
 * with the cache folder helmfile fetches them into (`<cache>/<kind>/<key>`), so a fetched
 * repository is found where helmfile keeps it. Pure: the fetch itself is the loader context's
 * {@link RemoteFetcher} (src/node/git-fetcher.ts runs the `git` binary).
 */
import { createHash } from "node:crypto";
import { LoadError } from "../shared/errors";
import type { RemoteFetcher } from "../shared/io";

export type { RemoteFetcher };

/** A parsed remote source (helmfile's `remote.Source`). */
export interface RemoteSource {
  /** The forced getter (`git` of `git::…`), `normal` for a plain `http(s)://`/`s3://` URL, or "". */
  readonly getter: string;
  readonly scheme: string;
  readonly user: string;
  readonly host: string;
  /** The repository or folder, without its leading `/`. */
  readonly dir: string;
  /** The file selected in it (after `@`, else the last path segment). */
  readonly file: string;
  readonly rawQuery: string;
}

/** How a remote source is fetched: the getter's source, the cache folder, and the file in it. */
export interface RemoteFetch {
  /** go-getter's source (`git::file:///repo.git?ref=v1`), the query without `cache`. */
  readonly getterSource: string;
  /** The folder under helmfile's cache home the source is fetched into. */
  readonly cacheDir: string;
  /** The path of the selected file inside `cacheDir`. */
  readonly file: string;
  /** False when the query says `cache=false`: fetched again even when cached. */
  readonly useCache: boolean;
}

const NORMAL_PROTOCOLS = new Set(["s3", "http", "https"]);

/** helmfile's `remote.Parse`: undefined for what is not a remote source (a local path). */
export function parseRemoteSource(src: string): RemoteSource | undefined {
  let getter = "";
  let rest = src;
  const forced = src.split("::");
  if (forced.length === 2) {
    getter = forced[0] as string;
    rest = forced[1] as string;
  } else if (src.split("://").length === 2) {
    return parseNormal(src);
  }
  if (rest.startsWith("/")) return undefined;
  let u: URL;
  try {
    u = new URL(rest);
  } catch {
    return undefined;
  }
  const scheme = u.protocol.replace(/:$/, "");
  if (scheme === "") return undefined;
  const path = decodeURIComponent(u.pathname);
  const parts = path.split("@");
  let dir: string;
  let file: string;
  if (parts.length === 2) {
    dir = parts[0] as string;
    file = parts[1] as string;
  } else {
    const slash = path.lastIndexOf("/");
    dir = slash <= 0 ? "" : path.slice(1, slash);
    file = path.slice(slash + 1);
  }
  return {
    getter,
    scheme,
    user: userOf(u),
    host: u.host,
    dir,
    file,
    rawQuery: u.search.replace(/^\?/, ""),
  };
}

function userOf(u: URL): string {
  if (u.username === "") return "";
  return u.password === "" ? u.username : `${u.username}:${u.password}`;
}

function parseNormal(src: string): RemoteSource | undefined {
  const protocol = (src.split("://")[0] ?? "").toLowerCase();
  if (!NORMAL_PROTOCOLS.has(protocol)) return undefined;
  let u: URL;
  try {
    u = new URL(src);
  } catch {
    return undefined;
  }
  const path = decodeURIComponent(u.pathname);
  const slash = path.lastIndexOf("/");
  return {
    getter: "normal",
    scheme: u.protocol.replace(/:$/, ""),
    user: userOf(u),
    host: u.host,
    dir: slash <= 0 ? "" : path.slice(1, slash),
    file: path.slice(slash + 1),
    rawQuery: u.search.replace(/^\?/, ""),
  };
}

/** Go's `url.Values.Encode`: keys sorted, each value in order, `&`-joined, query-escaped. */
function encodeQuery(query: ReadonlyMap<string, readonly string[]>): string {
  const esc = (s: string): string =>
    encodeURIComponent(s)
      .replace(/%20/g, "+")
      .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return [...query.keys()]
    .sort()
    .flatMap((k) => (query.get(k) ?? []).map((v) => `${esc(k)}=${esc(v)}`))
    .join("&");
}

function parseQuery(raw: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [k, v] of new URLSearchParams(raw)) out.set(k, [...(out.get(k) ?? []), v]);
  return out;
}

const SENSITIVE = ["token", "password", "secret", "key", "signature"];

/**
 * Where helmfile's `Remote.Fetch` puts a source (`kind`: `states` for `helmfiles:` and `bases:`,
 * `values` for values files) and what it asks go-getter for. Sources of the `normal` getter
 * (plain `http(s)://`, `s3://`) and `s3::` are refused: they need getters we do not have.
 */
export function remoteFetchOf(src: string, source: RemoteSource, kind: string): RemoteFetch {
  if (source.getter === "normal" || source.getter === "s3") {
    throw new LoadError(
      "LOAD_REMOTE_UNSUPPORTED",
      `remote file "${src}" cannot be fetched: only git:: sources are supported (${source.getter === "s3" ? "s3::" : `${source.scheme}://`} is not)`,
      { found: src, expected: "a git:: source" },
    );
  }
  const query = parseQuery(source.rawQuery);
  const useCache = (query.get("cache") ?? [""])[0] !== "false";
  query.delete("cache");
  let suffix = "";
  if (query.size > 0) {
    const redacted = new Map<string, string[]>();
    for (const [k, vs] of query) {
      const lk = k.toLowerCase();
      redacted.set(
        k,
        SENSITIVE.some((s) => lk.includes(s))
          ? vs.map((v) => createHash("sha256").update(v).digest("hex").slice(0, 8))
          : vs,
      );
    }
    suffix = encodeQuery(redacted).replace(/&/g, "_");
  }
  const srcDir = `${source.scheme}://${source.host}/${source.dir}`;
  const dirKey = goReplace(srcDir);
  const key = suffix === "" ? dirKey : `${dirKey}.${suffix}`;
  const base =
    source.user === ""
      ? `${source.scheme}://${source.host}${source.dir}`
      : `${source.scheme}://${source.user}@${source.host}${source.dir}`;
  const withQuery = query.size > 0 ? `${base}?${encodeQuery(query)}` : base;
  return {
    getterSource: source.getter === "" ? withQuery : `${source.getter}::${withQuery}`,
    cacheDir: `${kind}/${key}`,
    file: source.file,
    useCache,
  };
}

/** `strings.NewReplacer(":", "", "//", "_", "/", "_", ".", "_")`: left to right, the first old string that matches. */
function goReplace(s: string): string {
  let out = "";
  for (let i = 0; i < s.length;) {
    if (s[i] === ":") {
      i += 1;
    } else if (s.startsWith("//", i)) {
      out += "_";
      i += 2;
    } else if (s[i] === "/" || s[i] === ".") {
      out += "_";
      i += 1;
    } else {
      out += s[i];
      i += 1;
    }
  }
  return out;
}

/**
 * Fetches `src` (a remote source) as helmfile does and returns the local path of its file:
 * `<cache home>/<kind>/<key>/<file>`, reusing a fetched folder unless the query says
 * `cache=false`.
 */
export function locateRemote(fetcher: RemoteFetcher, src: string, kind: string): string {
  const source = parseRemoteSource(src);
  if (source === undefined) return src;
  const f = remoteFetchOf(src, source, kind);
  const dir = `${fetcher.cacheHome}/${f.cacheDir}`;
  if (!f.useCache || !fetcher.isDirectory(dir)) fetcher.fetch(f.getterSource, dir);
  return `${dir}/${f.file}`;
}

/**
 * {@link locateRemote} for a state file or a base (helmfile's desiredStateLoader.loadFile:
 * `Remote.Locate(file, "states")`, whose errors read `locate: …`).
 */
export function locateRemoteState(fetcher: RemoteFetcher, src: string): string {
  try {
    return locateRemote(fetcher, src, "states");
  } catch (err) {
    if (!(err instanceof LoadError)) throw err;
    throw new LoadError(err.code, `locate: ${err.detail}`, { found: src, cause: err });
  }
}
