/**
 * The Pulumi program of the repository's `Pulumi.yaml`: runs a helmfile (default: the
 * quickstart example) rendered to a directory. Configuration (all optional):
 * `pulumi-helmfile:file`, `:environment`, `:renderToDirectory` (default `rendered/<stack>`),
 * `:applyToCluster` (default false), `:stateValues` (object), `:mode`. (Selections go through the
 * CLI's `-l`: `selectors` in a program are refused, see docs/component.md "Selectors".)
 */
import { resolve } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { Helmfile } from "../emit/helmfile";
import { HelmfileMode, type HelmfileArgs } from "../emit/helmfile-args";

/** Builds the component from stack configuration. */
function helmfileProgram(): Helmfile {
  const config = new pulumi.Config("pulumi-helmfile");
  // Relative paths are relative to the project (the folder of Pulumi.yaml), not to the program's
  // working directory, which the engine sets to the folder of `main`.
  const root = pulumi.runtime.getRootDirectory();
  const file = resolve(root, config.get("file") ?? "examples/quickstart/helmfile.yaml");
  const environment = config.get("environment");
  const applyToCluster = config.getBoolean("applyToCluster") ?? false;
  const renderToDirectory = resolve(root, config.get("renderToDirectory") ?? `rendered/${pulumi.getStack()}`);
  const stateValues = config.getObject<Record<string, unknown>>("stateValues");
  const mode =
    config.get("mode") === HelmfileMode.HelmRelease ? HelmfileMode.HelmRelease : HelmfileMode.Manifests;
  const args: HelmfileArgs = {
    file,
    mode,
    ...(environment === undefined ? {} : { environment }),
    ...(applyToCluster ? {} : { renderToDirectory }),
    ...(stateValues === undefined ? {} : { stateValues }),
  };
  return new Helmfile("helmfile", args);
}

const helmfile = helmfileProgram();

/** Ids of the releases the stack manages (a failing release fails the program whatever is exported). */
export const releaseIds = helmfile.releaseIds;
