import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { testHelmBinaries } from "../../node/helm-binaries";
import type { HelmfileCase } from "./case-model";
import { judge } from "./judge-case";
import { runCase } from "./run-case";
import { corpusPath } from "../../../tests/support/corpus";

const casesDir = corpusPath("helmfile", "cases");
const chartsDir = resolve(casesDir, "../charts");
const load = (name: string): HelmfileCase =>
  JSON.parse(readFileSync(join(casesDir, name, "case.json"), "utf8")) as HelmfileCase;

const runIn = (c: HelmfileCase, helm: string): ReturnType<typeof runCase> =>
  runCase(c, undefined, { caseDir: join(casesDir, c.name), chartsDir, helm, parentEnv: process.env });

describe.each(testHelmBinaries())("corpus cases run in-process with %s", (_label, helm) => {
  test("a snapshot case reproduces helmfile's combined stream byte for byte", async () => {
    const c = load("environments_releases_without_same_yaml_part");
    const run = await runIn(c, helm);
    try {
      expect(run.capture.combined).toBe(readFileSync(join(casesDir, c.name, "output.yaml"), "utf8"));
      expect(judge(c, c.expected, run.capture, run.placeholders, run.cwd, { repoServer: false })).toEqual({
        strict: undefined,
        manifests: undefined,
      });
    } finally {
      run.cleanup();
    }
  });

  test("a failing expectation is reported, not passed", async () => {
    const c = load("environments_releases_without_same_yaml_part");
    const run = await runIn(c, helm);
    try {
      const wrong = {
        ...run.capture,
        combined: run.capture.combined.replace("chartVersion: 0.0.1", "chartVersion: 9"),
      };
      const v = judge(c, c.expected, wrong, run.placeholders, run.cwd, { repoServer: false });
      expect(v.strict).toMatch(/line 5/);
      expect(v.manifests).toMatch(/chartVersion/);
    } finally {
      run.cleanup();
    }
  });

  test("the case environment reaches the run without touching process.env", async () => {
    const c = load("issue-1172-selector-required-env--all");
    const before = process.env.ISSUE_1172_BUZZ;
    const run = await runIn(c, helm);
    try {
      expect(run.capture.exitCode).toBe(0);
      expect(process.env.ISSUE_1172_BUZZ).toBe(before);
      expect(
        judge(c, c.expected, run.capture, run.placeholders, run.cwd, { repoServer: false }).strict,
      ).toBeUndefined();
    } finally {
      run.cleanup();
    }
  });
});
