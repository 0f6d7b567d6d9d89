/**
 * Cluster access as kubectl has it, on the real API server of scripts/test-cluster.sh (RBAC on):
 * an `exec` credential plugin (tests/support/exec-credential.sh) and a static token for `up` and
 * adoption; a user bound to namespace team-a only, whose release into team-b fails at preview,
 * naming the release, the namespace and the verb, and whose failed `up` changes nothing; a user
 * without Secrets; an unreachable cluster, a failing plugin and a refused token, each failing in
 * seconds with its context and cause. The cluster is checked with kubectl and the admin context.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { destroy, preview, up, type HelmfileStackOptions } from "../../src/automation";
import { isHelmfileError } from "../../src/shared/errors";
import { captureCli } from "../support/run-cli";
import {
  cmReleaseLines,
  helmInstallCm,
  helmUninstall,
  kubeGet,
  kubectl,
  testClusters,
  type CmRelease,
  type TestClusters,
} from "./cluster";
import { ENGINE_ROOT, engineEnv, engineMissingReason } from "./engine";

const reason = engineMissingReason();
const describeEngine = reason === undefined ? describe : describe.skip;
const suffix = reason === undefined ? "" : ` (skipped: ${reason})`;
const CHARTS = join(__dirname, "fixtures", "cluster", "charts");
const EXEC_PLUGIN = resolve(__dirname, "..", "support", "exec-credential.sh");

type Rel = CmRelease;

function writeState(file: string, releases: readonly Rel[], createNamespace = false): void {
  const lines = ["helmDefaults:", `  createNamespace: ${createNamespace}`, ...cmReleaseLines(releases)];
  writeFileSync(file, `${lines.join("\n")}\n`);
}

/** The read-only rights in team-b the refusal test grants team-a-deployer, removed before and after. */
function dropReadRole(clusters: TestClusters): void {
  for (const kind of ["rolebinding", "role"])
    kubectl(clusters.kubeconfig, "test-a", "-n", "team-b", "delete", kind, "e2e-read", "--ignore-not-found");
}

/** Every ConfigMap of the namespaces, as the admin sees them: name → value and resourceVersion. */
function snapshot(clusters: TestClusters, ...namespaces: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const ns of namespaces) {
    const list = JSON.parse(
      kubectl(clusters.kubeconfig, "test-a", "-n", ns, "get", "configmaps", "-o", "json"),
    ) as {
      items: Array<{ metadata: { name: string; resourceVersion: string }; data?: Record<string, string> }>;
    };
    for (const cm of list.items)
      out[`${ns}/${cm.metadata.name}`] = `${cm.data?.value ?? ""}@${cm.metadata.resourceVersion}`;
  }
  return out;
}

async function failure(work: Promise<unknown>): Promise<Error & { code?: string }> {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof Error)) throw new Error("expected the operation to fail; it succeeded");
  return err as Error & { code?: string };
}

