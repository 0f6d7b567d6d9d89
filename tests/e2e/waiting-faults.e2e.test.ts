/**
 * Faults while `up` waits on the test cluster's simulated nodes: the CLI killed with SIGTERM in the
 * middle of a wait, the CLI and the engine killed outright (SIGKILL) in the middle of one, and the
 * API server killed and started again in the middle of an `up`. Each is
 * run through the CLI in its own process, as a user or a CI runner would, with the state in a local
 * backend; the objects are read back with kubectl. The API-server fault runs on an instance of its
 * own (scripts/test-cluster.sh start --name f), so the other test files' clusters stay up.
 */
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { kubeGet, testClusters, type TestClusters } from "./cluster";
import { spawnCli, type CliProcessRun } from "../support/run-cli";
import { ENGINE_ROOT, engineEnv, engineMissingReason } from "./engine";

const reason = engineMissingReason();
const describeNodes = reason === undefined ? describe : describe.skip;
const suffix = reason === undefined ? "" : ` (skipped: ${reason})`;
const ROOT = resolve(__dirname, "..", "..");
const CLUSTER_SCRIPT = join(ROOT, "scripts", "test-cluster.sh");
const CHARTS = join(__dirname, "fixtures", "waiting", "charts");
/** The instance this file kills the API server of. */
const FAULT_INSTANCE = "f";

type Run = CliProcessRun;

function cliEnv(kubeconfig: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...engineEnv(),
    KUBECONFIG: kubeconfig,
    PULUMI_HELMFILE_PULUMI_ROOT: ENGINE_ROOT,
  };
}

/** The CLI in its own process group (so the test can tell what it leaves running). */
function startCli(args: readonly string[], cwd: string, kubeconfig: string): ReturnType<typeof spawnCli> {
  return spawnCli(args, cwd, cliEnv(kubeconfig));
}

async function runCli(args: readonly string[], cwd: string, kubeconfig: string): Promise<Run> {
  return startCli(args, cwd, kubeconfig).done;
}

/** What a failed run printed, for expectations that show it when they fail. */
const printed = (r: Run): string => (r.status === 0 ? "" : `exit ${r.status}: ${r.stdout}${r.stderr}`);

function writeState(dir: string, release: string, namespace: string, values: Record<string, boolean>): void {
  writeFileSync(
    join(dir, "helmfile.yaml"),
    [
      "releases:",
      `  - name: ${release}`,
      `    namespace: ${namespace}`,
      "    chart: ./charts/app",
      "    wait: true",
      "    timeout: 300",
      "    values:",
      ...Object.entries(values).map(([k, v]) => `      - ${k}: ${v}`),
      "",
    ].join("\n"),
  );
}

function project(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(CHARTS, join(dir, "charts"), { recursive: true });
  return dir;
}

