/**
 * Secret references to online backends end to end: a state whose release values reference
 * Secrets Manager, SSM and S3 on the seeded moto server (tests/support/aws-refs.ts), in inline
 * values, `set` and a values file, and a Kubernetes Secret read through `ref+k8s://`, deployed by `up` to the test cluster through the real engine.
 * The Secret on the cluster holds the resolved values (read back with kubectl); the engine's
 * events, the summaries, the preview and every file of the file backend hold none of them, as
 * they are, JSON-escaped or base64. A missing secret and an unreachable server each fail the
 * preview within seconds, naming the backend and the path and no value.
 */
import { execFile, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { promisify } from "node:util";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { destroy, preview, up, type HelmfileStackOptions } from "../../src/automation";
import { awsRefs } from "../support/aws-refs";
import { captureCli } from "../support/run-cli";
import { HELM, HELMFILE_ORACLE, KUBECTL, kubeGet, kubectl, testClusters, type TestClusters } from "./cluster";
import { ENGINE_ROOT, engineEnv, engineMissingReason } from "./engine";
import { checkpointResources, filesUnder, isEncryptedSecret, leakForms, leaksIn } from "./secret-scan";

const reason = engineMissingReason();
const describeEngine = reason === undefined ? describe : describe.skip;
const suffix = reason === undefined ? "" : ` (skipped: ${reason})`;

const PROJECT = "pulumi-helmfile-online-secrets";
const STACK = "online-secrets";
const PASSPHRASE = "online-secrets-passphrase";
const NAMESPACE = "online-refs";

/** What each reference resolves to on the seeded server (tests/support/aws-refs.ts). */
const RESOLVED: Record<string, string> = {
  "ref+awssecrets://phf/app/db#/password": "db-s3cr3t",
  "ref+awssecrets://phf/versioned?version_stage=AWSPREVIOUS": "first-version",
  "ref+awsssm://phf/app/param": "param-value",
  "ref+awsssm://phf/app?recursive=true#/nested/deeper/leaf": "leaf-value",
  "ref+s3://phf-refs/plain.txt": "object-text",
  "ref+s3://phf-refs/config.yaml#/db/host": "h1",
  "ref+k8s://v1/Secret/online-refs-source/app/password": "k8s-s3cr3t-pass",
};
/** Long enough to be told apart from any other text (h1 is not). */
const PLAINTEXTS = Object.values(RESOLVED).filter((v) => v.length > 4);
const FORMS = leakForms(PLAINTEXTS).flatMap((f) => [f, JSON.stringify(f).slice(1, -1)]);

function writeProject(dir: string, values: Record<string, string>, set: Record<string, string> = {}): void {
  mkdirSync(join(dir, "chart", "templates"), { recursive: true });
  writeFileSync(join(dir, "chart", "Chart.yaml"), "apiVersion: v2\nname: refs\nversion: 0.1.0\n");
  writeFileSync(
    join(dir, "chart", "templates", "secret.yaml"),
    [
      "apiVersion: v1",
      "kind: Secret",
      "metadata:",
      "  name: resolved",
      "stringData:",
      "{{- range $k, $v := .Values.refs }}",
      "  {{ $k }}: {{ $v | quote }}",
      "{{- end }}",
      "",
    ].join("\n"),
  );
  const keys = Object.keys(values);
  const inline = keys.slice(0, Math.ceil(keys.length / 2));
  const fromFile = keys.slice(inline.length);
  writeFileSync(
    join(dir, "values.yaml"),
    `refs:\n${fromFile.map((k) => `  ${k}: ${JSON.stringify(values[k])}`).join("\n")}\n`,
  );
  writeFileSync(
    join(dir, "helmfile.yaml"),
    [
      "releases:",
      "  - name: refs",
      `    namespace: ${NAMESPACE}`,
      "    chart: ./chart",
      "    values:",
      "      - values.yaml",
      `      - refs: {${inline.map((k) => `${k}: ${JSON.stringify(values[k])}`).join(", ")}}`,
      ...(Object.keys(set).length === 0
        ? []
        : [
            "    set:",
            ...Object.entries(set).flatMap(([k, v]) => [
              `      - name: refs.${k}`,
              `        value: ${JSON.stringify(v)}`,
            ]),
          ]),
      "",
    ].join("\n"),
  );
}

describeEngine(`secret references to online backends, deployed${suffix}`, () => {
  jest.setTimeout(600_000);
  let clusters: TestClusters;
  let root: string;
  let project: string;
  let backend: string;
  let base: HelmfileStackOptions;
  const captured: string[] = [];
  const saved: Record<string, string | undefined> = {};
  const refs = Object.keys(RESOLVED);
  const keyOf = (i: number): string => `k${i}`;

  beforeAll(async () => {
    clusters = testClusters();
    const aws = await awsRefs();
    // The Secret `ref+k8s://` reads, in a namespace of its own.
    const k = (...args: string[]): string => kubectl(clusters.kubeconfig, "test-a", ...args);
    spawnSync(KUBECTL, ["--kubeconfig", clusters.kubeconfig, "create", "namespace", "online-refs-source"], {
      stdio: "ignore",
    });
    k("-n", "online-refs-source", "delete", "secret", "app", "--ignore-not-found");
    k(
      "-n",
      "online-refs-source",
      "create",
      "secret",
      "generic",
      "app",
      "--from-literal=password=k8s-s3cr3t-pass",
      "--from-literal=user=k8s-user",
    );
    // The inline program resolves the references in this process.
    for (const [k, v] of Object.entries({ ...aws.env, KUBECONFIG: clusters.kubeconfig })) {
      saved[k] = process.env[k];
      process.env[k] = v;
    }
    root = mkdtempSync(join(tmpdir(), "ph-online-secrets-"));
    project = join(root, "project");
    backend = join(root, "backend");
    mkdirSync(backend);
    const values = Object.fromEntries(refs.slice(0, -1).map((r, i) => [keyOf(i), r]));
    writeProject(project, values, { [keyOf(refs.length - 1)]: refs[refs.length - 1] as string });
    base = {
      file: join(project, "helmfile.yaml"),
      projectName: PROJECT,
      stackName: STACK,
      backendUrl: `file://${backend}`,
      secretsProvider: "passphrase",
      applyToCluster: true,
      kubeconfig: clusters.kubeconfig,
      pulumiRoot: ENGINE_ROOT,
      envVars: {
        ...engineEnv(),
        ...aws.env,
        PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
        KUBECONFIG: clusters.kubeconfig,
      },
      onEvent: (e: EngineEvent) => captured.push(JSON.stringify(e)),
      onProgress: (p) => captured.push(JSON.stringify(p)),
    };
  });

  afterAll(async () => {
    if (base !== undefined) await destroy(base).catch(() => undefined);
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    if (root !== undefined) rmSync(root, { recursive: true, force: true });
  });

  it("up deploys the resolved values; nothing the engine, the summaries or the backend hold shows one", async () => {
    const result = await up(base);
    expect(result.releases.map((r) => [r.release, r.op])).toEqual([[`${NAMESPACE}/refs`, "create"]]);
    const secret = kubeGet(clusters.kubeconfig, "test-a", "secret", "resolved", NAMESPACE);
    const data = Object.fromEntries(
      Object.entries((secret?.data ?? {}) as Record<string, string>).map(([k, v]) => [
        k,
        Buffer.from(v, "base64").toString("utf8"),
      ]),
    );
    expect(data).toEqual(Object.fromEntries(refs.map((r, i) => [keyOf(i), RESOLVED[r]])));
    expect(captured.length).toBeGreaterThan(0);
    expect(leaksIn([...captured, result.stdout, JSON.stringify(result.releases)].join("\n"), FORMS)).toEqual(
      [],
    );
    const files = filesUnder(backend);
    const leaking = [...files].filter(([, text]) => leaksIn(text, FORMS).length > 0).map(([p]) => p);
    expect(leaking).toEqual([]);
    // The release's values are kept, as ciphertext.
    const release = checkpointResources(backend, PROJECT, STACK).find(
      (r) => r.type === "helmfile:index:Release",
    );
    expect(isEncryptedSecret(release?.inputs?.values)).toBe(true);
  });

  it("the preview after it shows no change and no value", async () => {
    const before = captured.length;
    const p = await preview({ ...base, engineDiff: true });
    expect(p.changedReleases).toEqual([]);
    expect(leaksIn([...captured.slice(before), p.stdout].join("\n"), FORMS)).toEqual([]);
  });

  it("template resolves every form of ref+k8s:// as the real helmfile v1.8.0 does, failures included", async () => {
    const dir = join(root, "k8s-forms");
    const forms = [
      "ref+k8s://v1/Secret/online-refs-source/app/password",
      "ref+k8s://v1/Secret/online-refs-source/app",
      "ref+k8s://v1/Secret/online-refs-source/app#/user",
      "ref+k8s://v1/Secret/online-refs-source/app?kubeContext=test-a#/password",
      "pre-ref+k8s://v1/Secret/online-refs-source/app/user+-post",
    ];
    const failing = [
      "ref+k8s://v1/Secret/online-refs-source/nope/x",
      "ref+k8s://v1/Secret/online-refs-source/app/nokey",
      "ref+k8s://v2/Secret/online-refs-source/app/x",
      "ref+k8s://v1/Pod/online-refs-source/app/x",
      "ref+k8s://v1/Secret/online-refs-source",
      "ref+k8s://v1/Secret/online-refs-source/app/x?kubeConfigPath=/nonexistent",
    ];
    const env = { ...process.env, KUBECONFIG: clusters.kubeconfig, HELMFILE_UPGRADE_NOTICE_DISABLED: "1" };
    const run = async (values: Record<string, string>): Promise<[string, string]> => {
      writeProject(dir, values);
      const theirs = await promisify(execFile)(HELMFILE_ORACLE, ["--helm-binary", HELM, "template"], {
        cwd: dir,
        env,
      }).then(
        (r) => r.stdout,
        (err: { stderr?: string }) => `failed: ${(err.stderr ?? "").trim().split("\n").pop() ?? ""}`,
      );
      const ours = await captureCli(["--helm-binary", HELM, "template"], dir, env);
      return [
        theirs,
        ours.code === 0 ? ours.stdout : `failed: ${ours.stderr.trim().split("\n").pop() ?? ""}`,
      ];
    };
    const [theirs, ours] = await run(Object.fromEntries(forms.map((f, i) => [keyOf(i), f])));
    expect(theirs).toContain("k8s-user");
    expect(ours).toBe(theirs);
    for (const f of failing) {
      const [t, o] = await run({ bad: f });
      expect([f, t.startsWith("failed: ")]).toEqual([f, true]);
      expect([f, o]).toEqual([f, t]);
    }
  });

  it("a missing secret and an unreachable server fail within seconds, naming backend and path, never a value", async () => {
    const failing = join(root, "failing");
    const cases: Array<[string, Record<string, string>, RegExp]> = [
      [
        "ref+awssecrets://phf/no-such-secret",
        {},
        /awssecrets:\/\/phf\/no-such-secret: .*ResourceNotFoundException/,
      ],
      [
        "ref+awsssm://phf/app/param",
        { AWS_ENDPOINT_URL_SSM: "http://127.0.0.1:9" },
        /awsssm:\/\/phf\/app\/param: .*request send failed/,
      ],
    ];
    for (const [ref, env, expected] of cases) {
      writeProject(failing, { bad: ref, good: "ref+awssecrets://phf/app/db#/password" });
      const started = Date.now();
      const saved2 = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
      Object.assign(process.env, env);
      let message = "";
      try {
        await preview({
          ...base,
          file: join(failing, "helmfile.yaml"),
          stackName: "online-secrets-failing",
          envVars: { ...base.envVars, ...env },
        });
      } catch (err) {
        message = String(err instanceof Error ? err.message : err);
      } finally {
        for (const [k, v] of Object.entries(saved2)) {
          if (v === undefined) delete process.env[k];
          else process.env[k] = v;
        }
      }
      expect([ref, expected.test(message)]).toEqual([ref, true]);
      expect(leaksIn(message, FORMS)).toEqual([]);
      expect([ref, Date.now() - started < 30_000]).toEqual([ref, true]);
    }
  });
});