describeEngine(`cluster access: exec plugins, tokens, RBAC-limited users${suffix}`, () => {
  jest.setTimeout(900_000);
  let clusters: TestClusters;
  let dir: string;
  const file = (): string => join(dir, "helmfile.yaml");
  const base = (context: string, stackName: string): HelmfileStackOptions => ({
    file: file(),
    stackName,
    applyToCluster: true,
    kubeconfig: clusters.kubeconfig,
    kubeContext: context,
    pulumiRoot: ENGINE_ROOT,
    envVars: { ...engineEnv(), KUBECONFIG: clusters.kubeconfig },
  });
  const stacks: HelmfileStackOptions[] = [];

  beforeAll(() => {
    clusters = testClusters();
    dir = mkdtempSync(join(tmpdir(), "phf-access-"));
    cpSync(CHARTS, join(dir, "charts"), { recursive: true });
  });
  afterAll(async () => {
    for (const s of stacks) await destroy(s).catch(() => undefined);
    dropReadRole(clusters);
    helmUninstall(clusters.kubeconfig, "exec-adopt", "e2e-access-exec");
    helmUninstall(clusters.kubeconfig, "token-adopt", "e2e-access-token");
    rmSync(dir, { recursive: true, force: true });
  });

  it("the test cluster's contexts authenticate as their users (exec plugin and tokens)", () => {
    const whoami = (context: string): string =>
      kubectl(clusters.kubeconfig, context, "auth", "whoami", "-o", "jsonpath={.status.userInfo.username}");
    expect(whoami("test-a")).toBe("admin");
    expect(whoami("test-a-exec")).toBe("exec-admin");
    expect(whoami("test-a-team-a")).toBe("team-a-deployer");
    expect(whoami("test-a-team-a-exec")).toBe("team-a-deployer");
    expect(whoami("test-a-no-secrets")).toBe("team-a-no-secrets");
    const kubeconfig = readFileSync(clusters.kubeconfig, "utf8");
    expect(kubeconfig).toContain(`command: ${EXEC_PLUGIN}`);
  });

  it.each([
    ["the exec plugin", "test-a-exec", "exec-adopt", "e2e-access-exec"],
    ["a static token", "test-a", "token-adopt", "e2e-access-token"],
  ])(
    "through %s: preview adopts what helm installed, up takes it over in place",
    async (_how, context, name, ns) => {
      const rel: Rel = { name, namespace: ns, value: "helm" };
      helmInstallCm(clusters.kubeconfig, dir, rel);
      const uid = (
        kubeGet(clusters.kubeconfig, "test-a", "configmap", name, ns)?.metadata as { uid?: string }
      ).uid;
      const stateFile = join(dir, `${name}.yaml`);
      writeState(stateFile, [rel], true);
      const options = { ...base(context, name), file: stateFile };
      stacks.push(options);
      const p = await preview(options);
      const adopted = p.adoptions.find((a) => a.release === `${context}/${ns}/${name}`);
      expect(adopted?.objects.map((o) => [o.kind, o.name, o.uid])).toEqual([["ConfigMap", name, uid]]);
      expect(adopted?.helmReleaseRecords).toEqual([`sh.helm.release.v1.${name}.v1`]);
      await up(options);
      const after = kubeGet(clusters.kubeconfig, "test-a", "configmap", name, ns);
      expect((after?.metadata as { uid?: string }).uid).toBe(uid);
    },
  );

  describe("a user who may touch only namespace team-a", () => {
    const mine: Rel = { name: "mine", namespace: "team-a", value: "a" };
    const theirs: Rel = { name: "theirs", namespace: "team-b", value: "b" };

    it("deploys a release into team-a, through a token and through the exec plugin", async () => {
      writeState(file(), [mine]);
      for (const context of ["test-a-team-a", "test-a-team-a-exec"]) {
        const options = base(context, `team-a-${context}`);
        stacks.push(options);
        await up(options);
        const cm = kubeGet(clusters.kubeconfig, "test-a", "configmap", "mine", "team-a");
        expect((cm?.data as Record<string, string> | undefined)?.value).toBe("a");
        await destroy(options);
      }
    });

    it("a release into team-b fails at preview naming the release, the namespace and the verb; up changes nothing", async () => {
      const options = base("test-a-team-a", "team-a-limited");
      stacks.push(options);
      writeState(file(), [mine]);
      await up(options);
      writeState(file(), [{ ...mine, value: "a2" }, theirs]);
      dropReadRole(clusters); // left by an earlier run on a reused cluster
      const before = snapshot(clusters, "team-a", "team-b");
      // No right at all in team-b: helm's own reads of the cluster (its release records) are refused.
      const noAccess = await failure(preview(options));
      expect(isHelmfileError(noAccess) && noAccess.code).toBe("KUBE_FORBIDDEN");
      expect(noAccess.message).toMatch(
        /release "theirs" \(namespace team-b, context test-a-team-a\): user "team-a-deployer" may not list secrets in namespace "team-b", which rendering against the cluster needs/,
      );
      // Read-only in team-b (Secrets too, as helm reads its records): the rendering passes, the
      // review of what up would apply refuses it.
      for (const args of [
        ["create", "role", "e2e-read", "--verb", "get,list,watch", "--resource", "configmaps,secrets"],
        ["create", "rolebinding", "e2e-read", "--role", "e2e-read", "--user", "team-a-deployer"],
      ])
        kubectl(clusters.kubeconfig, "test-a", "-n", "team-b", ...args);
      const readOnly = await failure(preview(options));
      expect(isHelmfileError(readOnly) && readOnly.code).toBe("KUBE_FORBIDDEN");
      expect(readOnly.message).toContain(
        'user "team-a-deployer" (context "test-a-team-a") may not do what these releases need',
      );
      expect(readOnly.message).toContain(
        'release test-a-team-a/team-b/theirs: patch, create configmaps "theirs" in namespace "team-b"',
      );
      expect(readOnly.message).not.toContain("team-a/mine");
      const failedUp = await failure(up(options));
      expect(isHelmfileError(failedUp) && failedUp.code).toBe("KUBE_FORBIDDEN");
      // Nothing changed in either namespace: the allowed release was neither updated nor deleted.
      expect(snapshot(clusters, "team-a", "team-b")).toEqual(before);
      expect(before["team-a/mine"]).toMatch(/^a@/);
    });

    it("createNamespace on a namespace the user may not manage is refused with what to do", async () => {
      const options = base("test-a-team-a", "team-a-owns-ns");
      stacks.push(options);
      writeState(file(), [mine], true);
      const err = await failure(preview(options));
      expect(isHelmfileError(err) && err.code).toBe("KUBE_FORBIDDEN");
      expect(err.message).toMatch(
        /patch namespaces "team-a" at the cluster scope \(createNamespace makes the release own its namespace/,
      );
    });

    it("a user who may not read Secrets is told that helm's release records need them, never 'nothing exists'", async () => {
      const options = base("test-a-no-secrets", "no-secrets");
      stacks.push(options);
      writeState(file(), [mine]);
      const err = await failure(preview(options));
      expect(isHelmfileError(err) && err.code).toBe("KUBE_FORBIDDEN");
      expect(err.message).toMatch(/user "team-a-no-secrets" may not list secrets in namespace "team-a"/);
    });
  });

  describe("a cluster that cannot be used fails in seconds, naming the context and the cause", () => {
    let broken: string;
    beforeAll(() => {
      // Contexts of the test cluster with a closed port, a plugin that is missing, one that fails, a refused token.
      const k = readFileSync(clusters.a, "utf8");
      const ca = /certificate-authority-data: (\S+)/.exec(k)?.[1] ?? "";
      const server = /server: (\S+)/.exec(k)?.[1] ?? "";
      broken = join(dir, "broken.kubeconfig");
      writeFileSync(
        broken,
        [
          "apiVersion: v1",
          "kind: Config",
          "current-context: closed-port",
          "clusters:",
          `- {name: closed, cluster: {server: "https://127.0.0.1:16999", certificate-authority-data: ${ca}}}`,
          `- {name: open, cluster: {server: "${server}", certificate-authority-data: ${ca}}}`,
          "users:",
          "- {name: missing-plugin, user: {exec: {apiVersion: client.authentication.k8s.io/v1, command: /nonexistent/aws-eks-get-token, interactiveMode: Never}}}",
          `- {name: failing-plugin, user: {exec: {apiVersion: client.authentication.k8s.io/v1, command: ${EXEC_PLUGIN}, args: [/nonexistent/token], interactiveMode: Never}}}`,
          "- {name: bad-token, user: {token: not-a-token-of-this-cluster}}",
          "contexts:",
          "- {name: closed-port, context: {cluster: closed, user: bad-token}}",
          "- {name: missing-plugin, context: {cluster: open, user: missing-plugin}}",
          "- {name: failing-plugin, context: {cluster: open, user: failing-plugin}}",
          "- {name: bad-token, context: {cluster: open, user: bad-token}}",
          "",
        ].join("\n"),
        { mode: 0o600 },
      );
      writeState(file(), [{ name: "never", namespace: "team-a", value: "x" }]);
    });

    it.each([
      [
        "closed-port",
        "KUBE_UNREACHABLE",
        /cannot reach the cluster of context "closed-port" \(https:\/\/127\.0\.0\.1:16999\).*ECONNREFUSED/,
      ],
      [
        "missing-plugin",
        "KUBE_CREDENTIALS_FAILED",
        /context "missing-plugin" .*the exec credential plugin "\/nonexistent\/aws-eks-get-token" failed: .*ENOENT/,
      ],
      [
        "failing-plugin",
        "KUBE_CREDENTIALS_FAILED",
        /context "failing-plugin" .*exec-credential: cannot read \/nonexistent\/token/,
      ],
      [
        "bad-token",
        "KUBE_UNAUTHORIZED",
        /context "bad-token" .*refused the credentials of user "bad-token" \(HTTP 401/,
      ],
    ])("%s: %s", async (context, code, message) => {
      const started = Date.now();
      const options = {
        ...base(context, `broken-${context}`),
        kubeconfig: broken,
        envVars: { ...engineEnv(), KUBECONFIG: broken },
      };
      const err = await failure(preview(options));
      expect(isHelmfileError(err) && err.code).toBe(code);
      expect(err.message).toMatch(message);
      expect(Date.now() - started).toBeLessThan(60_000);
      // The CLI prints the same cause and exits 1, before any plan.
      const cli = await captureCli(
        [
          "-f",
          file(),
          "--kubeconfig",
          broken,
          "--kube-context",
          context,
          "preview",
          "--apply-to-cluster",
          "--stack",
          `cli-${context}`,
        ],
        dir,
        { ...process.env, ...engineEnv(), KUBECONFIG: broken, PULUMI_HELMFILE_PULUMI_ROOT: ENGINE_ROOT },
      );
      expect(cli.code).toBe(1);
      expect(cli.stderr).toMatch(message);
      expect(cli.stderr).not.toMatch(/\n\s+at .*\.(js|ts):\d+/);
    });
  });
});
