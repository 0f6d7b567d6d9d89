/**
 * `helmfile:index:Release`: one helmfile release. Its inputs (name, namespace, chart, version,
 * merged values as canonical JSON, rendered manifest) are what `pulumi preview` diffs, so a
 * preview reads like `helmfile diff`. Its child applies the release: a
 * `kubernetes:yaml/v2:ConfigGroup` of the manifest (mode `manifests`) or a
 * `kubernetes:helm.sh/v3:Release` with the merged values (mode `helm-release`).
 */
import * as pulumi from "@pulumi/pulumi";
import * as k8s from "@pulumi/kubernetes";
import { ConfigError } from "../shared/errors";
import { HelmfileMode, type ReleaseArgs } from "./helmfile-args";
import { resolveInput } from "./resolve-inputs";

/** The Pulumi type token of {@link Release}. */
export const RELEASE_TYPE = "helmfile:index:Release";

/** One helmfile release, applied as manifests or as a Helm release. */
export class Release extends pulumi.ComponentResource {
  /** The merged user values (canonical JSON), as passed in. */
  public readonly values: pulumi.Output<string>;
  /** The rendered manifest, as passed in. */
  public readonly manifest: pulumi.Output<string>;

  /**
   * @param name The unique resource name (the sanitised helmfile release id).
   * @param args The release's inputs.
   * @param opts Resource options; `dependsOn` carries the release's `needs`.
   */
  constructor(name: string, args: ReleaseArgs, opts?: pulumi.ComponentResourceOptions) {
    super(RELEASE_TYPE, name, args, opts);
    this.values = pulumi.output(args.values);
    this.manifest = pulumi.output(args.manifest);
    this.registerOutputs({ values: this.values, manifest: this.manifest });
  }

  /** Creates the child once the mode is known (it is an Input when constructed remotely). */
  protected override async initialize(
    args: pulumi.Inputs,
    opts?: pulumi.ComponentResourceOptions,
    name?: string,
  ): Promise<undefined> {
    const releaseArgs = args as ReleaseArgs;
    const resolvedMode = await resolveInput(releaseArgs.mode);
    const mode = resolvedMode.value ?? HelmfileMode.Manifests;
    const childName = name ?? "release";
    // Children do not inherit the parent's dependsOn; the release's needs must hold for what it applies.
    const childOpts: pulumi.CustomResourceOptions = {
      parent: this,
      ...(opts?.dependsOn === undefined ? {} : { dependsOn: opts.dependsOn }),
    };
    if (mode === HelmfileMode.Manifests) {
      new k8s.yaml.v2.ConfigGroup(childName, { yaml: releaseArgs.manifest }, childOpts);
      return undefined;
    }
    if (mode !== HelmfileMode.HelmRelease) {
      throw new ConfigError("CONFIG_BAD_MODE", `release ${childName}: unknown mode`, {
        keyPath: ["mode"],
        expected: `"${HelmfileMode.Manifests}" or "${HelmfileMode.HelmRelease}"`,
        found: JSON.stringify(mode),
      });
    }
    const repositoryUrl = releaseArgs.repositoryUrl;
    new k8s.helm.v3.Release(
      childName,
      {
        name: releaseArgs.name,
        namespace: releaseArgs.namespace,
        chart: releaseArgs.chartRef ?? releaseArgs.chart,
        ...(releaseArgs.version === undefined ? {} : { version: releaseArgs.version }),
        values: pulumi
          .output(releaseArgs.values)
          .apply((json) => JSON.parse(json) as Record<string, unknown>),
        ...(repositoryUrl === undefined ? {} : { repositoryOpts: { repo: repositoryUrl } }),
      },
      childOpts,
    );
    return undefined;
  }
}
