/**
 * Runs the conformance runner over the repository's corpora (tests/conformance/) and fails when a pass count drops
 * below the checked-in baseline (tests/conformance-baseline.json), which only ever goes up.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { corpusPath } from "./support/corpus";

const root = resolve(__dirname, "..");
const baseline = JSON.parse(readFileSync(join(__dirname, "conformance-baseline.json"), "utf8")) as Record<
  string,
  number
>;

interface Counts {
  readonly [label: string]: { passed: number; failed: number };
}

function runMode(args: string[], env: Record<string, string> = {}): Counts {
  const tsx = join(root, "node_modules", ".bin", "tsx");
  const res = spawnSync(tsx, [join(root, "src", "conformance", "main.ts"), ...args], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
    timeout: 20 * 60 * 1000,
  });
  const counts: Record<string, { passed: number; failed: number }> = {};
  for (const line of (res.stdout ?? "").split("\n")) {
    const m = /^(\S+): (\d+) passed, (\d+) failed$/.exec(line);
    if (m) counts[m[1] as string] = { passed: Number(m[2]), failed: Number(m[3]) };
  }
  if (Object.keys(counts).length === 0) {
    throw new Error(
      `runner printed no closing line (exit ${res.status}): ${(res.stderr ?? "").slice(0, 2000)}`,
    );
  }
  return counts;
}

function expectAtLeast(key: string, actual: number | undefined): void {
  const floor = baseline[key] ?? 0;
  if (actual === undefined || actual < floor) {
    throw new Error(`${key}: ${actual ?? "no count"} passed, below the baseline of ${floor}`);
  }
  process.stdout.write(`conformance ${key}: ${actual} passed (baseline ${floor})\n`);
}

describe("conformance counts never drop below the baseline", () => {
  test("gotmpl vectors pass at least the baseline count", () => {
    const c = runMode(["gotmpl", corpusPath("gotmpl", "vectors.json")]);
    expectAtLeast("gotmpl", c.gotmpl?.passed);
  });

  test("helmfile unit-test vectors pass at least the baseline count", () => {
    const c = runMode(["vectors", corpusPath("helmfile", "vectors")]);
    expectAtLeast("vectors", c.vectors?.passed);
  });

  test("helm values vectors pass at least the baseline count", () => {
    const c = runMode(["helm-values", corpusPath("helm-values", "vectors.json")]);
    expectAtLeast("helm-values", c["helm-values"]?.passed);
  });

  test.each(["4", "3"])("helmfile cases with helm %s pass at least the baseline counts", (major) => {
    const c = runMode(["helmfile", corpusPath("helmfile", "cases"), "--helm", major]);
    expectAtLeast(`helmfile-helm${major}`, c.helmfile?.passed);
    expectAtLeast(`strict-helm${major}`, c.strict?.passed);
  });
});
