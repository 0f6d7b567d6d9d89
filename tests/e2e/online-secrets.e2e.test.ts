/**
 * Secret references to online backends end to end: a state whose release values reference
 * Secrets Manager, SSM and S3 on the seeded moto server (tests/support/aws-refs.ts), in inline
 * values, `set` and a values file, and Vault, a Kubernetes Secret, Terraform states (local and in S3)
 * and a JSON document over HTTP (`ref+httpjson`, allowed by PULUMI_HELMFILE_INSECURE_REFS),
 * deployed by `up` to the test cluster through the real engine.
 * The Secret on the cluster holds the resolved values (read back with kubectl); the engine's
 * events, the summaries, the preview and every file of the file backend hold none of them, as
 * they are, JSON-escaped or base64. A missing secret and an unreachable server each fail the
 * preview within seconds, naming the backend and the path and no value. Every form of ref+k8s,
 * ref+vault and ref+openbao (they need the live servers, so they are compared here rather than in
 * the differential suite's recorded cases) is compared with the real helmfile v1.8.0 on
 * `template`, `build` and `write-values`, with helm 4 and helm 3, failures included.
 */
import { execFile, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { promisify } from "node:util";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { destroy, preview, up, type HelmfileStackOptions } from "../../src/automation";
import { awsRefs } from "../support/aws-refs";
import { startHttpJsonServer } from "../support/httpjson-server";
import { VAULT_PASSWORD, VAULT_ROLE_ID, VAULT_SECRET_ID, VAULT_USER, vaultRefs } from "../support/vault-refs";
import { captureCli } from "../support/run-cli";
import { HELM, HELMFILE_ORACLE, KUBECTL, kubeGet, kubectl, testClusters, type TestClusters } from "./cluster";
import { ENGINE_ROOT, engineEnv, engineMissingReason } from "./engine";
import { checkpointResources, filesUnder, isEncryptedSecret, leakForms, leaksIn } from "./secret-scan";

const reason = engineMissingReason();
const describeEngine = reason === undefined ? describe : describe.skip;
const suffix = reason === undefined ? "" : ` (skipped: ${reason})`;

const PROJECT = "pulumi-helmfile-online-secrets";
/** helm 3, as scripts/env.sh installs it. */
const HELM3 = process.env.HELM3_BINARY ?? resolve(__dirname, "..", "..", ".tools", "helm3", "helm");
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
  "ref+vault://secret/app/password": "vault-s3cr3t-pw",
  [`ref+tfstate://${join(__dirname, "..", "fixtures", "tfstate", "terraform.tfstate")}/output.db_password`]:
    "tf-s3cr3t-pass",
  "ref+tfstates3://phf-refs/tf/terraform.tfstate/output.vpc_id": "vpc-0abc123",
  "ref+k8s://v1/Secret/online-refs-source/app/password": "k8s-s3cr3t-pass",
  // The JSON server of tests/support/httpjson-server.ts, on the port beforeAll gets (HTTPJSON_PORT_TOKEN).
  "ref+httpjson://127.0.0.1:HTTPJSON_PORT_TOKEN/config?insecure=true#//db/password": "pw-from-http",
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
  let refs = Object.keys(RESOLVED);
  const keyOf = (i: number): string => `k${i}`;
  let jsonServer: { readonly port: number; close(): Promise<void> } | undefined;

  beforeAll(async () => {
    clusters = testClusters();
    // A free port (the differential suite holds the fixed one), written into the reference.
    jsonServer = await startHttpJsonServer(0);
    const port = String(jsonServer.port);
    for (const r of Object.keys(RESOLVED))
      if (r.includes("HTTPJSON_PORT_TOKEN")) {
        RESOLVED[r.replace("HTTPJSON_PORT_TOKEN", port)] = RESOLVED[r] as string;
        delete RESOLVED[r];
      }
    refs = Object.keys(RESOLVED);
    const aws = await awsRefs();
    const vault = vaultRefs();
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
    const allowHttp = { PULUMI_HELMFILE_INSECURE_REFS: "true" };
    for (const [k, v] of Object.entries({
      ...aws.env,
      ...vault.env,
      ...allowHttp,
      KUBECONFIG: clusters.kubeconfig,
    })) {
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
        ...vault.env,
        ...allowHttp,
        PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
        KUBECONFIG: clusters.kubeconfig,
      },
      onEvent: (e: EngineEvent) => captured.push(JSON.stringify(e)),
      onProgress: (p) => captured.push(JSON.stringify(p)),
    };
  });

  afterAll(async () => {
    if (base !== undefined) await destroy(base).catch(() => undefined);
    await jsonServer?.close();
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

  /** The commands that print resolved values, each compared with the real helmfile's. */
  const COMMANDS = ["template", "build", "write-values"] as const;
  type Command = (typeof COMMANDS)[number];
  /** helm 4 and helm 3, each as `--helm-binary` of both sides. */
  const HELMS: ReadonlyArray<readonly [string, string]> = [
    ["helm 4", HELM],
    ["helm 3", HELM3],
  ];

  /** The argv of `command` with `helm`; write-values writes each release's file under `out`. */
  function argvOf(command: Command, helm: string, out: string): string[] {
    const global = ["--helm-binary", helm];
    if (command !== "write-values") return [...global, command];
    return [...global, "write-values", "--output-file-template", `${out}/{{ .Release.Name }}.yaml`];
  }

  /** What a run printed or wrote: stdout, the files write-values wrote, or the last line of stderr. */
  function outcome(command: Command, code: number, stdout: string, stderr: string, out: string): string {
    if (code !== 0) return `failed: ${stderr.trim().split("\n").pop() ?? ""}`;
    if (command !== "write-values") return stdout;
    const files = existsSync(out) ? readdirSync(out).sort() : [];
    return files.map((f) => `# ${f}\n${readFileSync(join(out, f), "utf8")}`).join("");
  }

  /** Ours and the real helmfile's `command` of a state of `values`, in the same environment. */
  async function both(
    dir: string,
    values: Record<string, string>,
    env: NodeJS.ProcessEnv,
    command: Command = "template",
    helm: string = HELM,
  ): Promise<[string, string]> {
    writeProject(dir, values);
    const run = async (side: "theirs" | "ours"): Promise<string> => {
      const out = join(dir, `out-${side}`);
      rmSync(out, { recursive: true, force: true });
      const argv = argvOf(command, helm, out);
      if (side === "ours") {
        const r = await captureCli(argv, dir, env);
        return outcome(command, r.code, r.stdout, r.stderr, out);
      }
      return promisify(execFile)(HELMFILE_ORACLE, argv, { cwd: dir, env }).then(
        (r) => outcome(command, 0, r.stdout, "", out),
        (err: { code?: number; stdout?: string; stderr?: string }) =>
          outcome(command, typeof err.code === "number" ? err.code : 1, "", err.stderr ?? "", out),
      );
    };
    const theirs = await run("theirs");
    return [theirs, await run("ours")];
  }

  /**
   * Each of `forms` (one state) and each of `failing` (a state each) as the real helmfile resolves
   * it, with `template`, `build` and `write-values`, with helm 4 and helm 3. Returns what helmfile's
   * `template` printed of the forms.
   */
  async function sameAsHelmfile(
    name: string,
    forms: readonly string[],
    failing: readonly string[],
    extraEnv: Record<string, string> = {},
  ): Promise<string> {
    const dir = join(root, name);
    const env = { ...process.env, ...extraEnv, HELMFILE_UPGRADE_NOTICE_DISABLED: "1" };
    const values = Object.fromEntries(forms.map((f, i) => [keyOf(i), f]));
    let template = "";
    for (const [helmName, helm] of HELMS) {
      for (const command of COMMANDS) {
        const what = `${command} with ${helmName}`;
        const [theirs, ours] = await both(dir, values, env, command, helm);
        expect([what, theirs.startsWith("failed: ")]).toEqual([what, false]);
        expect([what, ours]).toEqual([what, theirs]);
        if (command === "template" && helm === HELM) template = theirs;
        for (const f of failing) {
          const [t, o] = await both(dir, { bad: f }, env, command, helm);
          // `build` prints the state without evaluating release values: the reference as written.
          expect([what, f, t.startsWith("failed: ")]).toEqual([what, f, command !== "build"]);
          expect([what, f, o]).toEqual([what, f, t]);
        }
      }
    }
    return template;
  }

  it("template, build and write-values resolve every form of ref+k8s:// as the real helmfile v1.8.0 does, with helm 4 and 3, failures included", async () => {
    const out = await sameAsHelmfile(
      "k8s-forms",
      [
        "ref+k8s://v1/Secret/online-refs-source/app/password",
        "ref+k8s://v1/Secret/online-refs-source/app",
        "ref+k8s://v1/Secret/online-refs-source/app#/user",
        "ref+k8s://v1/Secret/online-refs-source/app?kubeContext=test-a#/password",
        "pre-ref+k8s://v1/Secret/online-refs-source/app/user+-post",
      ],
      [
        "ref+k8s://v1/Secret/online-refs-source/nope/x",
        "ref+k8s://v1/Secret/online-refs-source/app/nokey",
        "ref+k8s://v2/Secret/online-refs-source/app/x",
        "ref+k8s://v1/Pod/online-refs-source/app/x",
        "ref+k8s://v1/Secret/online-refs-source",
        "ref+k8s://v1/Secret/online-refs-source/app/x?kubeConfigPath=/nonexistent",
      ],
      { KUBECONFIG: clusters.kubeconfig },
    );
    expect(out).toContain("k8s-user");
  });

  it("template, build and write-values resolve every form of ref+vault:// and ref+openbao:// as the real helmfile v1.8.0 does, with helm 4 and 3, failures included", async () => {
    const pw = join(root, "vault-password");
    writeFileSync(pw, VAULT_PASSWORD);
    const token = join(root, "vault-token");
    writeFileSync(token, process.env.VAULT_TOKEN ?? "");
    const out = await sameAsHelmfile(
      "vault-forms",
      [
        "ref+vault://secret/app/password",
        "ref+vault://secret/app/password?version=1",
        "ref+vault://secret/app#/user",
        "ref+vault://secret/app#/port",
        "ref+vault://kv1/legacy/token",
        "ref+vault://kv1/legacy#/token",
        "ref+vault://secret/app/b64?decode=base64",
        "emb=ref+vault://secret/app/user+;",
        `ref+vault://secret/app/password?auth_method=approle&role_id=${VAULT_ROLE_ID}&secret_id=${VAULT_SECRET_ID}`,
        `ref+vault://secret/app/user?auth_method=userpass&username=${VAULT_USER}&password_env=PHF_VAULT_PASSWORD`,
        `ref+vault://secret/app/user?auth_method=userpass&username=${VAULT_USER}&password_file=${pw}`,
        "ref+vault://secret/app/user?token_env=PHF_OTHER_TOKEN",
        `ref+vault://secret/app/user?token_file=${token}`,
        `ref+vault://secret/app/user?address=${process.env.VAULT_ADDR ?? ""}`,
        "ref+openbao://secret/app/user",
      ],
      [
        "ref+vault://secret/nope/x",
        "ref+vault://secret/app/nokey",
        "ref+vault://secret/app/password?decode=hex",
        "ref+vault://secret/app/user?decode=base64",
        "ref+vault://secret/app/user?token_env=PHF_UNSET_TOKEN",
        "ref+vault://secret/app/user?auth_method=userpass&username=alice",
      ],
      { PHF_VAULT_PASSWORD: VAULT_PASSWORD, PHF_OTHER_TOKEN: process.env.VAULT_TOKEN ?? "" },
    );
    expect(out).toContain("vault-user");
  });

  it("a refused Vault token fails within seconds with Vault's own words, as helmfile's does", async () => {
    const started = Date.now();
    const [theirs, ours] = await both(
      join(root, "vault-refused"),
      { bad: "ref+vault://secret/app/user" },
      { ...process.env, VAULT_TOKEN: "not-a-token", HELMFILE_UPGRADE_NOTICE_DISABLED: "1" },
    );
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(theirs).toMatch(/^failed: /);
    // Vault's errors span lines: the last line of both is Vault's own reason.
    expect(ours).toBe(theirs);
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
