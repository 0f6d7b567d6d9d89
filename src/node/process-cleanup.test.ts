import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EventEmitter } from "node:events";
import { constants } from "node:os";
import { BROKEN_PIPE_EXIT_CODE, descendantPids, handleClosedOutput } from "./process-cleanup";

describe("descendantPids (Linux's /proc)", () => {
  it("finds a child and the grandchildren it started, and nothing once they are gone", async () => {
    // A shell that starts two sleeps and waits: three descendants of this process.
    const child = spawn("sh", ["-c", "sleep 30 & sleep 30 & wait"], { stdio: "ignore" });
    try {
      // Other tests of this worker may have children of their own: look below the shell.
      let below: number[] = [];
      for (let i = 0; i < 100 && below.length < 2; i++) {
        await new Promise((r) => setTimeout(r, 20));
        below = descendantPids(child.pid as number);
      }
      expect(below).toHaveLength(2);
      const found = descendantPids(process.pid);
      expect(found).toContain(child.pid);
      expect(found).toEqual(expect.arrayContaining(below));
      expect(below).not.toContain(child.pid);
    } finally {
      for (const pid of descendantPids(child.pid as number)) process.kill(pid, "SIGKILL");
      child.kill("SIGKILL");
    }
    await new Promise((r) => child.once("exit", r));
    expect(descendantPids(process.pid)).not.toContain(child.pid);
  });

  it("reads the parent after a command name holding spaces and parentheses", () => {
    const proc = mkdtempSync(join(tmpdir(), "phf-proc-"));
    try {
      const stat = (pid: number, comm: string, ppid: number): void => {
        mkdirSync(join(proc, String(pid)));
        writeFileSync(join(proc, String(pid), "stat"), `${pid} (${comm}) S ${ppid} ${pid} ${pid} 0 -1\n`);
      };
      stat(10, "node", 1);
      stat(11, "pulumi", 10);
      stat(12, "a (b) c) 10", 11);
      stat(13, "other", 1);
      stat(14, ") 11 (", 12);
      mkdirSync(join(proc, "self"));
      expect(descendantPids(10, proc).sort()).toEqual([11, 12, 14]);
      expect(descendantPids(13, proc)).toEqual([]);
    } finally {
      rmSync(proc, { recursive: true, force: true });
    }
  });

  it("is empty where there is no /proc to read", () => {
    expect(descendantPids(process.pid, join(tmpdir(), "phf-no-such-proc-dir"))).toEqual([]);
  });
});

describe("handleClosedOutput", () => {
  const epipe = (): Error => Object.assign(new Error("write EPIPE"), { code: "EPIPE" });

  it("stops a command that only reads once, with 141, however many writes fail on either stream", () => {
    const [stdout, stderr] = [new EventEmitter(), new EventEmitter()];
    const exits: number[] = [];
    handleClosedOutput(
      [stdout, stderr],
      () => false,
      (code) => exits.push(code),
    );
    stdout.emit("error", epipe());
    stderr.emit("error", epipe());
    stdout.emit("error", epipe());
    expect(exits).toEqual([BROKEN_PIPE_EXIT_CODE]);
    // The shell's status of a process SIGPIPE killed.
    expect(BROKEN_PIPE_EXIT_CODE).toBe(128 + constants.signals.SIGPIPE);
  });

  it("stops with 1 on another write error (a full disk behind a redirection)", () => {
    const stdout = new EventEmitter();
    const exits: number[] = [];
    handleClosedOutput(
      [stdout],
      () => false,
      (code) => exits.push(code),
    );
    stdout.emit("error", Object.assign(new Error("write ENOSPC"), { code: "ENOSPC" }));
    expect(exits).toEqual([1]);
  });

  it("lets a command that changes the cluster run on, and a failed write is no error", () => {
    const stdout = new EventEmitter();
    const exits: number[] = [];
    let changes = false;
    handleClosedOutput(
      [stdout],
      () => changes,
      (code) => exits.push(code),
    );
    changes = true;
    // Without a listener, an `error` event throws; with it, the write's failure is absorbed.
    expect(() => stdout.emit("error", epipe())).not.toThrow();
    expect(exits).toEqual([]);
  });
});
