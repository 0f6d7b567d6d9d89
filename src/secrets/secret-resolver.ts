/**
 * A vals-compatible resolver of `ref+<backend>://…` secret references, pluggable by
 * backend. Its `evalMap` is the contract the template functions `fetchSecretValue` and
 * `expandSecretRefs` call (`SecretResolver` in `src/template/funcs/helmfile/options.ts`).
 *
 * Semantics follow vals' `Eval`: every string value of the map is scanned; a string that
 * is exactly one reference becomes the looked-up value with its type (a map, a number…),
 * references inside longer strings are replaced by their text. A fragment (`#/a/b`) walks
 * the backend's document; a missing key gives null (helmfile does not set vals'
 * `FailOnMissingKeyInMap`). Every resolved value is recorded in the registry, so callers
 * can mark outputs secret and redact logs.
 */
import { HelmfileError, SecretError } from "../shared/errors";
import { checkAccess, resolvePolicy, type SecurityPolicy } from "../shared/policy";
import type { Environment, FileSystem } from "../shared/io";
import type { SecretsDecryptor } from "../shared/secrets";
import { GoTime, isMap, newMap, type Value, type ValueMap } from "../shared/value";
import { goTimeString } from "../shared/yaml";
import type { GoYamlVersion } from "../shared/yaml/resolve";
import { BUILTIN_REF_BACKENDS, type RefBackend, type RefBackendContext } from "./ref-backends";
import { parseSecretRef, REF_PATTERN, REF_PATTERN_GLOBAL } from "./secret-ref";
import { SecretRegistry } from "./secret-registry";

/** Options of {@link SecretRefResolver}. */
export interface SecretRefResolverOptions {
  readonly fs: FileSystem;
  /** Environment for `envsubst` references. */
  readonly env: Environment;
  /** Directory relative `file`/`sops` paths resolve against (vals: the process's working directory). */
  readonly cwd: string;
  /** Decrypts `ref+sops://` files; default none (sops references then fail clearly). */
  readonly decryptor?: SecretsDecryptor;
  /** Extra or replacement backends by name; default only the built-in offline ones. */
  readonly backends?: Readonly<Record<string, RefBackend>>;
  /** Records resolved plaintexts; default a private registry. */
  readonly registry?: SecretRegistry;
  /** YAML flavour for documents looked up with a fragment; default `"v3"`. */
  readonly yamlVersion?: GoYamlVersion;
  /** Insecure-features policy for file-reading backends; default from `HELMFILE_DISABLE_INSECURE_FEATURES` in `env`. */
  readonly policy?: SecurityPolicy;
}

/** Where one resolution happens (see `SecretScope` of the template functions). */
export interface ResolveScope {
  /** Folder tree `file`/`sops` references must stay in; default the resolver's `cwd`. */
  readonly root?: string;
  /** The file holding the references (for errors). */
  readonly file?: string;
}

/** Backends whose path names a local file. */
const FILE_BACKENDS = new Set(["file", "sops", "tfstate"]);

/** A value the resolver walks: the Go-typed values tree or the template engine's maps. */
type Walkable = unknown;

/** Go's `%v` for the value kinds a backend can return. */
function formatV(v: Value): string {
  if (v === null) return "<nil>";
  if (typeof v === "string") return v;
  if (typeof v === "bigint" || typeof v === "boolean" || typeof v === "number") return String(v);
  if (Array.isArray(v)) return `[${v.map(formatV).join(" ")}]`;
  if (v instanceof GoTime) return goTimeString(v);
  return `map[${Object.keys(v)
    .sort()
    .map((k) => `${k}:${formatV(v[k] as Value)}`)
    .join(" ")}]`;
}

/** Resolves secret references with pluggable backends (`file`, `echo`, `envsubst`, `sops` built in). */
export class SecretRefResolver {
  /** Every value resolved so far (for redaction and secret marking). */
  readonly registry: SecretRegistry;
  private readonly backends: Readonly<Record<string, RefBackend>>;
  private readonly ctx: RefBackendContext;
  private readonly strings = new Map<string, string>();
  private readonly docs = new Map<string, ValueMap>();
  private readonly policy: SecurityPolicy;
  private scope: ResolveScope = {};
  /** Number of references resolved so far. */
  resolvedCount = 0;

  constructor(options: SecretRefResolverOptions) {
    this.registry = options.registry ?? new SecretRegistry();
    this.backends = { ...BUILTIN_REF_BACKENDS, ...(options.backends ?? {}) };
    this.policy = options.policy ?? resolvePolicy({}, options.env);
    this.ctx = {
      fs: options.fs,
      env: options.env,
      cwd: options.cwd,
      yamlVersion: options.yamlVersion ?? "v3",
      ...(options.decryptor === undefined ? {} : { decryptor: options.decryptor }),
      checkRead: (file: string, via: string) => this.checkRead(file, via),
    };
  }

  /** Asks the policy whether a backend may read `file` (absolute) in the current scope. */
  private checkRead(file: string, via: string): void {
    const root = this.scope.root ?? this.ctx.cwd;
    checkAccess(
      this.policy,
      { kind: "read", via, path: file, root },
      this.scope.file === undefined ? {} : { file: this.scope.file },
    );
  }

