/**
 * An in-process CLI (the host's `env` is not the process's) runs the engine with the host's
 * environment: here its passphrase, which differs from the process's. The stack is created with
 * one passphrase; a preview given it previews, one given another fails to open the state.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { captureCli, type CliRun } from "../../tests/support/run-cli";

const STATE = `releases:
  - name: s
    namespace: default
    chart: ./charts/s
`;

function writeState(dir: string): void {
  mkdirSync(join(dir, "charts", "s", "templates"), { recursive: true });
  writeFileSync(join(dir, "charts", "s", "Chart.yaml"), "apiVersion: v2\nname: s\nversion: 0.1.0\n");
  // A Secret: its data is a secret in the stack's state, encrypted with the stack's passphrase.
  writeFileSync(
    join(dir, "charts", "s", "templates", "secret.yaml"),
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: s\nstringData:\n  password: hunter2\n",
  );
  writeFileSync(join(dir, "helmfile.yaml"), STATE);
}

describe("the stack commands run the engine with the invocation's environment", () => {
  let dir: string;
  const saved = process.env.PULUMI_CONFIG_PASSPHRASE;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "ph-stack-env-"));
    writeState(dir);
    process.env.PULUMI_CONFIG_PASSPHRASE = "the process's passphrase";
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.PULUMI_CONFIG_PASSPHRASE;
    else process.env.PULUMI_CONFIG_PASSPHRASE = saved;
    rmSync(dir, { recursive: true, force: true });
  });

  const cli = (argv: string[], passphrase: string): Promise<CliRun> =>
    captureCli(argv, dir, { ...process.env, NO_COLOR: "1", PULUMI_CONFIG_PASSPHRASE: passphrase });

  test("up and preview with the host's passphrase; another one cannot open the state", async () => {
    const up = await cli(["up", "--render-to-directory", "out"], "the invocation's passphrase");
    expect([up.code, up.code === 0 ? "" : up.stderr]).toEqual([0, ""]);
    const preview = await cli(
      ["preview", "--render-to-directory", "out", "--engine-diff", "--detailed-exitcode"],
      "the invocation's passphrase",
    );
    expect([preview.code, preview.code === 0 ? "" : preview.stderr]).toEqual([0, ""]);
    const wrong = await cli(
      ["preview", "--render-to-directory", "out", "--engine-diff"],
      "the process's passphrase",
    );
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/incorrect passphrase/);
  }, 240_000);
});
