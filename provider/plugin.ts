/**
 * Plugin entry of the helmfile component provider. The Node.js language host starts a plugin with
 * `@pulumi/pulumi/cmd/run-plugin`, which `require`s the package's `main` and calls the function it
 * exports (it never makes it Node's main module), so the entry exports its start function; run
 * directly with `node`, it starts itself.
 */
import "./require-supported-node";
import { main } from "@pulumi/pulumi/provider";
import { HelmfileComponentProvider } from "./helmfile-provider";
import { providerDirectory } from "./index";
import { setReleaseHookScope } from "../src/emit/release-hooks";
import { trimSdkOverhead } from "../src/emit/sdk-traces";

/** Serves the provider on the engine address given in `process.argv` (run-plugin sets it). */
function start(): Promise<void> {
  setReleaseHookScope("provider");
  // The objects a Construct registers cost the same SDK traces and promise stamps as inline programs.
  trimSdkOverhead();
  return main(new HelmfileComponentProvider(providerDirectory(__dirname)), process.argv.slice(2));
}

if (require.main === module) void start();

export = start;
