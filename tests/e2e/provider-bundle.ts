/** Builds the component provider bundle (provider/bin/plugin.js) exactly as scripts/gen-sdk.sh does. */
import { join } from "node:path";
import { buildSync } from "esbuild";

/** The provider folder the engine runs as a plugin (PulumiPlugin.yaml, package.json `main`). */
export const PROVIDER_DIR = join(__dirname, "..", "..", "provider");
/** The bundle: the plugin's `main`. */
export const PROVIDER_BUNDLE = join(PROVIDER_DIR, "bin", "plugin.js");

/** esbuild provider/plugin.ts --bundle --platform=node --target=node22 --format=cjs --packages=external. */
export function buildProviderBundle(): void {
  buildSync({
    entryPoints: [join(PROVIDER_DIR, "plugin.ts")],
    bundle: true,
    platform: "node",
    target: "node22",
    format: "cjs",
    packages: "external",
    outfile: PROVIDER_BUNDLE,
    logLevel: "warning",
  });
}
