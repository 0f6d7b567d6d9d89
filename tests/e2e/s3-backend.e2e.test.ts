/**
 * A shared backend for real: stacks on an S3-compatible server (scripts/test-s3.sh) used from
 * several processes (the CLI) and several projects. Releases are
 * rendered to directories: what is tested is the backend (locks, state), not a cluster.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { LocalWorkspace, PulumiCommand } from "@pulumi/pulumi/automation";
import { stackOutputs, up, type HelmfileStackOptions } from "../../src/automation";
import { spawnCli } from "../support/run-cli";
import { ENGINE_ROOT, engineEnv, engineMissingReason } from "./engine";
import { listKeys, putObject, testS3, type TestS3 } from "./s3";

const reason = engineMissingReason();
const describeEngine = reason === undefined ? describe : describe.skip;
const suffix = reason === undefined ? "" : ` (skipped: ${reason})`;
const ROOT = resolve(__dirname, "..", "..");
// The CLI from its sources through tsx (as src/cli/signal-cleanup.test.ts runs it).
const CLI = [join(ROOT, "node_modules", "tsx", "dist", "cli.mjs"), join(ROOT, "src", "cli", "main.ts")];
const CHARTS = join(__dirname, "fixtures", "cluster", "charts");

/** A team's folder `<parent>/<team>/helmfile.yaml` with one release per name, two environments. */
function teamProject(parent: string, team: string, releases: Record<string, string>): string {
  const dir = join(parent, team);
  mkdirSync(dir, { recursive: true });
  cpSync(CHARTS, join(dir, "charts"), { recursive: true });
  const lines = ["environments:", "  default: {}", "  prod: {}", "---", "releases:"];
  for (const [name, value] of Object.entries(releases))
    lines.push(
      `  - name: ${name}`,
      `    namespace: ${team}`,
      `    chart: ./charts/cm`,
      `    values:`,
      `      - value: ${JSON.stringify(value)}`,
    );
  writeFileSync(join(dir, "helmfile.yaml"), `${lines.join("\n")}\n`);
  return dir;
}

function cliEnv(s3: TestS3): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...engineEnv(),
    ...s3.env,
    PULUMI_HELMFILE_PULUMI_ROOT: ENGINE_ROOT,
  };
  // Rendering to a directory: the CLI would hand a KUBECONFIG to the render provider.
  delete env.KUBECONFIG;
  return env;
}

interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the CLI in its own process (group, so a kill reaches the Pulumi CLI it runs too). */
/** These stacks hold no cluster: `up` and `preview` render into the project's folder instead. */
function rendering(args: readonly string[], cwd: string): readonly string[] {
  return args[0] === "up" || args[0] === "preview"
    ? [...args, "--render-to-directory", join(cwd, "rendered")]
    : args;
}

function startCli(args: readonly string[], s3: TestS3, cwd: string): ReturnType<typeof spawnCli> {
  return spawnCli(rendering(args, cwd), cwd, cliEnv(s3));
}

