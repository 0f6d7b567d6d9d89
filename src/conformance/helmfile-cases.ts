/**
 * `conformance helmfile <cases-dir> [--helm 3|4] [--no-repo-server]`: runs every
 * `<dir>/*​/case.json` (and its variants) through our CLI and judges it at two levels, strict
 * (the emulated CLI stream) and manifests (log lines stripped). One line per case; the last
 * two lines are `strict: N passed, M failed` and `helmfile: N passed, M failed` (the
 * manifests level). A case passes when all its runs pass. Unsupported cases fail.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { HelmfileCase } from "./helmfile/case-model";
import { startChartRepoServer, type ChartRepoServer } from "./helmfile/chart-repo-server";
import { judge } from "./helmfile/judge-case";
import { runCase } from "./helmfile/run-case";

interface CaseResult {
  readonly name: string;
  readonly strict: string | undefined;
  readonly manifests: string | undefined;
}

function helmFor(major: string): string {
  const env = process.env;
  const bin = major === "3" ? env.HELM3_BINARY : env.HELM4_BINARY;
  return bin ?? env.HELM_BINARY ?? "helm";
}

function parseOptions(args: readonly string[]): { helm: string; repoServer: boolean } {
  let major = "4";
  let repoServer = true;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === "--helm") major = args[++i] ?? "4";
    else if (a.startsWith("--helm=")) major = a.slice(7);
    else if (a === "--no-repo-server") repoServer = false;
  }
  return { helm: helmFor(major), repoServer };
}

async function runOneCase(
  dir: string,
  name: string,
  helm: string,
  repo: { servers: Map<number, ChartRepoServer>; enabled: boolean },
): Promise<CaseResult> {
  const caseDir = resolve(dir, name);
  const c = JSON.parse(readFileSync(join(caseDir, "case.json"), "utf8")) as HelmfileCase;
  const chartsDir = resolve(dir, "..", "charts");
  const port = c.setup?.localChartRepoServer?.port;
  // Each case names its own port (helmfile's snapshot cases use 18080..18084), so one server
  // per port is started on first use and kept for the rest of the run.
  if (port !== undefined && repo.enabled && !repo.servers.has(port))
    repo.servers.set(port, await startChartRepoServer(helm, chartsDir, port));
  let strict: string | undefined;
  let manifests: string | undefined;
  const runs = [
    { variant: undefined, expected: c.expected },
    ...(c.variants ?? []).map((v) => ({
      variant: v,
      expected: v.expected === undefined ? c.expected : v.expected,
    })),
  ];
  for (const r of runs) {
    const run = await runCase(c, r.variant, { caseDir, chartsDir, helm, parentEnv: process.env });
    try {
      const v = judge(c, r.expected, run.capture, run.placeholders, run.cwd, {
        repoServer: port !== undefined && repo.servers.has(port),
      });
      const tag = r.variant === undefined ? "" : `[${r.variant.name}] `;
      strict ??= v.strict === undefined ? undefined : tag + v.strict;
      manifests ??= v.manifests === undefined ? undefined : tag + v.manifests;
    } finally {
      run.cleanup();
    }
  }
  return { name, strict, manifests };
}

/** Runs the cases of `dir`; true when every case passes at the manifests level. */
export async function runHelmfileCases(dir: string, args: string[] = []): Promise<boolean> {
  const { helm, repoServer } = parseOptions(args);
  const names = readdirSync(dir)
    .filter((n) => existsSync(join(dir, n, "case.json")))
    .sort();
  const repo: { servers: Map<number, ChartRepoServer>; enabled: boolean } = {
    servers: new Map(),
    enabled: repoServer,
  };
  const results: CaseResult[] = [];
  try {
    for (const n of names) {
      let r: CaseResult;
      try {
        r = await runOneCase(dir, n, helm, repo);
      } catch (err) {
        const reason = `runner error: ${err instanceof Error ? err.message : String(err)}`;
        r = { name: n, strict: reason, manifests: reason };
      }
      results.push(r);
      const reason = (r.manifests ?? r.strict ?? "").split("\n")[0]?.slice(0, 200) ?? "";
      const strictTag = r.strict === undefined ? "strict=PASS" : "strict=FAIL";
      process.stdout.write(
        `${r.manifests === undefined ? "PASS" : "FAIL"} ${n}  ${strictTag}${reason === "" ? "" : `  ${reason}`}\n`,
      );
    }
  } finally {
    await Promise.all([...repo.servers.values()].map((s) => s.close()));
  }
  const strictPassed = results.filter((r) => r.strict === undefined).length;
  const passed = results.filter((r) => r.manifests === undefined).length;
  process.stdout.write(`strict: ${strictPassed} passed, ${results.length - strictPassed} failed\n`);
  process.stdout.write(`helmfile: ${passed} passed, ${results.length - passed} failed\n`);
  return passed === results.length;
}
