/**
 * The one function that turns {@link HelmfileArgs} (Pulumi Inputs) into plain data for the core.
 *
 * At preview an input may be unknown. Unknown parts of `stateValues` are allowed: their key
 * paths are returned so only the releases that depend on them become unknown. Any other
 * unknown input (file, environment, selectors, …) decides which releases exist at all, so it
 * is refused with `EMIT_UNKNOWN_INPUT` rather than guessed.
 */
import type * as pulumi from "@pulumi/pulumi";
import { ConfigError, EmitError } from "../shared/errors";
import type { StateOptions } from "../shared/model";
import { HelmfileMode, type HelmfileArgs } from "./helmfile-args";
import { resolveInput, type ResolvedInput } from "./resolve-inputs";

/** Plain, validated component arguments. */
export interface ResolvedHelmfileArgs {
  readonly state: StateOptions;
  readonly stateValues: Record<string, unknown>;
  readonly unknownPaths: ReadonlyArray<ReadonlyArray<string | number>>;
  readonly helmBinary?: string;
  readonly mode: HelmfileMode;
  readonly renderToDirectory?: string;
  readonly provider?: pulumi.ProviderResource;
  readonly concurrency: number;
  /** The kubeconfig file of the cluster providers; absent: the ambient one. */
  readonly kubeconfig?: string;
  /** `--skip-crds` for every release. */
  readonly skipCrds: boolean;
  /** True when any input was secret. */
  readonly secret: boolean;
  /** Resources the inputs came from (children depend on them). */
  readonly dependencies: readonly pulumi.Resource[];
}

const DEFAULT_CONCURRENCY = 4;

/** Resolves and validates every field of {@link HelmfileArgs}. */
export async function resolveHelmfileArgs(args: HelmfileArgs): Promise<ResolvedHelmfileArgs> {
  const fields = Object.entries(args).filter(([, v]) => v !== undefined);
  const resolved = new Map<string, ResolvedInput>();
  await Promise.all(fields.map(async ([key, v]) => resolved.set(key, await resolveInput(v))));
  for (const [key, r] of resolved) {
    if (key !== "stateValues" && r.unknownPaths.length > 0) {
      throw new EmitError(
        "EMIT_UNKNOWN_INPUT",
        `input "${key}" is unknown during preview; it decides which releases exist`,
        {
          keyPath: [key],
          expected: "a value known at preview",
        },
      );
    }
  }
  const str = (key: keyof HelmfileArgs): string | undefined => {
    const v = resolved.get(key)?.value;
    if (v === undefined || v === null) return undefined;
    if (typeof v !== "string") throw badType(key, "a string", v);
    return v;
  };
  const strList = (key: keyof HelmfileArgs): string[] | undefined => {
    const v = resolved.get(key)?.value;
    if (v === undefined || v === null) return undefined;
    if (!Array.isArray(v) || v.some((x) => typeof x !== "string")) throw badType(key, "a list of strings", v);
    return v as string[];
  };
  const file = str("file");
  if (file === undefined || file === "") throw badType("file", "a helmfile path", file);
  const mode = str("mode") ?? HelmfileMode.Manifests;
  if (mode !== HelmfileMode.Manifests && mode !== HelmfileMode.HelmRelease) {
    throw badType("mode", `"${HelmfileMode.Manifests}" or "${HelmfileMode.HelmRelease}"`, mode);
  }
  const stateValues = resolved.get("stateValues");
  const sv = stateValues?.value ?? {};
  if (typeof sv !== "object" || sv === null || Array.isArray(sv)) throw badType("stateValues", "a map", sv);
  const bool = (key: keyof HelmfileArgs): boolean | undefined => {
    const v = resolved.get(key)?.value;
    if (v === undefined || v === null) return undefined;
    if (typeof v !== "boolean") throw badType(key, "a boolean", v);
    return v;
  };
  const skipDeps = bool("skipDeps");
  const concurrency = resolved.get("concurrency")?.value ?? DEFAULT_CONCURRENCY;
  if (typeof concurrency !== "number" || !Number.isInteger(concurrency) || concurrency < 1) {
    throw badType("concurrency", "a positive integer", concurrency);
  }
  const provider = resolved.get("provider")?.value;
  const state = compactState({
    file,
    environment: str("environment"),
    stateValuesFiles: strList("stateValuesFiles"),
    stateValuesSet: strList("stateValuesSet"),
    stateValuesSetString: strList("stateValuesSetString"),
    selectors: strList("selectors"),
    namespace: str("namespace"),
    kubeContext: str("kubeContext"),
    skipDeps: skipDeps === true ? true : undefined,
    includeNeeds: bool("includeNeeds"),
    includeTransitiveNeeds: bool("includeTransitiveNeeds"),
    skipNeeds: bool("skipNeeds"),
  });
  const kubeconfig = str("kubeconfig");
  const helmBinary = str("helmBinary");
  const renderToDirectory = str("renderToDirectory");
  return {
    state,
    stateValues: sv as Record<string, unknown>,
    unknownPaths: stateValues?.unknownPaths ?? [],
    mode,
    concurrency,
    ...(helmBinary === undefined ? {} : { helmBinary }),
    ...(kubeconfig === undefined || kubeconfig === "" ? {} : { kubeconfig }),
    skipCrds: bool("skipCrds") === true,
    ...(renderToDirectory === undefined ? {} : { renderToDirectory }),
    ...(provider === undefined || provider === null ? {} : { provider: provider as pulumi.ProviderResource }),
    secret: [...resolved.values()].some((r) => r.secret),
    dependencies: [...new Set([...resolved.values()].flatMap((r) => r.resources))],
  };
}

type Optional<T> = { [K in keyof T]: T[K] | undefined };

function compactState(state: Optional<StateOptions>): StateOptions {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(state)) if (v !== undefined) out[k] = v;
  return out as StateOptions;
}

function badType(key: string, expected: string, found: unknown): ConfigError {
  return new ConfigError("CONFIG_BAD_INPUT", `Helmfile input "${key}" is invalid`, {
    keyPath: [key],
    expected,
    found: JSON.stringify(found) ?? String(found),
  });
}