/** Polls until `test` holds (every 100 ms) while `run` goes on; throws with its output when it ends first. */
async function until(
  what: string,
  test: () => boolean,
  run: { done: Promise<Run> },
  ms: number,
): Promise<void> {
  const deadline = Date.now() + ms;
  let ended: Run | undefined;
  void run.done.then((r) => (ended = r));
  while (!test()) {
    if (ended !== undefined) throw new Error(`up ended before ${what} appeared: ${printed(ended)}`);
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function readyReplicas(kubeconfig: string, context: string, namespace: string, name: string): number {
  const d = kubeGet(kubeconfig, context, "deployment", name, namespace);
  return Number((d?.status as { readyReplicas?: number } | undefined)?.readyReplicas ?? 0);
}

/** Processes still running in `dir` (their working folder, or their command line, names it). */
function processesIn(dir: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const cwd = readlinkSync(`/proc/${pid}/cwd`);
      const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
      if (cwd.startsWith(dir) || args.includes(dir)) found.push(`${pid} ${args}`);
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

describeNodes(`faults while up waits: SIGTERM, the API server restarted${suffix}`, () => {
  jest.setTimeout(900_000);
  const dirs: string[] = [];
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const c of cleanups) await c().catch(() => undefined);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it("SIGTERM while up waits for a Deployment: up exits 143 at once, leaves no engine running; cancel and up after the fix converge", async () => {
    const clusters: TestClusters = testClusters();
    const dir = project("phf-term-");
    dirs.push(dir);
    const global = ["--kubeconfig", clusters.kubeconfig, "--kube-context", "test-a", "--no-color"];
    const upArgs = [...global, "up", "--apply-to-cluster", "--stack", "term"];
    cleanups.push(() =>
      runCli([...global, "destroy", "--apply-to-cluster", "--stack", "term"], dir, clusters.kubeconfig),
    );
    writeState(dir, "slow", "e2e-wait-term", { neverReady: true });
    const run = startCli(upArgs, dir, clusters.kubeconfig);
    // The pre-install hook has run and the Deployment is applied: up now waits for it to be Ready.
    await until(
      "the Deployment",
      () => kubeGet(clusters.kubeconfig, "test-a", "deployment", "slow", "e2e-wait-term") !== undefined,
      run,
      240_000,
    );
    await new Promise((r) => setTimeout(r, 2000));
    const killed = Date.now();
    process.kill(run.child.pid as number, "SIGTERM");
    const stopped = await run.done;
    expect(stopped.status).toBe(143);
    expect(Date.now() - killed).toBeLessThan(30_000);
    // Nothing of the run goes on updating the cluster behind the user's back.
    await new Promise((r) => setTimeout(r, 1000));
    expect(processesIn(dir)).toEqual([]);

    const cancel = await runCli([...global, "cancel", "--stack", "term"], dir, clusters.kubeconfig);
    expect(printed(cancel)).toBe("");
    writeState(dir, "slow", "e2e-wait-term", { neverReady: false });
    const again = await runCli(upArgs, dir, clusters.kubeconfig);
    expect(printed(again)).toBe("");
    expect(readyReplicas(clusters.kubeconfig, "test-a", "e2e-wait-term", "slow")).toBe(2);
    expect(kubeGet(clusters.kubeconfig, "test-a", "job", "slow-smoke", "e2e-wait-term")).toBeDefined();
    const preview = await runCli(
      [...global, "preview", "--apply-to-cluster", "--stack", "term", "--detailed-exitcode"],
      dir,
      clusters.kubeconfig,
    );
    expect(printed(preview)).toBe("");
  });

  it("the engine killed outright mid-up (SIGKILL: the run's state is never written): cancel and up converge, every object applied again over itself with its UID kept", async () => {
    const clusters: TestClusters = testClusters();
    const dir = project("phf-crash-");
    dirs.push(dir);
    const global = ["--kubeconfig", clusters.kubeconfig, "--kube-context", "test-a", "--no-color"];
    const upArgs = [...global, "up", "--apply-to-cluster", "--stack", "crash"];
    cleanups.push(() =>
      runCli([...global, "destroy", "--apply-to-cluster", "--stack", "crash"], dir, clusters.kubeconfig),
    );
    writeState(dir, "lost", "e2e-wait-crash", { neverReady: false });
    const run = startCli(upArgs, dir, clusters.kubeconfig);
    // The pre-install hook Job has run and the Deployment is applied: up waits for it to be Ready.
    await until(
      "the Deployment",
      () => kubeGet(clusters.kubeconfig, "test-a", "deployment", "lost", "e2e-wait-crash") !== undefined,
      run,
      240_000,
    );
    // The CLI, the engine and its plugins die at once, as with a lost machine: the CLI's process
    // group (it leads one) and whatever else runs in the project's folder.
    const killAll = (): void => {
      for (const pid of [-(run.child.pid as number), ...processesIn(dir).map((p) => Number(p.split(" ")[0]))])
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // Gone already.
        }
    };
    killAll();
    expect((await run.done).signal).toBe("SIGKILL");
    await new Promise((r) => setTimeout(r, 500));
    killAll();
    expect(processesIn(dir)).toEqual([]);
    const uid = (kind: string, name: string): unknown =>
      (kubeGet(clusters.kubeconfig, "test-a", kind, name, "e2e-wait-crash")?.metadata as { uid?: unknown })
        ?.uid;
    const before = { deployment: uid("deployment", "lost"), migrate: uid("job", "lost-migrate") };
    expect(before.deployment).toBeDefined();
    expect(before.migrate).toBeDefined();

    // The killed run's lock stays: cancel clears it; up then converges from the state of before it.
    const cancel = await runCli([...global, "cancel", "--stack", "crash"], dir, clusters.kubeconfig);
    expect(printed(cancel)).toBe("");
    const again = await runCli(upArgs, dir, clusters.kubeconfig);
    expect(printed(again)).toBe("");
    expect({ deployment: uid("deployment", "lost"), migrate: uid("job", "lost-migrate") }).toEqual(before);
    expect(readyReplicas(clusters.kubeconfig, "test-a", "e2e-wait-crash", "lost")).toBe(2);
    expect(kubeGet(clusters.kubeconfig, "test-a", "job", "lost-smoke", "e2e-wait-crash")).toBeDefined();
    const preview = await runCli(
      [...global, "preview", "--apply-to-cluster", "--stack", "crash", "--detailed-exitcode"],
      dir,
      clusters.kubeconfig,
    );
    expect(printed(preview)).toBe("");
    const destroyed = await runCli(
      [...global, "destroy", "--apply-to-cluster", "--stack", "crash"],
      dir,
      clusters.kubeconfig,
    );
    expect(printed(destroyed)).toBe("");
    expect(kubeGet(clusters.kubeconfig, "test-a", "deployment", "lost", "e2e-wait-crash")).toBeUndefined();
  });

  it("the API server killed mid-up and started again: up fails naming the cluster or succeeds; the next up converges with nothing lost", async () => {
    const started = spawnSync("bash", [CLUSTER_SCRIPT, "start", "--name", FAULT_INSTANCE], {
      encoding: "utf8",
      timeout: 60 * 60 * 1000,
    });
    if (started.status !== 0)
      throw new Error(`test-cluster.sh start --name ${FAULT_INSTANCE}: ${started.stderr}`);
    cleanups.push(async () => spawnSync("bash", [CLUSTER_SCRIPT, "stop", "--name", FAULT_INSTANCE]));
    const kubeconfig = /export KUBECONFIG="([^"]+)"/.exec(started.stdout)?.[1] as string;
    const context = `test-${FAULT_INSTANCE}`;
    const port = /server: https:\/\/127\.0\.0\.1:(\d+)/.exec(
      spawnSync("cat", [kubeconfig], { encoding: "utf8" }).stdout,
    )?.[1] as string;
    const dir = project("phf-apirestart-");
    dirs.push(dir);
    const global = ["--kubeconfig", kubeconfig, "--kube-context", context, "--no-color"];
    const upArgs = [...global, "up", "--apply-to-cluster", "--stack", "restart"];
    writeState(dir, "steady", "e2e-api-restart", { neverReady: false });

    const run = startCli(upArgs, dir, kubeconfig);
    await until(
      "the Deployment",
      () => kubeGet(kubeconfig, context, "deployment", "steady", "e2e-api-restart") !== undefined,
      run,
      240_000,
    );
    const restart = await new Promise<{ code: number | null; stderr: string }>((res) => {
      const c = spawn("bash", [CLUSTER_SCRIPT, "restart-apiserver", "--name", FAULT_INSTANCE, "--down", "5"]);
      let stderr = "";
      c.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
      c.on("close", (code) => res({ code, stderr }));
    });
    expect([restart.code, restart.code === 0 ? "" : restart.stderr]).toEqual([0, ""]);
    const first = await run.done;
    if (first.status !== 0) {
      expect(first.status).toBe(1);
      // The failure names the cluster the run lost.
      expect(first.stdout + first.stderr).toMatch(new RegExp(`127\\.0\\.0\\.1:${port}|${context}`));
    }

    const again = await runCli(upArgs, dir, kubeconfig);
    expect(printed(again)).toBe("");
    expect(readyReplicas(kubeconfig, context, "e2e-api-restart", "steady")).toBe(2);
    for (const job of ["steady-migrate", "steady-smoke"])
      expect(kubeGet(kubeconfig, context, "job", job, "e2e-api-restart")).toBeDefined();
    // The state holds every object: the preview after it plans nothing, and destroy removes them all.
    const preview = await runCli(
      [...global, "preview", "--apply-to-cluster", "--stack", "restart", "--detailed-exitcode"],
      dir,
      kubeconfig,
    );
    expect(printed(preview)).toBe("");
    const destroyed = await runCli(
      [...global, "destroy", "--apply-to-cluster", "--stack", "restart"],
      dir,
      kubeconfig,
    );
    expect(printed(destroyed)).toBe("");
    expect(kubeGet(kubeconfig, context, "deployment", "steady", "e2e-api-restart")).toBeUndefined();
    expect(kubeGet(kubeconfig, context, "job", "steady-migrate", "e2e-api-restart")).toBeUndefined();
  });
});
