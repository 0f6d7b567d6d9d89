/**
 * Resolves Pulumi Inputs into plain data once, at the component boundary. Besides the value
 * it records which parts were unknown (preview), whether anything was secret, and which
 * resources the values came from, so the component can keep dependencies and secretness.
 *
 * Plain data (what the CLI and the automation layer pass) is resolved without loading the Pulumi
 * SDK: Outputs, unknowns and Resources are told by the brands the SDK itself tests
 * (`Output.isInstance`, `isUnknown`, `Resource.isInstance` read the same `__pulumi…` fields), and
 * the SDK is loaded only for an Output's value.
 */
import type * as pulumi from "@pulumi/pulumi";
import { EmitError } from "../shared/errors";

/** The Pulumi SDK, loaded when first needed (an Output's value to look into). */
const sdk = (): typeof pulumi =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, synchronously
  require("@pulumi/pulumi") as typeof pulumi;

/** Whether `node` carries the SDK's brand `name` (the SDK's own `utils.isInstance` test). */
function branded(node: unknown, name: string): boolean {
  return typeof node === "object" && node !== null && (node as Record<string, unknown>)[name] === true;
}

/** A deeply resolved Input. `value` holds {@link UNKNOWN} where the input was unknown. */
export interface ResolvedInput {
  readonly value: unknown;
  /** Key paths (from the resolved root) of every unknown part; `[]` means the whole value. */
  readonly unknownPaths: ReadonlyArray<ReadonlyArray<string | number>>;
  readonly secret: boolean;
  readonly resources: readonly pulumi.Resource[];
}

/** Marks a value that was unknown at preview. */
export const UNKNOWN: unique symbol = Symbol("pulumi-helmfile.unknown");

/** The parts of an Output this module reads; present on every SDK Output, not in its public typings. */
interface OutputInternals {
  readonly isKnown: Promise<boolean>;
  readonly isSecret: Promise<boolean>;
  promise(withUnknowns?: boolean): Promise<unknown>;
  allResources?: () => Promise<Set<pulumi.Resource>>;
}

function asInternals(output: pulumi.Output<unknown>): OutputInternals {
  const candidate = output as unknown as Partial<OutputInternals>;
  if (
    typeof candidate.promise !== "function" ||
    candidate.isKnown === undefined ||
    candidate.isSecret === undefined
  ) {
    // Only happens if a future SDK renames these fields; failing loudly beats silently dropping unknowns.
    throw new EmitError(
      "EMIT_OUTPUT_INTERNALS",
      "this @pulumi/pulumi version exposes no Output.promise/isKnown",
    );
  }
  return candidate as OutputInternals;
}

/**
 * Resolves an Input tree (plain values, promises, Outputs, nested arrays and objects) into
 * plain data, keeping track of unknown parts, secretness and source resources.
 */
export async function resolveInput(input: unknown): Promise<ResolvedInput> {
  const unknownPaths: Array<Array<string | number>> = [];
  const resources = new Set<pulumi.Resource>();
  let secret = false;

  const walk = async (node: unknown, path: Array<string | number>): Promise<unknown> => {
    if (branded(node, "__pulumiOutput")) {
      const internals = asInternals(node as pulumi.Output<unknown>);
      const [value, known, isSecret] = await Promise.all([
        internals.promise(true),
        internals.isKnown,
        internals.isSecret,
      ]);
      if (isSecret) secret = true;
      if (internals.allResources !== undefined)
        for (const r of await internals.allResources()) resources.add(r);
      if (!known && !sdk().containsUnknowns(value)) {
        unknownPaths.push(path);
        return UNKNOWN;
      }
      return walk(value, path);
    }
    if (node instanceof Promise) return walk(await node, path);
    if (branded(node, "__pulumiUnknown")) {
      unknownPaths.push(path);
      return UNKNOWN;
    }
    if (Array.isArray(node)) return Promise.all(node.map((item, i) => walk(item, [...path, i])));
    if (typeof node === "object" && node !== null && !branded(node, "__pulumiResource")) {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(node)) {
        const resolved = await walk(item, [...path, key]);
        if (resolved !== undefined) out[key] = resolved;
      }
      return out;
    }
    return node;
  };

  const value = await walk(input, []);
  return { value, unknownPaths, secret, resources: [...resources] };
}
