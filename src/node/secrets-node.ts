/**
 * The Node wiring of the secrets edge: a {@link SopsDecryptor} running the real sops
 * binary and a {@link SecretRefResolver} reading real files, sharing one registry of
 * known plaintexts for redaction.
 */
import { isAbsolute, resolve } from "node:path";
import { SecretRegistry } from "../secrets/secret-registry";
import { SecretRefResolver } from "../secrets/secret-resolver";
import { SopsDecryptor } from "../secrets/sops-decryptor";
import type { RefBackend } from "../secrets/ref-backends";
import type { Environment, Logger } from "../shared/io";
import type { SecurityPolicy } from "../shared/policy";
import { NodeFileSystem } from "./node-file-system";
import { NodeProcessRunner } from "./node-process-runner";
import { execBackend } from "./exec-ref";
import { httpJsonBackend, onlineBackends } from "./online-refs/online-backends";

/** Options of {@link createNodeSecrets}. */
export interface NodeSecretsOptions {
  /** Working directory relative reference paths resolve against; default `process.cwd()`. */
  readonly cwd?: string;
  /** Environment (sops discovery, `envsubst`, sops' own variables); default `process.env`. */
  readonly env?: Environment;
  /** The sops binary; default `SOPS_BINARY`, then `sops` on PATH. */
  readonly sopsBinary?: string;
  /** Variables added to sops' environment, e.g. `SOPS_AGE_KEY_FILE`; default none. */
  readonly sopsEnv?: Readonly<Record<string, string>>;
  /**
   * The user's secret resolver modules (`PULUMI_HELMFILE_SECRET_RESOLVERS`, read at the edge by
   * src/shared/settings.ts), relative ones against `cwd`; default none.
   */
  readonly resolverModules?: readonly string[];
  /** `PULUMI_HELMFILE_INSECURE_REFS`, read at the edge: `ref+exec` may run programs and `ref+httpjson` fetch URLs; default false. */
  readonly insecureRefs?: boolean;
  /** The policy read at the edge; `HELMFILE_DISABLE_INSECURE_FEATURES` refuses `ref+exec` and `ref+httpjson` always. Default: allowed. */
  readonly policy?: SecurityPolicy;
  /** Extra `ref+` backends by name; default only file, echo, envsubst, sops. */
  readonly backends?: Readonly<Record<string, RefBackend>>;
  readonly logger?: Logger;
}

/** The decryptor, resolver and registry for one run. */
export interface NodeSecrets {
  readonly decryptor: SopsDecryptor;
  readonly resolver: SecretRefResolver;
  readonly registry: SecretRegistry;
}

/** Creates the secrets edge for Node. */
export function createNodeSecrets(options: NodeSecretsOptions = {}): NodeSecrets {
  const cwd = options.cwd ?? process.cwd();
  const env = options.env ?? process.env;
  const fs = new NodeFileSystem(cwd);
  const registry = new SecretRegistry();
  // `ref+exec` runs a program and `ref+httpjson` fetches a URL the state names: both only when allowed.
  const allowance = {
    optedIn: options.insecureRefs ?? false,
    disabledByPolicy: options.policy?.disableInsecureFeatures ?? false,
  };
  const decryptor = new SopsDecryptor({
    runner: new NodeProcessRunner({ baseEnv: env, cwd }),
    fs,
    env,
    registry,
    ...(options.sopsBinary === undefined ? {} : { binary: options.sopsBinary }),
    ...(options.sopsEnv === undefined ? {} : { sopsEnv: options.sopsEnv }),
    ...(options.logger === undefined ? {} : { logger: options.logger }),
  });
  const resolver = new SecretRefResolver({
    fs,
    env,
    cwd,
    decryptor,
    registry,
    backends: {
      exec: execBackend(env, allowance),
      httpjson: httpJsonBackend(allowance),
      // The user's resolver modules (`PULUMI_HELMFILE_SECRET_RESOLVERS`, docs/secrets.md), relative ones against cwd.
      ...onlineBackends((options.resolverModules ?? []).map((p) => (isAbsolute(p) ? p : resolve(cwd, p)))),
      ...(options.backends ?? {}),
    },
  });
  return { decryptor, resolver, registry };
}
