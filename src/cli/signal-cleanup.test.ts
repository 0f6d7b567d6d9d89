/**
 * SIGTERM or SIGINT while helm runs: the CLI stops the helm child, removes the 0600 values
 * file holding the secret and exits with the shell's code (143, 130). The CLI runs as a real
 * process (through tsx) with a fake helm that records its pid and arguments, then sleeps.
 */
import { spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { running, waitFor } from "../../tests/support/processes";

const root = resolve(__dirname, "../..");
const SECRET = "Sig-Secret-Walrus-91";

/**
 * A folder with a one-release state whose values hold a secret, a `tmp/` for TMPDIR, and a fake
 * helm that answers `version` and runs `render` (shell, given the folder) for anything else.
 */
function fixture(prefix: string, render: (dir: string) => string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(join(dir, "c"));
  mkdirSync(join(dir, "tmp"));
  writeFileSync(join(dir, "c", "Chart.yaml"), "apiVersion: v2\nname: c\nversion: 0.1.0\n");
  writeFileSync(join(dir, "s.yaml"), `pw: ref+echo://${SECRET}\n`);
  writeFileSync(join(dir, "helmfile.yaml"), "releases:\n- name: r\n  chart: ./c\n  values:\n  - s.yaml\n");
  writeFileSync(
    join(dir, "helm"),
    `#!/bin/sh\ncase "$1" in version) echo v3.17.3+g0; exit 0;; esac\n${render(dir)}\n`,
    { mode: 0o755 },
  );
  return dir;
}

describe.each([
  ["SIGTERM", 143],
  ["SIGINT", 130],
] as const)("the CLI stopped by %s while helm runs", (signal, code) => {
  let dir: string;
  beforeEach(() => {
    // Written aside and renamed: the test must never read the file half-written.
    dir = fixture(
      "ph-signal-",
      (d) => `echo "$$ $*" > ${d}/helm-called.tmp\nmv ${d}/helm-called.tmp ${d}/helm-called\nexec sleep 30`,
    );
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test(`stops helm, removes the values file and exits ${code}`, async () => {
    const child = spawn(
      process.execPath,
      [join(root, "node_modules/tsx/dist/cli.mjs"), join(root, "src/cli/main.ts"), "template", "--skip-deps"],
      {
        cwd: dir,
        env: { PATH: process.env.PATH, HOME: dir, TMPDIR: join(dir, "tmp"), HELM_BINARY: join(dir, "helm") },
        stdio: "ignore",
      },
    );
    const exited = new Promise<number | null>((r) => child.on("exit", (c) => r(c)));
    await waitFor(() => existsSync(join(dir, "helm-called")), 20000);
    const [pid, ...args] = readFileSync(join(dir, "helm-called"), "utf8").trim().split(" ");
    const valuesFile = args[args.indexOf("--values") + 1] as string;
    expect(readFileSync(valuesFile, "utf8")).toContain(SECRET);
    child.kill(signal);
    expect(await exited).toBe(code);
    await waitFor(() => !running(Number(pid)), 3000);
    expect(existsSync(valuesFile)).toBe(false);
    // tsx keeps its compile cache there; everything of ours is gone.
    expect(readdirSync(join(dir, "tmp")).filter((n) => !n.startsWith("tsx-"))).toEqual([]);
  }, 40000);
});

describe("the CLI whose output is closed (`… | head`)", () => {
  let dir: string;
  beforeEach(() => {
    dir = fixture("ph-closed-", () => "printf -- '---\\n# Source: c/templates/a.yaml\\nkind: ConfigMap\\n'");
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test("`template` stops as SIGPIPE stops helmfile: exit 141, no JavaScript error, no temporary file left", async () => {
    const child = spawn(
      process.execPath,
      [join(root, "node_modules/tsx/dist/cli.mjs"), join(root, "src/cli/main.ts"), "template", "--skip-deps"],
      {
        cwd: dir,
        env: { PATH: process.env.PATH, HOME: dir, TMPDIR: join(dir, "tmp"), HELM_BINARY: join(dir, "helm") },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    const exited = new Promise<number | null>((r) => child.on("exit", (c) => r(c)));
    // The reader is gone before the CLI writes anything: its first write fails with EPIPE (an
    // unhandled error event would end it with 1 and a stack trace).
    child.stdout?.destroy();
    child.stderr?.destroy();
    expect(await exited).toBe(141);
    expect(readdirSync(join(dir, "tmp")).filter((n) => !n.startsWith("tsx-"))).toEqual([]);
  }, 40000);
});
