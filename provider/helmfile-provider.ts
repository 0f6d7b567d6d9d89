/**
 * The component provider: Pulumi's analyzer-based `ComponentProvider`, with corrections to its
 * schema and one output the analyzer can't see:
 * - the analyzer writes a reference to an explicit provider resource as
 *   `/<pkg>/v<ver>/schema.json#/resources/<pkg>` (from the provider class's `__pulumiType`), a
 *   resource that does not exist; a provider is referenced as `/<pkg>/v<ver>/schema.json#/provider`;
 * - TypeScript has only `number`: counts (`concurrency`, `timeout`, `historyMax`) become `integer`,
 *   so Python and Go SDKs take `int`;
 * - `Helmfile.releases`: per release id its name, namespace, chart, version and merged values as a
 *   map (not a JSON string), and the resources it applied (as `helm.v4.Chart`'s `resources`: resource
 *   references, each the Kubernetes SDK's class for its kind where the program imports that SDK),
 *   for programs in other languages;
 * - packaging: `meta.supportPack` (a Go module with go.mod, a Python pyproject.toml).
 */
import * as pulumi from "@pulumi/pulumi";
import type { ConstructResult } from "@pulumi/pulumi/provider";
import { ComponentProvider } from "@pulumi/pulumi/provider/experimental";
import type { HelmfileArgs, ReleaseArgs } from "../src/emit/helmfile-args";
import { Helmfile, Release } from "./components";
import { constructFailure, OWNS_FAILURE } from "../src/emit/program-failure";

/** The provider's package name: resource types are `helmfile:index:<Component>`. */
export const PROVIDER_NAME = "helmfile";

const RELEASE_INFO = `${PROVIDER_NAME}:index:ReleaseInfo`;

/** Integer-valued arguments per component. */
const INTEGER_INPUTS: Readonly<Record<string, readonly string[]>> = {
  Helmfile: ["concurrency"],
  Release: ["timeout", "historyMax"],
};

/** One release of a Helmfile, as the `releases` output holds it. */
export interface ReleaseInfo {
  readonly id: string;
  readonly name: string;
  readonly namespace: string;
  readonly chart: string;
  readonly version?: string;
  readonly values: Record<string, unknown>;
  /** What the release applied: {@link Release.resources}. */
  readonly resources: pulumi.Resource[];
}

/** Rewrites provider-resource references to `#/provider`. */
export function fixProviderReferences(schemaJson: string): string {
  return schemaJson.replace(
    /"(\/([A-Za-z0-9-]+)\/v[^/"]+\/schema\.json)#\/resources\/\2"/g,
    '"$1#/provider"',
  );
}

interface SchemaProperty {
  type?: string;
  [key: string]: unknown;
}
interface SchemaResource {
  inputProperties?: Record<string, SchemaProperty>;
  properties?: Record<string, SchemaProperty>;
  required?: string[];
}
interface Schema {
  resources: Record<string, SchemaResource>;
  types?: Record<string, unknown>;
  language?: Record<string, Record<string, unknown>>;
  meta?: Record<string, unknown>;
}

