/** Runs our CLI in-process on one case and command, as the real helmfile was run. */
import { runCli } from "../../src/cli/main";
import {
  argvFor,
  collectFiles,
  envFor,
  normalise,
  normaliseStderr,
  prepareRun,
  readSpec,
  type CommandName,
  type Outcome,
} from "./harness";

/** `root`: a scratch folder reused across cases; `helmDir`: a folder whose `helm` is the helm to use. */
export async function runOurs(root: string, helmDir: string, id: string, cmd: CommandName): Promise<Outcome> {
  const dirs = prepareRun(root, id, cmd, helmDir);
  let stdout = "";
  let stderr = "";
  const status = await runCli(argvFor(readSpec(id), cmd, dirs), {
    cwd: dirs.stateDir,
    env: envFor(dirs, process.env.PATH ?? "/usr/bin:/bin"),
    writeStdout: (t) => (stdout += t),
    writeStderr: (t) => (stderr += t),
  });
  const files = cmd === "write-values" ? collectFiles(dirs) : {};
  return { status, stdout: normalise(stdout, dirs), stderr: normaliseStderr(cmd, stderr, dirs), files };
}
