/** This package's package.json (works from src/ and dist/): its version and the Node.js it needs. */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

interface OwnPackage {
  readonly version?: unknown;
  readonly engines?: { readonly node?: unknown };
}

let own: OwnPackage | null | undefined;

/** The package.json named pulumi-helmfile above this file, or null when there is none. */
function ownPackage(): OwnPackage | null {
  if (own !== undefined) return own;
  own = null;
  for (let dir = __dirname; dirname(dir) !== dir; dir = dirname(dir)) {
    const file = join(dir, "package.json");
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, "utf8")) as OwnPackage & { name?: unknown };
    if (pkg.name === "pulumi-helmfile") {
      own = pkg;
      break;
    }
  }
  return own;
}

/** `v<version>` of the package.json named pulumi-helmfile above this file, else `unknown`. */
export function ownVersion(): string {
  const version = ownPackage()?.version;
  return typeof version === "string" ? `v${version}` : "unknown";
}

/** The lowest Node.js version package.json's `engines.node` (`>=X.Y[.Z]`) allows, else undefined. */
export function ownNodeRequirement(): string | undefined {
  const range = ownPackage()?.engines?.node;
  if (typeof range !== "string") return undefined;
  const m = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(range.trim());
  return m === null ? undefined : m[1];
}
