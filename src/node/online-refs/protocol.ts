/**
 * What the main thread asks the online-references worker (./worker.ts) and what it answers:
 * plain JSON, so it crosses the thread boundary as is.
 */

/** One lookup: a backend's raw answer for a reference, without its fragment. */
export interface OnlineRequest {
  /** The backend (`awssecrets`, `awsssm`, `s3`, …). */
  readonly backend: string;
  /** Host and path joined, as vals reads it. */
  readonly path: string;
  /** The reference's query parameters. */
  readonly params: Readonly<Record<string, string>>;
  /** `string`: the whole value; `map`: the document a fragment is looked up in. */
  readonly want: "string" | "map";
  /** The environment the backend's client reads (credentials, region, endpoints). */
  readonly env: Readonly<Record<string, string>>;
  /** Per-request bound, in milliseconds. */
  readonly timeoutMs: number;
  /** Resolver modules of the user's (absolute paths), asked before the built-in backends. */
  readonly modules: readonly string[];
}

/** Which schemes the user's resolver modules (absolute paths) serve. */
export interface SchemesRequest {
  readonly schemesOf: readonly string[];
}

/** A nested map of strings (SSM parameters by path). */
export interface StringTree {
  readonly [key: string]: string | StringTree;
}

/** The worker's answer to a {@link SchemesRequest}. */
export type SchemesResponse =
  | { readonly ok: true; readonly schemes: readonly string[] }
  | { readonly ok: false; readonly reason: string };

/** The worker's answer. */
export type OnlineResponse =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: true; readonly tree: StringTree }
  | { readonly ok: false; readonly reason: string };
