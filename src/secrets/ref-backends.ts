/**
 * The built-in offline backends of secret references, after vals' providers of the same
 * names: `file` (a file's text, or a key of its YAML), `echo` (the path itself),
 * `envsubst` (the path with environment variables substituted) and `sops` (a
 * sops-encrypted file, decrypted with the real sops). Each backend answers a whole-string
 * lookup (no fragment) and a map lookup (the reference has a `#fragment`).
 */
import { SecretError } from "../shared/errors";
import type { Environment, FileSystem } from "../shared/io";
import type { SecretsDecryptor } from "../shared/secrets";
import { isMap, newMap, type Value, type ValueMap } from "../shared/value";
import { decodeYaml } from "../shared/yaml/decode";
import type { GoYamlVersion } from "../shared/yaml/resolve";
import { envsubst } from "./envsubst";
import type { SecretRef } from "./secret-ref";
import { TfstateError, tfstateLookup } from "./tfstate";

/** What a backend may use. */
export interface RefBackendContext {
  readonly fs: FileSystem;
  readonly env: Environment;
  /** Directory relative paths resolve against. */
  readonly cwd: string;
  /** For `ref+sops://`; absent means sops references fail with a clear error. */
  readonly decryptor?: SecretsDecryptor;
  readonly yamlVersion: GoYamlVersion;
  /** Asks the insecure-features policy before a backend reads `file` (absolute); throws when refused. */
  readonly checkRead?: (file: string, via: string) => void;
}

/** One `ref+<name>://` backend. */
export interface RefBackend {
  /** The value of a reference without a fragment. */
  getString(ref: SecretRef, ctx: RefBackendContext): string;
  /** The document a fragment is looked up in. */
  getStringMap(ref: SecretRef, ctx: RefBackendContext): ValueMap;
  /**
   * A reference with a fragment answered as a whole string, fragment included, where the backend
   * reads the fragment itself (vals' `httpjson`: an XPath query); such backends never see
   * {@link getStringMap}.
   */
  getWhole?(ref: SecretRef, ctx: RefBackendContext): string;
}

function failure(ref: SecretRef, reason: string, file?: string): SecretError {
  return new SecretError(
    "SECRET_REF_FAILED",
    `cannot resolve secret reference ref+${ref.backend}://${ref.path}: ${reason}`,
    file === undefined ? {} : { file },
  );
}

function asMap(ref: SecretRef, text: string, ctx: RefBackendContext, what: string, file?: string): ValueMap {
  let v: Value;
  try {
    v = decodeYaml(text, { version: ctx.yamlVersion });
  } catch {
    // The parser's message may quote the (secret) document: keep only the fact.
    throw failure(ref, `${what} is not valid YAML`, file);
  }
  if (v === null) return newMap();
  if (!isMap(v)) throw failure(ref, `${what} is not a YAML map`, file);
  return v;
}

function absolute(path: string, cwd: string): string {
  return path.startsWith("/") ? path : `${cwd.replace(/\/+$/, "")}/${path.replace(/^\.\//, "")}`;
}

function readRefFile(ref: SecretRef, ctx: RefBackendContext): { file: string; text: string } {
  const file = absolute(ref.path.replace(/\/+$/, ""), ctx.cwd);
  ctx.checkRead?.(file, "ref+file://");
  if (!ctx.fs.isFile(file)) throw failure(ref, `file ${file} does not exist`, file);
  return { file, text: ctx.fs.readFile(file) };
}

const fileBackend: RefBackend = {
  getString(ref, ctx) {
    const encode = ref.params.get("encode") ?? "raw";
    if (encode === "raw") return readRefFile(ref, ctx).text;
    if (encode === "base64") {
      const file = absolute(ref.path.replace(/\/+$/, ""), ctx.cwd);
      ctx.checkRead?.(file, "ref+file://");
      if (!ctx.fs.isFile(file)) throw failure(ref, `file ${file} does not exist`, file);
      return Buffer.from(ctx.fs.readBytes(file)).toString("base64");
    }
    throw failure(ref, `unsupported encode parameter "${encode}" (expected raw or base64)`);
  },
  getStringMap(ref, ctx) {
    const { file, text } = readRefFile(ref, ctx);
    return asMap(ref, text, ctx, `file ${file}`, file);
  },
};