/** The analyzer's schema with the corrections described at the top of this file. */
export function completeSchema(schemaJson: string): string {
  const schema = JSON.parse(fixProviderReferences(schemaJson)) as Schema;
  for (const [component, names] of Object.entries(INTEGER_INPUTS)) {
    const inputs = schema.resources[`${PROVIDER_NAME}:index:${component}`]?.inputProperties ?? {};
    for (const n of names) {
      const p = inputs[n];
      if (p?.type === "number") p.type = "integer";
    }
  }
  const helmfile = schema.resources[`${PROVIDER_NAME}:index:Helmfile`];
  if (helmfile !== undefined) {
    helmfile.properties = {
      ...helmfile.properties,
      releases: {
        type: "object",
        additionalProperties: { $ref: `#/types/${RELEASE_INFO}` },
        description:
          "The releases created, by id (`[kubeContext/]namespace/name`): name, namespace, chart, version and merged values (all secret when any release's values are).",
      },
    };
    helmfile.required = [...new Set([...(helmfile.required ?? []), "releases"])].sort();
  }
  const str = (description: string): SchemaProperty => ({ type: "string", description });
  schema.types = {
    ...schema.types,
    [RELEASE_INFO]: {
      type: "object",
      description: "One release of a Helmfile.",
      properties: {
        id: str("The release id, `[kubeContext/]namespace/name`."),
        name: str("The helm release name."),
        namespace: str("The release namespace; empty for the provider's default namespace."),
        chart: str("The chart as written in the helmfile."),
        version: str("The chart version, when pinned."),
        values: {
          type: "object",
          additionalProperties: { $ref: "pulumi.json#/Any" },
          description: "The merged user values, as helm computes them (secret when any input was).",
        },
        resources: {
          type: "array",
          items: { $ref: "pulumi.json#/Any" },
          description:
            "The resources the release applied, as `kubernetes:helm.sh/v4:Chart`'s `resources`: one per Kubernetes object in mode `manifests`, in the order they are applied (each the Kubernetes SDK's class for its kind when the program imports that SDK; without it, Python gives the object's id and Go a resource of its URN and id), the one `kubernetes:helm.sh/v3:Release` in mode `helm-release`.",
        },
      },
      required: ["chart", "id", "name", "namespace", "resources", "values"],
    },
  };
  schema.meta = { ...schema.meta, supportPack: true };
  schema.language = {
    ...schema.language,
    python: { ...schema.language?.["python"], pyproject: { enabled: true } },
  };
  return JSON.stringify(schema);
}

/** Serves `Helmfile` and `Release` with the completed schema. */
export class HelmfileComponentProvider extends ComponentProvider {
  /** @param dirname Directory holding the provider's package.json and tsconfig.json. */
  constructor(dirname: string) {
    super({ components: [Helmfile, Release], name: PROVIDER_NAME, dirname });
  }

  /**
   * Constructs a component. A `Helmfile` is awaited so that a load or render failure fails the
   * construct call with the error (naming the release) instead of only logging it; its `Release`
   * children's arguments are recorded (a transformation, which changes nothing) for `releases`.
   */
  override async construct(
    name: string,
    type: string,
    inputs: pulumi.Inputs,
    options: pulumi.ComponentResourceOptions,
  ): Promise<ConstructResult> {
    ComponentProvider.validateResourceType(PROVIDER_NAME, type);
    if (type.split(":")[2] !== "Helmfile") return super.construct(name, type, inputs, options);
    const args = new Map<pulumi.Resource, ReleaseArgs>();
    const record: pulumi.ResourceTransformation = (a) => {
      if (a.resource instanceof Release) args.set(a.resource, a.props as ReleaseArgs);
      return undefined;
    };
    // construct awaits `releases` and fails with its error, which fails the caller's program.
    const helmfile = new Helmfile(name, inputs as HelmfileArgs, {
      ...options,
      [OWNS_FAILURE]: true,
      transformations: [...(options.transformations ?? []), record],
    });
    let releases: Awaited<typeof helmfile.releases>;
    try {
      releases = await helmfile.releases;
    } catch (err) {
      throw constructFailure(err); // `CODE: message`, as a program in TypeScript shows it
    }
    const infos: Record<string, pulumi.Output<ReleaseInfo>> = {};
    for (const [id, release] of Object.entries(releases)) {
      const a = args.get(release);
      if (a === undefined) throw new Error(`release ${id}: its arguments were not recorded`);
      infos[id] = pulumi
        .all([a.name, a.namespace, a.chart, a.version, a.values, release.resources])
        .apply(([n, ns, chart, version, values, resources]) => ({
          id,
          name: n,
          namespace: ns,
          chart,
          ...(version === undefined ? {} : { version }),
          values: JSON.parse(values) as Record<string, unknown>,
          resources,
        }));
    }
    // One Output for the whole map: it is secret when any release is, so every SDK marks `releases`
    // secret (a secret nested in a plain map is unwrapped, and its secrecy lost, by some SDKs).
    return { urn: helmfile.urn, state: { releaseIds: helmfile.releaseIds, releases: pulumi.all(infos) } };
  }

  /** The analyzer's schema, completed (see the top of this file). */
  override async getSchema(): Promise<string> {
    return completeSchema(await super.getSchema());
  }
}
