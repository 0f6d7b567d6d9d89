/**
 * Our CLI against the real helmfile v1.8.0 on small states with local charts: stdout, stderr
 * and the exit code of each case in tests/cli-oracle/cases (expected outputs written by
 * scripts/cli-oracle.ts from helmfile; the normalisation is in ./oracle-case.ts).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { startChartRepoServer } from "../../src/conformance/helmfile/chart-repo-server";
import { runCli } from "../../src/cli/main";
import {
  expectedFileName,
  normaliseOracleFile,
  normaliseOracleText,
  ORACLE_REPO_PORT,
  oracleEnv,
  readOracleCases,
  removeWritten,
  type OracleCase,
} from "./oracle-case";

const helm = process.env.HELM4_BINARY ?? process.env.HELM_BINARY;

describe("CLI output against the real helmfile", () => {
  if (helm === undefined) {
    test.skip("needs HELM_BINARY (source scripts/env.sh)", () => undefined);
    return;
  }
  const cases = readOracleCases();
  const check = async (c: OracleCase): Promise<void> => {
    const home = mkdtempSync(join(tmpdir(), "cli-oracle-home-"));
    const server =
      c.server === undefined ? undefined : await startChartRepoServer(helm, c.server, ORACLE_REPO_PORT);
    let stdout = "";
    let stderr = "";
    removeWritten(c);
    try {
      const code = await runCli(c.args, {
        cwd: c.cwd,
        env: oracleEnv(home, dirname(helm)),
        writeStdout: (t) => (stdout += t),
        writeStderr: (t) => (stderr += t),
      });
      const read = (f: string): string => readFileSync(join(c.dir, f), "utf8");
      const got = {
        stdout: normaliseOracleText(stdout),
        stderr: normaliseOracleText(stderr),
        code: `${code}\n`,
      };
      const want = {
        stdout: read("expected.stdout"),
        stderr: read("expected.stderr"),
        code: read("expected.code"),
      };
      // `stderr-head`: ours may go on after helmfile's stderr (a documented addition).
      if (c.compare.has("stderr-head") && got.stderr.startsWith(want.stderr)) got.stderr = want.stderr;
      else if (c.compare.has("stderr-head")) got.stderr = `(does not start with helmfile's)\n${got.stderr}`;
      // `stderr-lines`: the lines that matter (the `lines:` header), in order, on both sides.
      const pick = (text: string): string =>
        text
          .split("\n")
          .filter((l) => c.lines?.test(l) === true)
          .join("\n");
      if (c.compare.has("stderr-lines")) [got.stderr, want.stderr] = [pick(got.stderr), pick(want.stderr)];
      for (const k of ["stdout", "stderr", "code"] as const)
        if (
          !c.compare.has(k) &&
          !(k === "stderr" && (c.compare.has("stderr-head") || c.compare.has("stderr-lines")))
        )
          got[k] = want[k];
      expect(got).toEqual(want);
      for (const f of c.files)
        expect([f, normaliseOracleFile(readFileSync(join(c.cwd, f), "utf8"))]).toEqual([
          f,
          read(expectedFileName(f)),
        ]);
    } finally {
      removeWritten(c);
      await server?.close();
      rmSync(home, { recursive: true, force: true });
    }
  };
  test.each(cases.filter((c) => c.known === undefined).map((c) => [c.name, c]))("%s", (_n, c) => check(c));
  // Known differences (the `known:` header says which): these fail until fixed, then must lose the header.
  const known = cases.filter((c) => c.known !== undefined);
  if (known.length > 0)
    test.failing.each(known.map((c) => [c.name, c.known, c]))("%s (known difference: %s)", (_n, _k, c) =>
      check(c),
    );
});
