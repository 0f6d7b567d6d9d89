import { spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeEngineTempDir, sweepStaleEngineDirs } from "./engine-tmp";

describe("the engine's temporary folders", () => {
  let parent: string;
  beforeEach(() => {
    parent = mkdtempSync(join(tmpdir(), "phf-engine-tmp-"));
  });
  afterEach(() => rmSync(parent, { recursive: true, force: true }));

  it("are private and named after the process that made them", () => {
    const dir = makeEngineTempDir(parent);
    expect(dir.slice(parent.length + 1)).toMatch(
      new RegExp(`^pulumi-helmfile-engine-${process.pid}-\\w{6}$`),
    );
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it("of a process that no longer runs are removed by the next operation; others are left", () => {
    // A process that ran and is gone (its pid is not reused within this test's few milliseconds).
    const gone = spawnSync(process.execPath, ["-e", ""]).pid;
    const live = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"], { stdio: "ignore" });
    try {
      const dead = join(parent, `pulumi-helmfile-engine-${gone}-aB3dE9`);
      mkdirSync(dead, { mode: 0o700 });
      // What the Kubernetes provider leaves there: a kubeconfig with credentials.
      writeFileSync(join(dead, "kubeconfig123"), "users: [{name: u, user: {token: secret}}]\n");
      const running = join(parent, `pulumi-helmfile-engine-${live.pid ?? 0}-xY7zQ2`);
      const own = join(parent, `pulumi-helmfile-engine-${process.pid}-Qw1eR2`);
      // Folders of the old naming (no pid), or of something else, are never touched.
      const unnamed = join(parent, "pulumi-helmfile-engine-abc123");
      const other = join(parent, `something-${gone}-aB3dE9`);
      for (const d of [running, own, unnamed, other]) mkdirSync(d);
      // A file of that name is not a folder this code made.
      const file = join(parent, `pulumi-helmfile-engine-${gone}-fIlE01`);
      writeFileSync(file, "");
      // Written to a minute ago: it may be a live run's of another pid namespace (a shared folder).
      const minutes = (n: number) => new Date(Date.now() - n * 60_000);
      for (const d of [dead, running, own, unnamed, other, file]) utimesSync(d, minutes(1), minutes(1));
      expect(sweepStaleEngineDirs(parent)).toEqual([]);
      for (const d of [dead, running, own, unnamed, other, file]) utimesSync(d, minutes(11), minutes(11));
      expect(sweepStaleEngineDirs(parent)).toEqual([dead]);
      expect(existsSync(dead)).toBe(false);
      expect(readdirSync(parent).sort()).toEqual(
        [running, own, unnamed, other, file].map((p) => p.slice(parent.length + 1)).sort(),
      );
      // Made by the next operation: the gone process's folder would be removed first.
      mkdirSync(dead);
      utimesSync(dead, minutes(11), minutes(11));
      makeEngineTempDir(parent);
      expect(existsSync(dead)).toBe(false);
    } finally {
      live.kill();
    }
  });

  it("of a killed process: an engine still waiting on its state's named pipe there is let go first", async () => {
    const gone = spawnSync(process.execPath, ["-e", ""]).pid;
    const dead = join(parent, `pulumi-helmfile-engine-${gone}-pIpE01`);
    const stacks = join(dead, "preview-early", ".pulumi", "stacks", "proj");
    mkdirSync(stacks, { recursive: true });
    const fifo = join(stacks, "dev.json");
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
    // The engine's read of the stack's file, waiting for a state nobody will hand over.
    const reader = spawn(process.execPath, ["-e", `require("fs").readFileSync(${JSON.stringify(fifo)})`], {
      stdio: "ignore",
    });
    const exited = new Promise<number | null>((resolve) => reader.on("exit", resolve));
    try {
      await new Promise((r) => setTimeout(r, 300));
      const old = new Date(Date.now() - 11 * 60_000);
      utimesSync(dead, old, old);
      expect(sweepStaleEngineDirs(parent)).toEqual([dead]);
      const ended = await Promise.race([
        exited,
        new Promise((r) => setTimeout(() => r("waiting"), 5000).unref()),
      ]);
      expect(ended).toBe(0);
    } finally {
      reader.kill();
    }
  });

  it("never fail when the parent folder cannot be read", () => {
    expect(sweepStaleEngineDirs(join(parent, "missing"))).toEqual([]);
  });
});