const echoBackend: RefBackend = {
  getString(ref) {
    return ref.path.replace(/\/+$/, "");
  },
  getStringMap(ref) {
    const keys = ref.path.split("/");
    if (keys.length < 2) throw failure(ref, 'the path must have two or more components separated by "/"');
    const root = newMap();
    let cur = root;
    for (let i = 0; i < keys.length - 1; i++) {
      const k = keys[i] as string;
      if (i === keys.length - 2) cur[k] = keys[i + 1] as string;
      else {
        const next = newMap();
        cur[k] = next;
        cur = next;
      }
    }
    return root;
  },
};

const envsubstBackend: RefBackend = {
  getString(ref, ctx) {
    return envsubst(ref.path.replace(/\/$/, "").trim(), ctx.env);
  },
  getStringMap(ref, ctx) {
    return asMap(ref, envsubst(ref.path.replace(/\/$/, "").trim(), ctx.env), ctx, "the substituted text");
  },
};

function sopsDecrypt(ref: SecretRef, ctx: RefBackendContext): { file: string; text: string } {
  if (ctx.decryptor === undefined) {
    throw new SecretError(
      "SECRET_BACKEND_UNSUPPORTED",
      `secret reference backend "sops" needs a sops decryptor, and none is configured`,
    );
  }
  const keyType = ref.params.get("key_type") ?? "filepath";
  if (keyType !== "filepath") {
    throw failure(ref, `key_type=${keyType} is not supported (only filepath)`);
  }
  const file = absolute(ref.path.replace(/\/+$/, ""), ctx.cwd);
  ctx.checkRead?.(file, "ref+sops://");
  return { file, text: ctx.decryptor.decryptFile(file) };
}

const sopsBackend: RefBackend = {
  getString(ref, ctx) {
    return sopsDecrypt(ref, ctx).text;
  },
  getStringMap(ref, ctx) {
    const { file, text } = sopsDecrypt(ref, ctx);
    return asMap(ref, text, ctx, `the decrypted file ${file}`, file);
  },
};

/** The built-in backends by name. */
/** The state file and the address of a `tfstate` reference: the last path segment is the address. */
export function tfstatePath(path: string): { file: string; address: string } {
  const at = path.lastIndexOf("/");
  return { file: at < 0 ? "" : path.slice(0, at), address: path.slice(at + 1) };
}

/** `ref+tfstate://<state file>/<address>`: a value of a local Terraform state (./tfstate.ts). */
const tfstateBackend: RefBackend = {
  getString(ref, ctx) {
    const { file, address } = tfstatePath(ref.path);
    const abs = absolute(file, ctx.cwd);
    ctx.checkRead?.(abs, "ref+tfstate://");
    if (!ctx.fs.isFile(abs))
      throw failure(
        ref,
        `reading tfstate for ${address}: failed to read tfstate from ${file}: no such file`,
        abs,
      );
    try {
      return tfstateLookup(ctx.fs.readFile(abs), address);
    } catch (err) {
      if (err instanceof TfstateError)
        throw failure(ref, `reading value for ${ref.path}: ${err.message}`, abs);
      throw err;
    }
  },
  getStringMap(ref) {
    throw failure(ref, "path fragment is not supported for tfstate provider");
  },
};

export const BUILTIN_REF_BACKENDS: Readonly<Record<string, RefBackend>> = Object.freeze({
  tfstate: tfstateBackend,
  file: fileBackend,
  echo: echoBackend,
  envsubst: envsubstBackend,
  sops: sopsBackend,
});
