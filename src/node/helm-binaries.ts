/**
 * The helm binaries the real-helm tests run against: `HELM3_BINARY` and `HELM4_BINARY`
 * (set by `scripts/env.sh`), else the copies `scripts/setup.sh` installs under `.tools/`.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";

/** `[label, path]` pairs of the available helm 3 and helm 4 binaries. */
export function testHelmBinaries(): Array<[string, string]> {
  const root = resolve(__dirname, "../..");
  const out: Array<[string, string]> = [];
  for (const [label, env, fallback] of [
    ["helm3", process.env.HELM3_BINARY, resolve(root, ".tools/helm3/helm")],
    ["helm4", process.env.HELM4_BINARY, resolve(root, ".tools/helm4/helm")],
  ] as const) {
    const path = env !== undefined && env !== "" ? env : fallback;
    if (existsSync(path)) out.push([label, path]);
  }
  return out;
}
