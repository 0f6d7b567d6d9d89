/**
 * Runs one case (or one variant) through our CLI in-process: a fresh `${TMP}` and
 * `${OUTPUT_DIR}`, the case's environment over the parent's, the case directory as cwd.
 * Nothing goes through `process.env` or `process.cwd()`, so cases cannot leak into each other.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { runCli } from "../../cli/main";
import type { Environment } from "../../shared/io";
import {
  substitute,
  type HelmfileCase,
  type CaseVariant,
  type Placeholders,
  type RunCapture,
} from "./case-model";

/** Options of {@link runCase}. */
export interface RunCaseOptions {
  readonly caseDir: string;
  readonly chartsDir: string;
  /** Absolute helm binary for this run. */
  readonly helm: string;
  readonly parentEnv: Environment;
}

/** The capture plus the placeholders the comparison needs; call `cleanup()` afterwards. */
export interface CaseRun {
  readonly capture: RunCapture;
  readonly placeholders: Placeholders;
  readonly cwd: string;
  cleanup(): void;
}

/** Runs the case's command once (with a variant's env and extra args when given). */
export async function runCase(
  c: HelmfileCase,
  variant: CaseVariant | undefined,
  o: RunCaseOptions,
): Promise<CaseRun> {
  const tmp = mkdtempSync(join(tmpdir(), "pulumi-helmfile-case-"));
  const outputDir = mkdtempSync(join(tmpdir(), "pulumi-helmfile-out-"));
  const base: Placeholders = {
    CASE_DIR: o.caseDir,
    CHARTS_DIR: o.chartsDir,
    HELMFILE_CACHE_HOME: "",
    OUTPUT_DIR: outputDir,
    TMP: tmp,
  };
  // No render cache: every case renders with the real helm, and nothing outlives the run.
  const env: Record<string, string | undefined> = {
    ...o.parentEnv,
    HELM_BINARY: o.helm,
    PULUMI_HELMFILE_CACHE: "0",
  };
  for (const [k, v] of Object.entries({ ...(c.env ?? {}), ...(variant?.env ?? {}) }))
    env[k] = substitute(v, base);
  const placeholders: Placeholders = { ...base, HELMFILE_CACHE_HOME: env.HELMFILE_CACHE_HOME ?? "" };
  const argv = [...(variant?.extraGlobalArgs ?? []), ...c.command].map((a) => substitute(a, placeholders));
  const cwd = resolve(o.caseDir, c.workdir ?? ".");
  let stdout = "";
  let combined = "";
  const exitCode = await runCli(argv, {
    cwd,
    env,
    writeStdout: (t) => {
      stdout += t;
      combined += t;
    },
    writeStderr: (t) => {
      combined += t;
    },
  });
  return {
    capture: { exitCode, stdout, combined },
    placeholders,
    cwd,
    cleanup: () => {
      rmSync(tmp, { recursive: true, force: true });
      rmSync(outputDir, { recursive: true, force: true });
    },
  };
}
