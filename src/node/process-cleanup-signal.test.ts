/**
 * A process stopped by SIGTERM stops what it did not start through our runner too: the
 * Automation API starts the `pulumi` CLI itself, and that CLI starts its plugins. Here a real
 * Node.js process (through tsx) installs the handler and starts, with plain `child_process`, a
 * shell holding two grandchildren: one that exits on SIGTERM and one that ignores it (as a
 * plugin busy in a call may), which must then get SIGKILL.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { running, waitFor } from "../../tests/support/processes";
import { ENGINE_GRACE_MS } from "./process-cleanup";

const root = resolve(__dirname, "../..");

/** SIGKILLs the processes whose pids the file lists (space-separated), if it was written. */
function killListed(file: string): void {
  if (!existsSync(file)) return;
  for (const pid of readFileSync(file, "utf8").trim().split(" ").map(Number))
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Gone.
    }
}

/**
 * Runs, in `dir`, a Node.js program (through tsx, with a bare environment) that installs the
 * handler, then runs `start` and stays up; `exited` resolves with its exit code.
 */
function startMain(dir: string, start: string): { child: ChildProcess; exited: Promise<number | null> } {
  writeFileSync(
    join(dir, "main.ts"),
    [
      `import { spawn } from "node:child_process";`,
      `import { existsSync, readFileSync, writeFileSync } from "node:fs";`,
      `import { installSignalCleanup, trackFinisher, trackTempPath } from ${JSON.stringify(join(root, "src/node/process-cleanup"))};`,
      `void existsSync, readFileSync, writeFileSync, trackFinisher, trackTempPath;`,
      `installSignalCleanup();`,
      start,
      `setInterval(() => undefined, 1000);`,
    ].join("\n"),
  );
  const child = spawn(process.execPath, [join(root, "node_modules/tsx/dist/cli.mjs"), join(dir, "main.ts")], {
    cwd: dir,
    env: { PATH: process.env.PATH, HOME: dir, TMPDIR: dir },
    stdio: "ignore",
  });
  return { child, exited: new Promise((r) => child.on("exit", (c) => r(c))) };
}

describe("installSignalCleanup and processes it did not start", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "phf-descendants-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("SIGTERM stops every descendant, SIGKILLs one that ignores SIGTERM, and exits 143", async () => {
    const pids = join(dir, "pids");
    // The first sleep keeps the default SIGTERM; the second inherits the ignored one.
    const { child, exited } = startMain(
      dir,
      `spawn("sh", ["-c", ${JSON.stringify(
        `sleep 60 & a=$!; (trap '' TERM; exec sleep 61) & b=$!; echo "$$ $a $b" > ${pids}.tmp; mv ${pids}.tmp ${pids}; wait`,
      )}], { stdio: "ignore" });`,
    );
    try {
      await waitFor(() => existsSync(pids), 20_000);
      const all = readFileSync(pids, "utf8").trim().split(" ").map(Number);
      expect(all).toHaveLength(3);
      expect(all.every(running)).toBe(true);
      const killed = Date.now();
      child.kill("SIGTERM");
      expect(await exited).toBe(143);
      expect(Date.now() - killed).toBeLessThan(5_000);
      await waitFor(() => !all.some(running), 2_000);
    } finally {
      child.kill("SIGKILL");
      killListed(pids);
    }
  }, 40_000);

  it("SIGTERM stops the engine first and alone: it writes its state while its plugin still runs, then the finishers run, then the rest stops", async () => {
    const pids = join(dir, "pids");
    const saved = join(dir, "saved");
    const finished = join(dir, "finished");
    // A stand-in for the `pulumi` CLI (its command name is what is looked for): it starts a
    // plugin and, on SIGTERM, takes a second to write its state, noting whether the plugin still ran.
    const engine = join(dir, "pulumi");
    writeFileSync(
      engine,
      [
        "#!/bin/sh",
        "sleep 60 & plugin=$!",
        `echo "$$ $plugin" > ${pids}.tmp; mv ${pids}.tmp ${pids}`,
        `trap 'sleep 1; if kill -0 $plugin 2>/dev/null; then echo plugin-running > ${saved}; else echo plugin-gone > ${saved}; fi; exit 0' TERM`,
        "while :; do sleep 0.1; done",
      ].join("\n"),
    );
    chmodSync(engine, 0o755);
    // A finisher notes what the engine had written when it ran, and whether the plugin was still up.
    const { child, exited } = startMain(
      dir,
      [
        `spawn(${JSON.stringify(engine)}, [], { stdio: "ignore" });`,
        `const plugin = () => Number(readFileSync(${JSON.stringify(pids)}, "utf8").trim().split(" ")[1]);`,
        `const up = (pid: number) => { try { process.kill(pid, 0); return true; } catch { return false; } };`,
        `trackFinisher(() => writeFileSync(${JSON.stringify(finished)}, existsSync(${JSON.stringify(saved)}) ? "after " + readFileSync(${JSON.stringify(saved)}, "utf8").trim() + (up(plugin()) ? ", plugin up" : ", plugin gone") : "before the engine wrote"));`,
      ].join("\n"),
    );
    try {
      await waitFor(() => existsSync(pids), 20_000);
      const all = readFileSync(pids, "utf8").trim().split(" ").map(Number);
      expect(all.every(running)).toBe(true);
      const killed = Date.now();
      child.kill("SIGTERM");
      expect(await exited).toBe(143);
      const took = Date.now() - killed;
      // The engine had its second; the whole stop stays far within its grace.
      expect(took).toBeGreaterThanOrEqual(900);
      expect(took).toBeLessThan(ENGINE_GRACE_MS + 3_000);
      expect(readFileSync(saved, "utf8").trim()).toBe("plugin-running");
      expect(readFileSync(finished, "utf8")).toBe("after plugin-running, plugin up");
      await waitFor(() => !all.some(running), 2_000);
    } finally {
      child.kill("SIGKILL");
      killListed(pids);
    }
  }, 40_000);

  it("removes temporary files at the first signal, and a second one during the engine's grace stops the rest at once", async () => {
    const pids = join(dir, "pids");
    const secret = join(dir, "values-secret.yaml");
    writeFileSync(secret, "password: hunter2\n");
    // An engine busy in a call: it ignores SIGTERM, so only the second signal (then SIGKILL) stops it.
    const engine = join(dir, "pulumi");
    writeFileSync(
      engine,
      [
        "#!/bin/sh",
        "trap '' TERM",
        `echo "$$" > ${pids}.tmp; mv ${pids}.tmp ${pids}`,
        "while :; do sleep 0.1; done",
      ].join("\n"),
    );
    chmodSync(engine, 0o755);
    const { child, exited } = startMain(
      dir,
      `trackTempPath(${JSON.stringify(secret)}); spawn(${JSON.stringify(engine)}, [], { stdio: "ignore" });`,
    );
    try {
      await waitFor(() => existsSync(pids), 20_000);
      const all = readFileSync(pids, "utf8").trim().split(" ").map(Number);
      child.kill("SIGTERM");
      await waitFor(() => !existsSync(secret), 2_000);
      // The engine is given its grace...
      await new Promise((r) => setTimeout(r, 500));
      expect(all.every(running)).toBe(true);
      // ...which a second signal cuts short.
      const again = Date.now();
      child.kill("SIGTERM");
      expect(await exited).toBe(143);
      expect(Date.now() - again).toBeLessThan(ENGINE_GRACE_MS);
      await waitFor(() => !all.some(running), 2_000);
    } finally {
      child.kill("SIGKILL");
      killListed(pids);
    }
  }, 40_000);
});
