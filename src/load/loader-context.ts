/** Everything the loader needs from the caller, resolved once per invocation. */
import type { Environment, FileSystem, Logger, ProcessRunner, RemoteFetcher } from "../shared/io";
import type { SecretsDecryptor } from "../shared/secrets";
import type { GoYamlVersion } from "./yaml-io";
import type { Limits } from "../shared/limits";
import type { SecurityPolicy } from "../shared/policy";
import type { SecretResolver } from "../template/funcs/helmfile/options";
import type { ProvenanceSink } from "./provenance-sink";

/** The loader's injected IO and global flags. */
export interface LoaderContext {
  readonly fs: FileSystem;
  readonly environ: Environment;
  readonly logger: Logger;
  readonly processRunner?: ProcessRunner;
  /** Fetches remote (`git::`) states, bases and values files; absent: they are refused. */
  readonly remote?: RemoteFetcher;
  readonly secrets: SecretsDecryptor;
  /** `-e`; default `default`. */
  readonly envName: string;
  /** `--namespace`; empty when unset. */
  readonly namespace: string;
  /** `--kube-context`; empty when unset. */
  readonly kubeContext: string;
  /** `--chart`; empty when unset. */
  readonly chart: string;
  /** go-yaml flavour (`HELMFILE_GO_YAML_V3`, default v3). */
  readonly yamlVersion: GoYamlVersion;
  /** `HELMFILE_RENDER_YAML=true`: render plain `.yaml` state files as templates too. */
  readonly renderYaml: boolean;
  /** `HELMFILE_EXPERIMENTAL=explicit-selector-inheritance`. */
  readonly explicitSelectorInheritance: boolean;
  /** `--helm-binary` / `--kustomize-binary` overrides; empty when unset. */
  readonly helmBinary: string;
  readonly kustomizeBinary: string;
  /** chartify's CHARTIFY_TEMPDIR, absolute; undefined when unset (`build` prints chartify's chart paths under it). */
  readonly chartifyTempDir?: string;
  /** `_*.tpl` helpers per directory, read once per load. */
  readonly helperCache: Map<string, readonly { readonly name: string; readonly source: string }[]>;
  /** Called before each state file read (parity checks on helmfile's read order). */
  readonly onStateRead?: (path: string) => void;
  /** Resolved limits (src/shared/limits.ts); absent: resolved from `environ` at each render. */
  readonly limits?: Limits;
  /** Insecure-features policy (src/shared/policy.ts); absent: from `environ`. */
  readonly policy?: SecurityPolicy;
  /** Resolves `ref+` secret references (templates and release values files); absent: none. */
  readonly secretResolver?: SecretResolver;
  /** Records the layers behind `.Values` (only when explaining); absent: nothing is recorded. */
  readonly provenance?: ProvenanceSink;
}
