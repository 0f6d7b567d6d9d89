/**
 * Regenerates tests/cli-oracle/cases/<case>/expected.{stdout,stderr,code} with the real
 * helmfile (docs/helmfile-oracle.md) and helm 4 on PATH, and records the version used in
 * tests/cli-oracle/ORACLE. Never run it against our own CLI: the expected outputs must come
 * from helmfile.
 *
 *   npx tsx scripts/cli-oracle.ts [case…]
 * Env: PULUMI_HELMFILE_ORACLE (default $CACHE/bin/helmfile), HELM4_BINARY or HELM_BINARY.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { startChartRepoServer } from "../src/conformance/helmfile/chart-repo-server";
import {
  expectedFileName,
  normaliseOracleFile,
  normaliseOracleText,
  ORACLE_REPO_PORT,
  ORACLE_ROOT,
  oracleEnv,
  readOracleCases,
  removeWritten,
} from "../tests/cli-oracle/oracle-case";

const cache = process.env.PULUMI_HELMFILE_CACHE ?? join(homedir(), ".cache", "pulumi-helmfile");
const helmfile = process.env.PULUMI_HELMFILE_ORACLE ?? join(cache, "bin", "helmfile");
const helm = process.env.HELM4_BINARY ?? process.env.HELM_BINARY ?? "helm";

function run(args: readonly string[], cwd: string, env: Record<string, string>) {
  return new Promise<{ stdout: string; stderr: string; code: number }>((resolve, reject) => {
    // Asynchronously: the repository server answers from this process (docs/helmfile-oracle.md).
    const child = spawn(helmfile, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ stdout, stderr, code: code ?? 1 }));
  });
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const version = (await run(["--version"], ORACLE_ROOT, oracleEnv(tmpdir(), dirname(helm)))).stdout.trim();
  for (const c of readOracleCases().filter((x) => only.length === 0 || only.includes(x.name))) {
    const home = mkdtempSync(join(tmpdir(), "cli-oracle-home-"));
    const server =
      c.server === undefined ? undefined : await startChartRepoServer(helm, c.server, ORACLE_REPO_PORT);
    removeWritten(c);
    try {
      const r = await run(c.args, c.cwd, oracleEnv(home, dirname(helm)));
      writeFileSync(join(c.dir, "expected.stdout"), normaliseOracleText(r.stdout));
      writeFileSync(join(c.dir, "expected.stderr"), normaliseOracleText(r.stderr));
      writeFileSync(join(c.dir, "expected.code"), `${r.code}\n`);
      for (const f of c.files) {
        if (!existsSync(join(c.cwd, f))) {
          console.error(`${c.name}: helmfile did not write ${f}`);
          continue;
        }
        writeFileSync(
          join(c.dir, expectedFileName(f)),
          normaliseOracleFile(readFileSync(join(c.cwd, f), "utf8")),
        );
      }
      console.log(`${c.name}: exit ${r.code}`);
    } finally {
      removeWritten(c);
      await server?.close();
      rmSync(home, { recursive: true, force: true });
    }
  }
  writeFileSync(
    join(ORACLE_ROOT, "ORACLE"),
    `${version}\nhelm ${await new Promise<string>((res) => {
      const p = spawn(helm, ["version", "--short"]);
      let out = "";
      p.stdout.on("data", (d: Buffer) => (out += d.toString()));
      p.on("close", () => res(out.trim()));
    })}\nwritten by: npx tsx scripts/cli-oracle.ts\n`,
  );
}

void main();
