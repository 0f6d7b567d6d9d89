/** Runs the CLI in-process and captures what it prints (the tests' one copy of this). */
import type { Environment } from "../../src/shared/io";
import { runCli } from "../../src/cli/main";

/** Exit code and the text written to stdout and stderr. */
export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** `pulumi-helmfile <argv>` run in `cwd` with exactly `env`. */
export async function captureCli(argv: readonly string[], cwd: string, env: Environment): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, {
    cwd,
    env,
    writeStdout: (t) => (stdout += t),
    writeStderr: (t) => (stderr += t),
  });
  return { code, stdout, stderr };
}
