/**
 * helm-secrets' sops backend as a {@link SecretsDecryptor}: each secrets file is checked
 * for a sops MAC, its store detected, and decrypted with
 * `sops --decrypt --input-type T --output-type T <file>` (the plaintext only ever lives in
 * memory: nothing is written next to the file or to a temporary file). Embedded secrets
 * maps are piped through stdin. Results are cached per file for the decryptor's life, as
 * helmfile caches per run.
 */
import { parse as parseYaml } from "yaml";
import { SecretError } from "../shared/errors";
import type { Environment, FileSystem, Logger, ProcessRunner } from "../shared/io";
import { silentLogger } from "../shared/io";
import type { SecretsDecryptor } from "../shared/secrets";
import { findSops } from "./find-sops";
import { SecretRegistry } from "./secret-registry";
import { sopsFailureError } from "./sops-failure";
import { isSopsEncrypted, sopsFormatOf, type SopsFormat } from "./sops-format";

/** Options of {@link SopsDecryptor}. */
export interface SopsDecryptorOptions {
  /** Runs sops. */
  readonly runner: ProcessRunner;
  /** Reads secrets files and checks binary candidates. */
  readonly fs: FileSystem;
  /** The environment used to find sops (`SOPS_BINARY`, `PATH`); sops itself inherits the runner's. */
  readonly env: Environment;
  /** The sops binary; default `SOPS_BINARY`, then helm-secrets' variables, then `sops` on PATH. */
  readonly binary?: string;
  /** Variables added to sops' environment (e.g. `SOPS_AGE_KEY_FILE`); default none. */
  readonly sopsEnv?: Readonly<Record<string, string>>;
  /** Arguments put before sops' own (helm-secrets' `SECRET_BACKEND_ARGS`); default none. */
  readonly extraArgs?: readonly string[];
  /** Collects every decrypted plaintext for redaction; default a private registry. */
  readonly registry?: SecretRegistry;
  /** Gets one debug line per decrypted file (the path only); default silent. */
  readonly logger?: Logger;
  /** Milliseconds before a sops run is killed; default 120000. */
  readonly timeoutMs?: number;
}

/** Decrypts sops-encrypted secrets files (and embedded secrets maps) by running the real sops. */
export class SopsDecryptor implements SecretsDecryptor {
  /** Every plaintext decrypted so far: redact logs and errors against it. */
  readonly registry: SecretRegistry;
  private readonly cache = new Map<string, string>();
  private binary: string | undefined;

  constructor(private readonly options: SopsDecryptorOptions) {
    this.registry = options.registry ?? new SecretRegistry();
  }

  /** The sops binary that will run (found once, on first use). */
  sopsBinary(): string {
    if (this.binary === undefined) {
      this.binary = findSops({
        env: this.options.env,
        fs: this.options.fs,
        ...(this.options.binary === undefined ? {} : { binary: this.options.binary }),
      });
    }
    return this.binary;
  }

  decryptFile(path: string): string {
    const cached = this.cache.get(path);
    if (cached !== undefined) return cached;
    const { fs } = this.options;
    if (!fs.isFile(path)) {
      throw new SecretError("SECRETS_FILE_NOT_FOUND", `secrets file ${path} does not exist`, { file: path });
    }
    const text = fs.readFile(path);
    this.requireEncrypted(text, path);
    const format = sopsFormatOf(text);
    const out = this.runSops(format, path, path);
    this.cache.set(path, out);
    return out;
  }

  containsSecret(text: string): boolean {
    return this.registry.containsSecret(text);
  }

  hasSecrets(): boolean {
    return this.registry.size > 0;
  }

  decryptText(text: string, name: string): string {
    this.requireEncrypted(text, name);
    // helmfile writes embedded secrets to a temporary file; stdin keeps them off the disk.
    // `sops decrypt` without a file reads stdin (sops >= 3.9); `/dev/stdin` fails when
    // stdin is a socket, as Node's child processes get.
    return this.runSops(sopsFormatOf(text), undefined, name, text);
  }

  private requireEncrypted(text: string, file: string): void {
    if (!isSopsEncrypted(text)) {
      throw new SecretError(
        "SECRETS_NOT_ENCRYPTED",
        `secrets file ${file} is not encrypted with sops (no sops MAC found); encrypt it with sops or list it under values:`,
        { file },
      );
    }
  }

  private runSops(format: SopsFormat, input: string | undefined, file: string, stdin?: string): string {
    const binary = this.sopsBinary();
    const types = ["--input-type", format, "--output-type", format];
    const args =
      input === undefined
        ? ["decrypt", ...(this.options.extraArgs ?? []), ...types]
        : [...(this.options.extraArgs ?? []), "--decrypt", ...types, input];
    const result = this.options.runner.runSync(binary, args, {
      timeoutMs: this.options.timeoutMs ?? 120_000,
      ...(this.options.sopsEnv === undefined ? {} : { env: this.options.sopsEnv }),
      ...(stdin === undefined ? {} : { input: stdin }),
    });
    if (result.exitCode !== 0) {
      throw sopsFailureError({
        file,
        binary,
        exitCode: result.exitCode,
        stderr: result.stderr,
        known: this.registry.values(),
      });
    }
    this.remember(result.stdout, format);
    (this.options.logger ?? silentLogger).debug(`decrypted secrets file ${file}`);
    return result.stdout;
  }

  private remember(plaintext: string, format: SopsFormat): void {
    if (format !== "binary") {
      try {
        this.registry.addValue(parseYaml(plaintext));
        return;
      } catch {
        // Fall through: redact line by line when the output is not parseable.
      }
    }
    for (const line of plaintext.split("\n")) {
      const t = line.trim();
      if (t.length >= 4) this.registry.add(t);
    }
  }
}
