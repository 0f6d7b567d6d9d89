/**
 * Regenerates tests/differential/cases/<id>/expected and expected-helm3 from the REAL helmfile (never from our
 * CLI): every case, the four commands, with helm 4 ($HELM_BINARY) and helm 3 ($HELM3_BINARY).
 * `expected/` holds helm 4's outcome; `expected-helm3/<command>/` is written only where helm 3's
 * differs. Also writes tests/differential/metadata.json (helmfile's and helm's versions).
 *
 *   source scripts/env.sh && eval "$(scripts/build-helmfile.sh --quiet --print-env)"
 *   npx tsx tests/differential/generate.ts && npx tsx scripts/regen-differential.ts [--jobs 2] [case-id…]
 */
import { execFile, execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  CASES_DIR,
  COMMANDS,
  METADATA_FILE,
  PINNED_HELMFILE_VERSION,
  argvFor,
  collectFiles,
  envFor,
  listCaseIds,
  makeToolDir,
  needsAws,
  needsHttpJson,
  normalise,
  normaliseStderr,
  prepareRun,
  readSpec,
  type CommandName,
  type HelmMajor,
  type Outcome,
} from "../tests/differential/harness";
import { awsRefs } from "../tests/support/aws-refs";
import { startHttpJsonServer } from "../tests/support/httpjson-server";

function need(name: string): string {
  const v = process.env[name];
  if (v === undefined || v === "") throw new Error(`${name} is not set (see the header of this script)`);
  return v;
}

const oracle = need("PULUMI_HELMFILE_ORACLE");
const helms: Record<HelmMajor, string> = { 4: need("HELM_BINARY"), 3: need("HELM3_BINARY") };
const basePath = "/usr/local/bin:/usr/bin:/bin";

function runOracle(
  argv: string[],
  cwd: string,
  env: Record<string, string>,
): Promise<[number, string, string]> {
  return new Promise((resolve) => {
    execFile(oracle, argv, { cwd, env, maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
      const code = err === null ? 0 : typeof err.code === "number" ? err.code : 1;
      resolve([code, stdout, stderr]);
    });
  });
}

async function runOne(
  work: string,
  helmDirs: Record<HelmMajor, string>,
  id: string,
  cmd: CommandName,
  helm: HelmMajor,
): Promise<Outcome> {
  const dirs = prepareRun(join(work, `h${helm}`), id, cmd, helmDirs[helm]);
  const spec = readSpec(id);
  const [status, stdout, stderr] = await runOracle(
    argvFor(spec, cmd, dirs),
    dirs.stateDir,
    envFor(dirs, basePath),
  );
  const files = cmd === "write-values" ? collectFiles(dirs) : {};
  return { status, stdout: normalise(stdout, dirs), stderr: normaliseStderr(cmd, stderr, dirs), files };
}

function same(a: Outcome, b: Outcome): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function writeOutcome(dir: string, o: Outcome): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  if (o.stdout !== "") writeFileSync(join(dir, "stdout"), o.stdout);
  if (o.stderr !== "") writeFileSync(join(dir, "stderr"), o.stderr);
  writeFileSync(join(dir, "status"), `${o.status}\n`);
  const names = Object.keys(o.files);
  if (names.length > 0) mkdirSync(join(dir, "files"));
  for (const n of names) writeFileSync(join(dir, "files", n), o.files[n] ?? "");
}

async function pool<T>(items: T[], jobs: number, fn: (t: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await fn(items[next++] as T);
  };
  await Promise.all(Array.from({ length: jobs }, worker));
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const ji = args.indexOf("--jobs");
  const jobs = ji >= 0 ? Number(args.splice(ji, 2)[1]) : 2;
  const version = execFileSync(oracle, ["--version"], { env: { HELMFILE_UPGRADE_NOTICE_DISABLED: "1" } })
    .toString()
    .trim();
  if (version !== `helmfile version ${PINNED_HELMFILE_VERSION}`)
    throw new Error(`the oracle says "${version}", the pinned version is ${PINNED_HELMFILE_VERSION}`);
  const helmVersion = (h: HelmMajor): string =>
    execFileSync(helms[h], ["version", "--short"]).toString().trim();
  const work = mkdtempSync(join(tmpdir(), "ph-regen-diff-"));
  const helmDirs = {} as Record<HelmMajor, string>;
  for (const h of [3, 4] as const) {
    helmDirs[h] = join(work, `helm${h}-bin`);
    makeToolDir(helmDirs[h], helms[h]);
  }
  const ids = args.length > 0 ? args : listCaseIds();
  if (ids.some(needsAws)) await awsRefs();
  const jsonServer = ids.some(needsHttpJson) ? await startHttpJsonServer() : undefined;
  let done = 0;
  let differ = 0;
  const unstable: string[] = [];
  try {
    await pool(ids, jobs, async (id) => {
      for (const cmd of COMMANDS) {
        const o4 = await runOne(work, helmDirs, id, cmd, 4);
        const o3 = await runOne(work, helmDirs, id, cmd, 3);
        writeOutcome(join(CASES_DIR, id, "expected", cmd), o4);
        const h3 = join(CASES_DIR, id, "expected-helm3", cmd);
        if (same(o3, o4)) rmSync(h3, { recursive: true, force: true });
        else if (!same(o4, await runOne(work, helmDirs, id, cmd, 4))) {
          // Expected outputs must be reproducible: a case whose output varies is changed, not recorded.
          unstable.push(`${id}/${cmd}`);
        } else {
          differ++;
          writeOutcome(h3, o3);
        }
      }
      const h3root = join(CASES_DIR, id, "expected-helm3");
      if (existsSync(h3root) && readdirSync(h3root).length === 0) rmSync(h3root, { recursive: true });
      done++;
      if (done % 25 === 0) process.stderr.write(`${done}/${ids.length}\n`);
    });
  } finally {
    await jsonServer?.close();
    rmSync(work, { recursive: true, force: true });
  }
  writeFileSync(
    METADATA_FILE,
    `${JSON.stringify({ helmfile: version, helm4: helmVersion(4), helm3: helmVersion(3), generator: "tests/differential/generate.ts" }, null, 2)}\n`,
  );
  process.stderr.write(`${ids.length} cases; ${differ} command outcomes differ between helm 3 and 4\n`);
  if (unstable.length > 0) {
    process.stderr.write(`helmfile's output varies from run to run for: ${unstable.join(" ")}\n`);
    process.exitCode = 1;
  }
}

void main();
