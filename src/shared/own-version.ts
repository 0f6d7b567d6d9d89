/** This package's version, from the package.json above this file (works from src/ and dist/). */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** `v<version>` of the package.json named pulumi-helmfile above this file, else `unknown`. */
export function ownVersion(): string {
  for (let dir = __dirname; dirname(dir) !== dir; dir = dirname(dir)) {
    const file = join(dir, "package.json");
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: unknown; version?: unknown };
    if (pkg.name === "pulumi-helmfile" && typeof pkg.version === "string") return `v${pkg.version}`;
  }
  return "unknown";
}
