/**
 * The component provider: Pulumi's analyzer-based `ComponentProvider`, with one correction to
 * its schema. The analyzer writes a reference to an explicit provider resource as
 * `/<pkg>/v<ver>/schema.json#/resources/<pkg>` (from the provider class's `__pulumiType`), a
 * resource that does not exist; a provider is referenced as `/<pkg>/v<ver>/schema.json#/provider`.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { ConstructResult } from "@pulumi/pulumi/provider";
import { ComponentProvider } from "@pulumi/pulumi/provider/experimental";
import type { HelmfileArgs } from "../src/emit/helmfile-args";
import { Helmfile, Release } from "./components";

/** The provider's package name: resource types are `helmfile:index:<Component>`. */
export const PROVIDER_NAME = "helmfile";

/** Rewrites provider-resource references to `#/provider`. */
export function fixProviderReferences(schemaJson: string): string {
  return schemaJson.replace(
    /"(\/([A-Za-z0-9-]+)\/v[^/"]+\/schema\.json)#\/resources\/\2"/g,
    '"$1#/provider"',
  );
}

/** Serves `Helmfile` and `Release` with a corrected schema. */
export class HelmfileComponentProvider extends ComponentProvider {
  /** @param dirname Directory holding the provider's package.json and tsconfig.json. */
  constructor(dirname: string) {
    super({ components: [Helmfile, Release], name: PROVIDER_NAME, dirname });
  }

  /**
   * Constructs a component. A `Helmfile` is awaited so that a load or render failure fails the
   * construct call with the error (naming the release) instead of only logging it.
   */
  override async construct(
    name: string,
    type: string,
    inputs: pulumi.Inputs,
    options: pulumi.ComponentResourceOptions,
  ): Promise<ConstructResult> {
    ComponentProvider.validateResourceType(PROVIDER_NAME, type);
    if (type.split(":")[2] !== "Helmfile") return super.construct(name, type, inputs, options);
    const helmfile = new Helmfile(name, inputs as HelmfileArgs, options);
    await helmfile.releases;
    return { urn: helmfile.urn, state: { releaseIds: helmfile.releaseIds } };
  }

  /** The analyzer's schema with provider references fixed. */
  override async getSchema(): Promise<string> {
    return fixProviderReferences(await super.getSchema());
  }
}