  /** The names of the usable backends. */
  backendNames(): string[] {
    return Object.keys(this.backends).sort();
  }

  /** Looks up one reference (the text after `ref+`, e.g. `file://s.yaml#/a`). */
  lookup(key: string): Value {
    const ref = parseSecretRef(key);
    const backend = this.backends[ref.backend];
    if (backend === undefined) {
      throw new SecretError(
        "SECRET_BACKEND_UNSUPPORTED",
        `secret reference backend "${ref.backend}" is not supported: the backends here are ${this.backendNames().join(", ")} (a resolver module of your own can add "${ref.backend}": PULUMI_HELMFILE_SECRET_RESOLVERS, docs/secrets.md)`,
        { expected: `one of ${this.backendNames().join(", ")}`, found: ref.backend },
      );
    }
    this.resolvedCount++;
    // Checked before the caches: a value read in one scope is not handed out in another.
    if (FILE_BACKENDS.has(ref.backend))
      this.checkRead(absolutePath(ref.path, this.ctx.cwd), `ref+${ref.backend}://`);
    if (ref.fragment.length === 0 || backend.getWhole !== undefined) {
      let s = this.strings.get(key);
      if (s === undefined) {
        s =
          ref.fragment.length > 0 && backend.getWhole !== undefined
            ? backend.getWhole(ref, this.ctx)
            : backend.getString(ref, this.ctx);
        this.strings.set(key, s);
      }
      this.registry.add(s);
      return s;
    }
    const docKey = key.slice(0, key.lastIndexOf("#"));
    let doc = this.docs.get(docKey);
    if (doc === undefined) {
      doc = backend.getStringMap(ref, this.ctx);
      this.docs.set(docKey, doc);
    }
    const found = this.walk(doc, ref.fragment, ref.backend, ref.path);
    this.registry.addValue(found);
    return found;
  }

  private walk(doc: ValueMap, keys: readonly string[], backend: string, path: string): Value {
    let obj: ValueMap = doc;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i] as string;
      if (!Object.prototype.hasOwnProperty.call(obj, k)) return null;
      const t = obj[k] as Value;
      if (i === keys.length - 1) return t;
      if (!isMap(t)) {
        throw new SecretError(
          "SECRET_REF_FAILED",
          `cannot resolve secret reference ref+${backend}://${path}: the value at key ${keys.slice(0, i + 1).join("/")} is not a map`,
          { keyPath: keys.slice(0, i + 1) },
        );
      }
      obj = t;
    }
    return null;
  }

  /** vals' `InValue`: a whole-string reference keeps its type, embedded ones become text. */
  expandString(s: string): Value {
    const m = REF_PATTERN.exec(s);
    if (m === null) return s;
    if (m.index === 0 && m[0].length === s.length) return this.wrap(() => this.lookup(m[2] ?? ""));
    return this.wrap(() =>
      s.replace(REF_PATTERN_GLOBAL, (_all, _kind: string, key: string) => formatV(this.lookup(key))),
    );
  }

  private wrap(fn: () => Value): Value {
    try {
      return fn();
    } catch (err) {
      if (err instanceof HelmfileError) throw err;
      // Foreign errors may quote what they read; keep only their kind.
      throw new SecretError("SECRET_REF_FAILED", `cannot resolve a secret reference: ${(err as Error).name}`);
    }
  }

  /** Every string in a value tree expanded (maps and lists copied, other values kept). */
  expandValue(v: Walkable): Walkable {
    if (typeof v === "string") return this.expandString(v);
    if (Array.isArray(v)) return v.map((x: unknown) => this.expandValue(x));
    if (v !== null && typeof v === "object" && Object.getPrototypeOf(v) === null) {
      const out = Object.create(null) as Record<string, unknown>;
      for (const k of Object.keys(v)) out[k] = this.expandValue((v as Record<string, unknown>)[k]);
      return out;
    }
    return v;
  }

  /** The `SecretResolver` contract of the template functions: a map with every reference resolved. */
  evalMap<M extends object>(values: M, scope: ResolveScope = {}): M {
    return this.inScope(scope, () => this.expandValue(values) as M);
  }

  /** Like {@link evalMap} for the Go-typed values tree. */
  evalValues(values: ValueMap, scope: ResolveScope = {}): ValueMap {
    const out = this.inScope(scope, () => this.expandValue(values));
    return isMap(out as Value) ? (out as ValueMap) : newMap();
  }

  private inScope<T>(scope: ResolveScope, fn: () => T): T {
    const saved = this.scope;
    this.scope = scope;
    try {
      return fn();
    } finally {
      this.scope = saved;
    }
  }
}

function absolutePath(path: string, cwd: string): string {
  const p = path.replace(/\/+$/, "");
  return p.startsWith("/") ? p : `${cwd.replace(/\/+$/, "")}/${p.replace(/^\.\//, "")}`;
}

/** True when any string in the tree holds a `ref+` reference. */
export function containsSecretRef(v: unknown): boolean {
  if (typeof v === "string") return REF_PATTERN.test(v);
  if (Array.isArray(v)) return v.some(containsSecretRef);
  if (v !== null && typeof v === "object") return Object.values(v).some(containsSecretRef);
  return false;
}
