/**
 * A helmfile user's CI script, run unchanged with the binary swapped: the real helmfile v1.8.0 (with
 * helm 3 and the helm-diff plugin scripts/build-helm-diff.sh builds) and pulumi-helmfile, each as
 * `helmfile` on PATH, against the test API server. The script and the state are the same for both;
 * each deploys to its own namespace (`CI_NS`). Each step's exit code must be helmfile's, and each
 * `apply` must leave the cluster as helmfile's leaves it.
 */
import { spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { constants, tmpdir } from "node:os";
import { join } from "node:path";
import { HELMFILE_ORACLE, kubeGet, kubectl, testClusters, type TestClusters } from "./cluster";
import { engineEnv, engineMissingReason } from "./engine";

const ROOT = join(__dirname, "..", "..");
const CHARTS = join(__dirname, "fixtures", "cluster", "charts");
const HELM3 = process.env.HELM3_BINARY ?? join(ROOT, ".tools", "helm3", "helm");
const PLUGINS =
  process.env.PULUMI_HELMFILE_HELM_PLUGINS ??
  join(process.env.HOME ?? "", ".cache", "pulumi-helmfile", "helm-plugins");
const TSX = join(ROOT, "node_modules", "tsx", "dist", "cli.mjs");

const reason =
  engineMissingReason() ??
  (existsSync(HELMFILE_ORACLE)
    ? undefined
    : `no helmfile oracle at ${HELMFILE_ORACLE} (scripts/build-helmfile.sh)`) ??
  (existsSync(join(PLUGINS, "diff", "plugin.yaml"))
    ? undefined
    : `no helm-diff plugin in ${PLUGINS} (scripts/build-helm-diff.sh)`);
const describeBoth = reason === undefined ? describe : describe.skip;
const suffix = reason === undefined ? "" : ` (skipped: ${reason})`;

/** The user's CI job: a detailed diff, then apply, then a diff that must find nothing. */
const SCRIPT = `#!/usr/bin/env bash
set -u
# shellcheck disable=SC2086 # the job's own flags (all steps, apply only), word-split as a CI script writes them
helmfile -e prod diff --detailed-exitcode $EXTRA >>log 2>&1; echo "diff $?"
helmfile -e prod apply --suppress-diff $EXTRA $APPLY_EXTRA >>log 2>&1; echo "apply $?"
helmfile -e prod diff --detailed-exitcode $EXTRA >>log 2>&1; echo "diff-after $?"
`;

function writeState(dir: string, value: string, chart = "./charts/cm"): void {
  writeFileSync(
    join(dir, "helmfile.yaml.gotmpl"),
    [
      "environments:",
      "  prod:",
      "    values:",
      `      - value: ${JSON.stringify(value)}`,
      "---",
      "releases:",
      "  - name: ci-app",
      '    namespace: {{ requiredEnv "CI_NS" }}',
      `    chart: ${chart}`,
      "    values:",
      "      - value: {{ .Values.value | quote }}",
      "",
    ].join("\n"),
  );
}

interface Side {
  readonly name: string;
  readonly dir: string;
  readonly namespace: string;
  readonly env: NodeJS.ProcessEnv;
}

function side(parent: string, name: string, bin: string, env: NodeJS.ProcessEnv, namespace: string): Side {
  const dir = join(parent, name);
  mkdirSync(dir);
  cpSync(CHARTS, join(dir, "charts"), { recursive: true });
  writeFileSync(join(dir, "ci.sh"), SCRIPT, { mode: 0o755 });
  return {
    name,
    dir,
    namespace,
    env: { ...env, PATH: `${bin}:${process.env.PATH ?? ""}`, CI_NS: namespace },
  };
}

function runScript(s: Side, extra: string, applyExtra: string): string {
  const env = { ...s.env, EXTRA: extra, APPLY_EXTRA: applyExtra };
  const r = spawnSync("bash", ["ci.sh"], { cwd: s.dir, env, encoding: "utf8", timeout: 600_000 });
  if (r.status !== 0) throw new Error(`${s.name}: ci.sh exited ${r.status}: ${r.stderr}`);
  return r.stdout;
}

/**
 * Runs `helmfile <args>` of side `s` with its output's reader gone before it writes (`… | head`
 * after head has exited); resolves to the status a shell sees (128 + the signal that killed it).
 */
function runWithOutputClosed(s: Side, args: readonly string[]): Promise<number> {
  const child = spawn("helmfile", args, { cwd: s.dir, env: s.env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.destroy();
  child.stderr.destroy();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${s.name}: helmfile ${args.join(" ")} still runs after 600 s`));
    }, 600_000);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? 128 + (signal === null ? 0 : constants.signals[signal]));
    });
  });
}

describeBoth(`a helmfile CI script with the binary swapped${suffix}`, () => {
  jest.setTimeout(1_200_000);
  let clusters: TestClusters;
  let parent: string;
  let helmfile: Side;
  let ours: Side;

  beforeAll(() => {
    clusters = testClusters();
    parent = mkdtempSync(join(tmpdir(), "phf-ci-script-"));
    // helmfile's side: the real binary as `helmfile`, helm 3 as `helm`, the helm-diff plugin.
    const realBin = join(parent, "bin-helmfile");
    mkdirSync(realBin);
    writeFileSync(join(realBin, "helmfile"), `#!/bin/sh\nexec "${HELMFILE_ORACLE}" "$@"\n`);
    writeFileSync(join(realBin, "helm"), `#!/bin/sh\nexec "${HELM3}" "$@"\n`);
    // Ours: the CLI as `helmfile` (helm found as helmfile finds it: the same helm 3 on PATH).
    const oursBin = join(parent, "bin-ours");
    mkdirSync(oursBin);
    writeFileSync(
      join(oursBin, "helmfile"),
      `#!/bin/sh\nexec "${process.execPath}" "${TSX}" "${join(ROOT, "src", "cli", "main.ts")}" "$@"\n`,
    );
    writeFileSync(join(oursBin, "helm"), `#!/bin/sh\nexec "${HELM3}" "$@"\n`);
    for (const f of ["bin-helmfile/helmfile", "bin-helmfile/helm", "bin-ours/helmfile", "bin-ours/helm"])
      chmodSync(join(parent, f), 0o755);
    const common = {
      HOME: parent,
      KUBECONFIG: clusters.a,
      HELMFILE_UPGRADE_NOTICE_DISABLED: "1",
    };
    const base: NodeJS.ProcessEnv = { ...process.env, ...common };
    delete base.HELM_BINARY;
    helmfile = side(parent, "helmfile", realBin, { ...base, HELM_PLUGINS: PLUGINS }, "e2e-ci-helmfile");
    ours = side(parent, "ours", oursBin, { ...base, ...engineEnv(), KUBECONFIG: clusters.a }, "e2e-ci-ours");
    for (const s of [helmfile, ours])
      kubectl(clusters.a, "test-a", "delete", "namespace", s.namespace, "--ignore-not-found");
  });

  afterAll(() => {
    for (const s of [helmfile, ours]) {
      spawnSync("bash", ["-c", "helmfile -e prod destroy >>log 2>&1"], {
        cwd: s.dir,
        env: s.env,
        timeout: 600_000,
      });
      kubectl(clusters.a, "test-a", "delete", "namespace", s.namespace, "--ignore-not-found", "--wait=false");
    }
    rmSync(parent, { recursive: true, force: true });
  });

  const value = (s: Side): unknown =>
    (
      kubeGet(clusters.a, "test-a", "configmap", "ci-app", s.namespace)?.data as
        Record<string, unknown> | undefined
    )?.value;

  it.each([
    ["a first deployment", "one", undefined, "", ""],
    ["a run with nothing changed", "one", undefined, "", ""],
    ["a changed value", "two", undefined, "", ""],
    [
      "a value from the job's --set, with --wait and --timeout",
      "two",
      undefined,
      "--set value=from-cli",
      "--wait --timeout 60",
    ],
    ["the same flags again", "two", undefined, "--set value=from-cli", "--wait --timeout 60"],
    ["a chart that does not exist", "two", "./charts/missing", "", ""],
    ["a flag diff does not have", "two", undefined, "--wait", ""],
  ])(
    "%s: every step exits as helmfile's, and apply leaves the same objects",
    (_what, v, chart, extra, applyExtra) => {
      for (const s of [helmfile, ours]) {
        writeState(s.dir, v, chart);
        writeFileSync(join(s.dir, "log"), "");
      }
      const expected = runScript(helmfile, extra, applyExtra);
      const got = runScript(ours, extra, applyExtra);
      // On a difference, what each printed (the script sends it to `log`).
      const logs =
        got === expected ? [] : [helmfile, ours].map((s) => readFileSync(join(s.dir, "log"), "utf8"));
      expect([got, logs]).toEqual([expected, []]);
      expect(value(ours)).toBe(value(helmfile));
      // The oracle itself behaves as a CI script relies on (not just "the same as ours").
      if (chart !== undefined) expect(expected).toMatch(/^diff 1\napply 1\ndiff-after 1\n$/);
      else if (extra === "--wait") expect(expected).toMatch(/^diff 3\napply 0\ndiff-after 3\n$/);
      else expect(expected).toMatch(/^diff [02]\napply 0\ndiff-after 0\n$/);
    },
  );

  it("`up` with no flags deploys to the current kube context, as `apply` does", () => {
    writeState(ours.dir, "three");
    const r = spawnSync("bash", ["-c", "helmfile -e prod up"], {
      cwd: ours.dir,
      env: ours.env,
      encoding: "utf8",
      timeout: 600_000,
    });
    expect([r.status, r.status === 0 ? "" : r.stderr]).toEqual([0, ""]);
    expect(value(ours)).toBe("three");
  });

  it("with its output closed (`| head`), `diff` stops as helmfile's does, and `apply` still applies", async () => {
    for (const s of [helmfile, ours]) writeState(s.dir, "five");
    const diff = ["-e", "prod", "diff", "--detailed-exitcode"];
    // helmfile (Go) is killed by SIGPIPE at its first write: the shell sees 141.
    expect(await runWithOutputClosed(helmfile, diff)).toBe(141);
    expect(await runWithOutputClosed(ours, diff)).toBe(141);
    // Ours runs a change to its end (docs/differences-from-helmfile.md, "A closed output").
    expect(await runWithOutputClosed(ours, ["-e", "prod", "apply"])).toBe(0);
    expect(value(ours)).toBe("five");
  });
});