function runCli(args: readonly string[], s3: TestS3, cwd: string): Run {
  const r = spawnSync(process.execPath, [...CLI, ...rendering(args, cwd)], {
    cwd,
    env: cliEnv(s3),
    encoding: "utf8",
    timeout: 600_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The stack's state as `pulumi stack export` gives it, read through a second workspace. */
async function exportStack(
  s3: TestS3,
  project: string,
  stackName: string,
  workDir: string,
): Promise<unknown> {
  mkdirSync(workDir, { recursive: true });
  const ws = await LocalWorkspace.create({
    workDir,
    pulumiCommand: await PulumiCommand.get({ root: ENGINE_ROOT }),
    pulumiHome: join(ENGINE_ROOT, "pulumi-home"),
    envVars: { ...engineEnv(), ...s3.env },
    projectSettings: { name: project, runtime: "nodejs", backend: { url: s3.backendUrl } },
  });
  const exported = await ws.exportStack(stackName);
  return exported.deployment;
}

function releaseUrns(deployment: unknown): string[] {
  const resources = (deployment as { resources?: Array<{ urn: string; type: string }> }).resources ?? [];
  return resources
    .filter((r) => r.type === "helmfile:index:Release")
    .map((r) => r.urn.slice(r.urn.lastIndexOf("::") + 2));
}

describeEngine(`stacks on an S3 backend${suffix}`, () => {
  jest.setTimeout(1_200_000);
  let s3: TestS3;
  let parent: string;

  beforeAll(() => {
    s3 = testS3();
    parent = mkdtempSync(join(tmpdir(), "phf-s3-"));
  });
  afterAll(() => {
    rmSync(parent, { recursive: true, force: true });
  });

  it("two teams' helmfiles and two environments on one backend never see each other's releases", async () => {
    const a = teamProject(parent, "team-a", { web: "a" });
    const b = teamProject(parent, "team-b", { api: "b" });
    const opts = (dir: string, environment?: string): HelmfileStackOptions => ({
      file: join(dir, "helmfile.yaml"),
      backendUrl: s3.backendUrl,
      pulumiRoot: ENGINE_ROOT,
      envVars: { ...engineEnv(), ...s3.env },
      ...(environment === undefined ? {} : { environment }),
    });
    await up(opts(a));
    await up(opts(a, "prod"));
    await up(opts(b));
    const ids = async (o: HelmfileStackOptions): Promise<unknown> =>
      (await stackOutputs(o)).releaseIds?.value;
    expect(await ids(opts(a))).toEqual(["team-a/web"]);
    expect(await ids(opts(a, "prod"))).toEqual(["team-a/web"]);
    expect(await ids(opts(b))).toEqual(["team-b/api"]);
    // One state file per project and environment: helmfile-<folder>/<environment>.
    const stacks = (await listKeys(s3, ".pulumi/stacks/")).filter((k) => k.endsWith(".json"));
    expect(stacks).toEqual(
      expect.arrayContaining([
        ".pulumi/stacks/helmfile-team-a/default.json",
        ".pulumi/stacks/helmfile-team-a/prod.json",
        ".pulumi/stacks/helmfile-team-b/default.json",
      ]),
    );
    expect(releaseUrns(await exportStack(s3, "helmfile-team-b", "default", join(parent, "ws-b")))).toEqual([
      "helmfile-team-b/api",
    ]);
  });

  it("two concurrent ups of one stack from two processes: the loser fails with the lock error, the state stays valid", async () => {
    const dir = teamProject(parent, "team-c", { one: "1", two: "2" });
    const args = ["up", "--backend", s3.backendUrl, "--json"];
    const first = runCli(args, s3, dir);
    expect(first.status).toBe(0);
    teamProject(parent, "team-c", { one: "1b", two: "2b" });
    const x = startCli(args, s3, dir);
    const y = startCli(args, s3, dir);
    const runs = await Promise.all([x.done, y.done]);
    for (const r of runs) {
      if (r.status === 0) continue;
      expect(r.status).toBe(1);
      expect(r.stdout + r.stderr).toMatch(/STACK_LOCKED|locked by another update/);
    }
    // The locks are gone and the state is a valid checkpoint holding both releases.
    expect(await listKeys(s3, ".pulumi/locks/organization/helmfile-team-c/")).toEqual([]);
    const deployment = await exportStack(s3, "helmfile-team-c", "default", join(parent, "ws-c"));
    expect(releaseUrns(deployment).sort()).toEqual(["helmfile-team-c/one", "helmfile-team-c/two"]);
    const after = runCli(args, s3, dir);
    expect(after.status).toBe(0);
    const summary = JSON.parse(after.stdout) as { releases: Array<{ release: string; op: string }> };
    expect(summary.releases.map((r) => r.op).filter((op) => op !== "same")).toEqual(
      runs.some((r) => r.status === 0) ? [] : ["update", "update"],
    );
  });

  it("an up killed mid-update leaves a lock that the next up explains; cancel clears it and up converges", async () => {
    const dir = teamProject(parent, "team-d", { one: "1" });
    const args = ["up", "--backend", s3.backendUrl, "--json"];
    const locks = ".pulumi/locks/organization/helmfile-team-d/";
    // Kill the up as soon as a lock is seen. An up that renders one ConfigMap is quick: when the kill
    // lands after the update let go of its lock (the run finished, or a short operation's lock was
    // seen), the next attempt changes the value and tries again, until a kill leaves a lock.
    let left = 0;
    for (let attempt = 0; attempt < 5 && left === 0; attempt++) {
      if (attempt > 0) teamProject(parent, "team-d", { one: `1-${attempt}` });
      const run = startCli(args, s3, dir);
      const deadline = Date.now() + 300_000;
      while ((await listKeys(s3, locks)).length === 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      process.kill(-(run.child.pid as number), "SIGKILL");
      await run.done;
      left = (await listKeys(s3, locks)).length;
    }
    expect(left).toBe(1);
    const blocked = runCli(args, s3, dir);
    expect(blocked.status).toBe(1);
    const error = (JSON.parse(blocked.stdout) as { error: { code: string; message: string } }).error;
    expect(error.code).toBe("STACK_LOCKED");
    const human = runCli(["up", "--backend", s3.backendUrl], s3, dir);
    expect(human.stderr).toContain("pulumi-helmfile cancel");
    const cancel = runCli(["cancel", "--backend", s3.backendUrl], s3, dir);
    expect([cancel.status, cancel.status === 0 ? "" : cancel.stdout + cancel.stderr]).toEqual([0, ""]);
    expect(await listKeys(s3, locks)).toEqual([]);
    const again = runCli(args, s3, dir);
    expect([again.status, again.status === 0 ? "" : again.stdout + again.stderr]).toEqual([0, ""]);
    const deployment = await exportStack(s3, "helmfile-team-d", "default", join(parent, "ws-d"));
    expect(releaseUrns(deployment)).toEqual(["helmfile-team-d/one"]);
    const last = runCli(["preview", "--backend", s3.backendUrl, "--json"], s3, dir);
    expect((JSON.parse(last.stdout) as { changedReleases: unknown[] }).changedReleases).toEqual([]);
  });

  it("a lock left where the backend was creating the stack (an up killed before the stack was saved): up names it, cancel clears it, up converges", async () => {
    const dir = teamProject(parent, "team-e", { one: "1" });
    const args = ["up", "--backend", s3.backendUrl, "--json"];
    const locks = ".pulumi/locks/organization/helmfile-team-e/";
    // What pkg/backend/diy/lock.go writes (lockContent), for a stack with no state file yet.
    const content = { pid: 4242, username: "root", hostname: "build-7", timestamp: "2026-12-01T15:00:00Z" };
    await putObject(s3, `${locks}default/5f0e3c1a-killed.json`, JSON.stringify(content));
    expect(await listKeys(s3, ".pulumi/stacks/helmfile-team-e/")).toEqual([]);
    const blocked = runCli(args, s3, dir);
    expect(blocked.status).toBe(1);
    const error = (JSON.parse(blocked.stdout) as { error: { code: string; message: string } }).error;
    expect(error.code).toBe("STACK_LOCKED");
    expect(error.message).toContain("root@build-7 pid 4242 since 2026-12-01T15:00:00Z");
    const cancel = runCli(["cancel", "--backend", s3.backendUrl], s3, dir);
    expect([cancel.status, cancel.status === 0 ? "" : cancel.stdout + cancel.stderr]).toEqual([0, ""]);
    expect(await listKeys(s3, locks)).toEqual([]);
    const again = runCli(args, s3, dir);
    expect([again.status, again.status === 0 ? "" : again.stdout + again.stderr]).toEqual([0, ""]);
    const deployment = await exportStack(s3, "helmfile-team-e", "default", join(parent, "ws-e"));
    expect(releaseUrns(deployment)).toEqual(["helmfile-team-e/one"]);
  });

  it("a user's own pulumi on PATH and PULUMI_BACKEND_URL: no --backend, no built engine, and that pulumi lists the stacks", () => {
    // The user's install: their `pulumi` (the same binaries, linked into a folder of their own) and
    // their PULUMI_HOME holding the kubernetes plugin (as `pulumi plugin install` leaves it).
    const user = join(parent, "user-install");
    mkdirSync(join(user, "bin"), { recursive: true });
    for (const b of ["pulumi", "pulumi-language-nodejs"])
      symlinkSync(join(ENGINE_ROOT, "bin", b), join(user, "bin", b));
    mkdirSync(join(user, "home"), { recursive: true });
    cpSync(join(ENGINE_ROOT, "pulumi-home", "plugins"), join(user, "home", "plugins"), { recursive: true });
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...s3.env,
      PATH: `${join(user, "bin")}:${process.env.PATH ?? ""}`,
      PULUMI_HOME: join(user, "home"),
      PULUMI_BACKEND_URL: s3.backendUrl,
      PULUMI_CONFIG_PASSPHRASE: "",
      // No engine of ours to fall back on: the stacks can only have been made by the user's pulumi.
      PULUMI_HELMFILE_CACHE: join(parent, "no-engine-here"),
    };
    for (const k of [
      "PULUMI_HELMFILE_PULUMI_ROOT",
      "KUBECONFIG",
      "PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION",
    ])
      delete env[k];
    const dir = teamProject(parent, "team-f", { one: "1" });
    const run = (args: readonly string[]): Run => {
      const r = spawnSync(process.execPath, [...CLI, ...rendering(args, dir)], {
        cwd: dir,
        env,
        encoding: "utf8",
        timeout: 600_000,
      });
      return { status: r.status, stdout: r.stdout, stderr: r.stderr };
    };
    for (const args of [["up"], ["up", "-e", "prod"]]) {
      const r = run(args);
      expect([args, r.status, r.status === 0 ? "" : r.stderr]).toEqual([args, 0, ""]);
    }
    const ls = spawnSync("pulumi", ["stack", "ls", "--all", "--json"], {
      cwd: parent,
      env,
      encoding: "utf8",
      timeout: 300_000,
    });
    expect([ls.status, ls.status === 0 ? "" : ls.stderr]).toEqual([0, ""]);
    const names = (JSON.parse(ls.stdout) as { name: string }[]).map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining(["organization/helmfile-team-f/default", "organization/helmfile-team-f/prod"]),
    );
    expect(existsSync(join(parent, "no-engine-here"))).toBe(false);
    // The state went where PULUMI_BACKEND_URL points, not beside the helmfile.
    expect(existsSync(join(dir, ".pulumi-helmfile", ".pulumi"))).toBe(false);
  });
});
