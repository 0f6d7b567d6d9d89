import { NodeProcessRunner } from "./node-process-runner";

describe("NodeProcessRunner.run", () => {
  it("returns a failed result soon after the timeout when the command ignores SIGTERM and leaves a child holding its pipes", async () => {
    const started = Date.now();
    // The shell ignores TERM and its `sleep` inherits stdout: neither SIGTERM nor the
    // shell's death closes the pipe, so only SIGKILL plus closing our ends can finish.
    const result = await new NodeProcessRunner().run("sh", ["-c", "trap '' TERM; sleep 30; echo done"], {
      timeoutMs: 200,
    });
    expect(result.exitCode).not.toBe(0);
    expect(result.stdout).toBe("");
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("keeps all output of a command that finishes within its timeout", async () => {
    const result = await new NodeProcessRunner().run("sh", ["-c", "echo out; echo err >&2"], {
      timeoutMs: 10_000,
    });
    expect(result).toEqual({ exitCode: 0, stdout: "out\n", stderr: "err\n" });
  });

  it("reports a missing program with exit code 127", async () => {
    const result = await new NodeProcessRunner().run("no-such-program-pulumi-helmfile", [], {
      timeoutMs: 1000,
    });
    expect(result.exitCode).toBe(127);
  });

  it("refuses a NUL byte in an argument as Go's os/exec does (fork/exec …: invalid argument)", async () => {
    const expected = { exitCode: 127, stdout: "", stderr: "fork/exec sh: invalid argument\n" };
    expect(await new NodeProcessRunner().run("sh", ["-c", "echo", "./c\0x"])).toEqual(expected);
    expect(new NodeProcessRunner().runSync("sh", ["./c\0x"])).toEqual(expected);
  });
});
