import type { CommandResult, Logger, ProcessRunner } from "../shared/io";
import { applyHelmFlags, withHelmFlags, type HelmFlagsOptions } from "./helm-flags-runner";

const quiet: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined };

function options(over: Partial<HelmFlagsOptions> = {}): HelmFlagsOptions {
  return {
    helm: () => ({ path: "/bin/helm", major: 4 }),
    disableForceUpdate: false,
    ociPlainHttp: false,
    repoRetries: 0,
    logger: quiet,
    sleep: () => Promise.resolve(),
    ...over,
  };
}

/** A runner that answers each call with the next exit code and records the calls. */
function scripted(codes: number[]): { runner: ProcessRunner; calls: string[][] } {
  const calls: string[][] = [];
  const answer = (command: string, args: readonly string[]): CommandResult => {
    calls.push([command, ...args]);
    return { exitCode: codes.shift() ?? 0, stdout: "", stderr: "" };
  };
  return {
    calls,
    runner: { run: (c, a) => Promise.resolve(answer(c, a)), runSync: (c, a) => answer(c, a) },
  };
}

describe("applyHelmFlags", () => {
  test("--disable-force-update drops --force-update from helm repo add only", () => {
    const o = options({ disableForceUpdate: true });
    expect(applyHelmFlags(["repo", "add", "r", "http://x", "--force-update"], 4, o)).toEqual([
      "repo",
      "add",
      "r",
      "http://x",
    ]);
    expect(applyHelmFlags(["template", "x", "--force-update"], 4, o)).toContain("--force-update");
  });

  test("--oci-plain-http adds --plain-http to dependency builds and OCI pulls on helm 4, not on helm 3", () => {
    const o = options({ ociPlainHttp: true });
    expect(applyHelmFlags(["dependency", "build", "c"], 4, o)).toEqual([
      "dependency",
      "build",
      "c",
      "--plain-http",
    ]);
    expect(applyHelmFlags(["pull", "oci://r/c"], 4, o)).toContain("--plain-http");
    expect(applyHelmFlags(["pull", "repo/c"], 4, o)).not.toContain("--plain-http");
    expect(applyHelmFlags(["dependency", "build", "c"], 3, o)).not.toContain("--plain-http");
    expect(
      applyHelmFlags(["pull", "oci://r/c", "--plain-http"], 4, o).filter((a) => a === "--plain-http"),
    ).toHaveLength(1);
  });
});

describe("withHelmFlags", () => {
  test("retries helm repo add up to --repo-retries times with backoff 1s, 2s, 4s", async () => {
    const waits: number[] = [];
    const { runner, calls } = scripted([1, 1, 1, 0]);
    const wrapped = withHelmFlags(
      runner,
      options({ repoRetries: 5, sleep: (ms) => (waits.push(ms), Promise.resolve()) }),
    );
    const r = await wrapped.run("/bin/helm", ["repo", "add", "r", "http://x"]);
    expect(r.exitCode).toBe(0);
    expect(calls).toHaveLength(4);
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  test("does not retry other helm commands, nor programs other than helm", async () => {
    const { runner, calls } = scripted([1, 1]);
    const wrapped = withHelmFlags(runner, options({ repoRetries: 3 }));
    expect((await wrapped.run("/bin/helm", ["template", "x"])).exitCode).toBe(1);
    expect((await wrapped.run("/bin/sops", ["repo", "add"])).exitCode).toBe(1);
    expect(calls).toHaveLength(2);
  });

  test("gives up after the retries and returns the last failure", async () => {
    const { runner, calls } = scripted([1, 1, 1]);
    const wrapped = withHelmFlags(runner, options({ repoRetries: 2 }));
    expect((await wrapped.run("/bin/helm", ["repo", "update"])).exitCode).toBe(1);
    expect(calls).toHaveLength(3);
  });

  test("logs each helm command as `exec: helm …` at debug level, and rewrites runSync too", () => {
    const lines: string[] = [];
    const { runner, calls } = scripted([0]);
    const wrapped = withHelmFlags(
      runner,
      options({ disableForceUpdate: true, logger: { ...quiet, debug: (m) => lines.push(m) } }),
    );
    wrapped.runSync("/bin/helm", ["repo", "add", "r", "u", "--force-update"]);
    expect(calls[0]).toEqual(["/bin/helm", "repo", "add", "r", "u"]);
    expect(lines).toEqual(["exec: helm repo add r u"]);
  });
});
