/**
 * A process stopped by SIGTERM stops what it did not start through our runner too: the
 * Automation API starts the `pulumi` CLI itself, and that CLI starts its plugins. Here a real
 * Node.js process (through tsx) installs the handler and starts, with plain `child_process`, a
 * shell holding two grandchildren: one that exits on SIGTERM and one that ignores it (as a
 * plugin busy in a call may), which must then get SIGKILL.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { running, waitFor } from "../../tests/support/processes";

const root = resolve(__dirname, "../..");

describe("installSignalCleanup and processes it did not start", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "phf-descendants-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("SIGTERM stops every descendant, SIGKILLs one that ignores SIGTERM, and exits 143", async () => {
    const pids = join(dir, "pids");
    writeFileSync(
      join(dir, "main.ts"),
      [
        `import { spawn } from "node:child_process";`,
        `import { installSignalCleanup } from ${JSON.stringify(join(root, "src/node/process-cleanup"))};`,
        `installSignalCleanup();`,
        // The first sleep keeps the default SIGTERM; the second inherits the ignored one.
        `spawn("sh", ["-c", ${JSON.stringify(
          `sleep 60 & a=$!; (trap '' TERM; exec sleep 61) & b=$!; echo "$$ $a $b" > ${pids}.tmp; mv ${pids}.tmp ${pids}; wait`,
        )}], { stdio: "ignore" });`,
        `setInterval(() => undefined, 1000);`,
      ].join("\n"),
    );
    const child = spawn(
      process.execPath,
      [join(root, "node_modules/tsx/dist/cli.mjs"), join(dir, "main.ts")],
      {
        cwd: dir,
        env: { PATH: process.env.PATH, HOME: dir, TMPDIR: dir },
        stdio: "ignore",
      },
    );
    const exited = new Promise<number | null>((r) => child.on("exit", (c) => r(c)));
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
      if (existsSync(pids))
        for (const pid of readFileSync(pids, "utf8").trim().split(" ").map(Number))
          try {
            process.kill(pid, "SIGKILL");
          } catch {
            // Gone.
          }
    }
  }, 40_000);
});
