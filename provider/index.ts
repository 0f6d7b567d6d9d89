/**
 * Entry of the helmfile component provider plugin. The engine starts it through the Node.js
 * language host (PulumiPlugin.yaml); it serves `helmfile:index:Helmfile` and
 * `helmfile:index:Release` to programs in any language.
 */
import { join } from "node:path";
import { main } from "@pulumi/pulumi/provider";
import { HelmfileComponentProvider } from "./helmfile-provider";

/** Directory holding package.json, tsconfig.json and the sources (the bundle lives in `bin/`). */
export function providerDirectory(here: string): string {
  return here.endsWith("bin") ? join(here, "..") : here;
}

if (require.main === module) {
  void main(new HelmfileComponentProvider(providerDirectory(__dirname)), process.argv.slice(2));
}
