import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testHelmBinaries } from "../node/helm-binaries";
import { silentLogger } from "../shared/io";
import { fromPlain, type ValueMap } from "../shared/value";
import { preparedRelease } from "../../tests/support/model-fixtures";
import { createDefaultPipeline } from "./default-pipeline";
import { deploySettings } from "./deploy-settings";
import { planReleases } from "./plan-releases";

const helmDefaults = (plain: Record<string, unknown>): ValueMap => fromPlain(plain) as ValueMap;

describe("the run's --wait, --wait-for-jobs and --timeout", () => {
  // helmfile pkg/state/helmx.go appendWaitFlags / appendWaitForJobsFlags: a release's `wait: true`,
  // the flag, or (the release silent) helmDefaults turn waiting on; the flag wins over `wait: false`.
  test.each([
    // [release wait, helmDefaults wait, --wait, expected]
    [undefined, false, false, false],
    [undefined, true, false, true],
    [false, true, false, false],
    [true, false, false, true],
    [false, false, true, true],
    [undefined, false, true, true],
  ])("release %p, helmDefaults %p, --wait %p: waits %p", (release, defaults, flag, expected) => {
    const r = preparedRelease({
      spec: helmDefaults(release === undefined ? {} : { wait: release, waitForJobs: release }),
    });
    const s = deploySettings(r, helmDefaults({ wait: defaults, waitForJobs: defaults }), false, {
      wait: flag,
      waitForJobs: flag,
    });
    expect([s.wait, s.waitForJobs]).toEqual([expected, expected]);
  });

  // state.go timeoutFlags: helmDefaults, then the release, then a flag > 0.
  test.each([
    [undefined, undefined, 300],
    [60, undefined, 60],
    [60, 0, 60],
    [60, 30, 30],
  ])("release timeout %p, --timeout %p: %p s", (release, flag, expected) => {
    const r = preparedRelease({ spec: helmDefaults(release === undefined ? {} : { timeout: release }) });
    const s = deploySettings(
      r,
      helmDefaults({ timeout: 300 }),
      false,
      flag === undefined ? {} : { timeout: flag },
    );
    expect(s.timeout).toBe(expected);
  });
});

describe.each(testHelmBinaries())("the run's --values, --set and --args with %s", (_label, helm) => {
  let tmp: string;
  beforeEach(() => {
    tmp = mkdtempSync(join(tmpdir(), "ph-command-line-"));
    mkdirSync(join(tmp, "chart", "templates"), { recursive: true });
    writeFileSync(join(tmp, "chart", "Chart.yaml"), "apiVersion: v2\nname: c\nversion: 0.1.0\n");
    writeFileSync(join(tmp, "chart", "values.yaml"), "a: 0\n");
    writeFileSync(
      join(tmp, "chart", "templates", "cm.yaml"),
      "kind: ConfigMap\nmetadata: {name: {{ .Release.Name }}}\ndata: {{ toJson .Values }}\n",
    );
    writeFileSync(join(tmp, "release.yaml"), "v: one\na: 1\n");
    writeFileSync(join(tmp, "extra.yaml"), "a: 2\nb: '3'\n");
    writeFileSync(
      join(tmp, "helmfile.yaml"),
      "releases:\n- name: r\n  namespace: n\n  chart: ./chart\n  values:\n  - release.yaml\n  set:\n  - name: c\n    value: own\n",
    );
  });
  afterEach(() => rmSync(tmp, { recursive: true, force: true }));

  test("reach every release after its own, as helm merges -f and --set", async () => {
    const pipeline = createDefaultPipeline({
      cwd: tmp,
      env: { PATH: process.env.PATH, HOME: tmp },
      cacheDir: false,
    });
    const [plan] = await planReleases(
      pipeline,
      {
        state: { file: join(tmp, "helmfile.yaml"), skipDeps: true },
        stateValues: {},
        unknownPaths: [],
        inputSecret: false,
        commandLine: {
          values: [join(tmp, "extra.yaml")],
          set: ["v=from-set", "c=cli"],
          helmArgs: "--api-versions x/v1",
        },
      },
      { helmBinary: helm, concurrency: 1, logger: silentLogger },
    );
    // helm: files in order (release.yaml, then extra.yaml), then every --set (the release's, then the run's).
    expect(JSON.parse(plan?.values ?? "")).toEqual({ a: 2, b: "3", c: "cli", v: "from-set" });
    const expected = execFileSync(
      helm,
      [
        "template",
        "r",
        "./chart",
        "--namespace",
        "n",
        "--values",
        "release.yaml",
        "--set",
        "c=own",
        "--values",
        "extra.yaml",
        "--set",
        "v=from-set",
        "--set",
        "c=cli",
      ],
      { cwd: tmp, env: { PATH: process.env.PATH, HOME: tmp }, encoding: "utf8" },
    );
    expect(plan?.manifest).toBe(expected);
  });

  test("--args reaches helm: a bad flag fails the render naming it", async () => {
    const pipeline = createDefaultPipeline({
      cwd: tmp,
      env: { PATH: process.env.PATH, HOME: tmp },
      cacheDir: false,
    });
    await expect(
      planReleases(
        pipeline,
        {
          state: { file: join(tmp, "helmfile.yaml"), skipDeps: true },
          stateValues: {},
          unknownPaths: [],
          inputSecret: false,
          commandLine: { helmArgs: "--no-such-helm-flag" },
        },
        { helmBinary: helm, concurrency: 1, logger: silentLogger },
      ),
    ).rejects.toThrow(/no-such-helm-flag/);
  });
});
