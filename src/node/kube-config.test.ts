/**
 * kubeconfig loading checked against kubectl itself (the oracle: client-go's loading rules), on
 * kubeconfig lists that overlap, skip missing files and use relative paths.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { isHelmfileError } from "../shared/errors";
import { kubeContextNames, kubeconfigFiles, kubeconfigPresent, loadKubeTarget } from "./kube-config";

const KUBECTL =
  process.env.KUBECTL ??
  join(
    process.env.PULUMI_HELMFILE_CACHE ?? join(homedir(), ".cache", "pulumi-helmfile"),
    "cluster-bin",
    "kubectl",
  );
const haveKubectl = existsSync(KUBECTL);
const describeKubectl = haveKubectl ? describe : describe.skip;
const suffix = haveKubectl
  ? ""
  : ` (skipped: kubectl absent at ${KUBECTL}; scripts/test-cluster.sh build makes it)`;

const ONE = `apiVersion: v1
kind: Config
clusters:
- name: c1
  cluster: {server: "https://one.example:6443", certificate-authority: pki/ca.crt}
users:
- name: u1
  user: {tokenFile: secrets/token}
- name: e1
  user:
    exec: {apiVersion: client.authentication.k8s.io/v1, command: ./bin/plugin, args: [a], interactiveMode: Never}
contexts:
- name: x
  context: {cluster: c1, user: u1, namespace: team-x}
- name: plugin
  context: {cluster: c1, user: e1}
`;
const TWO = `apiVersion: v1
kind: Config
current-context: second
clusters:
- name: c1
  cluster: {server: "https://two.example:6443"}
- name: c2
  cluster: {server: "https://c2.example:6443", insecure-skip-tls-verify: true}
users:
- name: u1
  user: {token: from-two}
- name: u2
  user: {token: static}
contexts:
- name: x
  context: {cluster: c2, user: u2}
- name: second
  context: {cluster: c2, user: u1}
`;
const THREE = `apiVersion: v1
kind: Config
current-context: x
clusters: []
users: []
contexts: []
`;

interface View {
  contexts: Array<{ name: string; context: { cluster: string; user: string; namespace?: string } }>;
  clusters: Array<{ name: string; cluster: { server: string; "certificate-authority-data"?: string } }>;
  "current-context": string;
}

function kubectl(env: Record<string, string>, ...args: string[]): string {
  return execFileSync(KUBECTL, args, { encoding: "utf8", env: { PATH: process.env.PATH ?? "", ...env } });
}

describeKubectl(`kubeconfig loading as kubectl's${suffix}`, () => {
  let dir: string;
  let env: Record<string, string>;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "phf-kubeconfig-"));
    for (const d of ["one/pki", "one/secrets", "two", "three"]) mkdirSync(join(dir, d), { recursive: true });
    writeFileSync(join(dir, "one", "config"), ONE);
    writeFileSync(
      join(dir, "one", "pki", "ca.crt"),
      "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n",
    );
    writeFileSync(join(dir, "one", "secrets", "token"), "token-from-file\n");
    writeFileSync(join(dir, "two", "config"), TWO);
    writeFileSync(join(dir, "three", "config"), THREE);
    // The first file has no current-context, a listed file is missing, the third sets another one.
    const list = [
      join(dir, "one", "config"),
      join(dir, "missing"),
      join(dir, "two", "config"),
      join(dir, "three", "config"),
    ];
    env = { KUBECONFIG: list.join(":"), HOME: dir };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("the merged contexts and the current context are kubectl's (first definition and first current-context win, missing files skipped)", () => {
    const view = JSON.parse(kubectl(env, "config", "view", "-o", "json")) as View;
    expect([...(kubeContextNames({ env }) ?? [])].sort()).toEqual(view.contexts.map((c) => c.name).sort());
    expect(loadKubeTarget({ env }).context).toBe(kubectl(env, "config", "current-context").trim());
  });

  it.each(["x", "plugin", "second"])(
    "context %s resolves to kubectl's cluster server, user and namespace",
    (context) => {
      const view = JSON.parse(
        kubectl(env, "config", "view", "--minify", "--context", context, "-o", "json"),
      ) as View;
      const target = loadKubeTarget({ env }, context);
      expect(target.server).toBe(view.clusters[0]?.cluster.server);
      expect(target.user).toBe(view.contexts[0]?.context.user);
      // kubectl's namespace for a context: its own, else "default".
      const ns = kubectl(
        env,
        "config",
        "view",
        "--minify",
        "--context",
        context,
        "-o",
        "jsonpath={..namespace}",
      ).trim();
      expect(target.namespace).toBe(ns === "" ? "default" : ns);
    },
  );

  it("relative paths resolve against the file that names them, as kubectl's --flatten reads them", () => {
    const flat = JSON.parse(
      kubectl(env, "config", "view", "--minify", "--flatten", "--context", "x", "-o", "json"),
    ) as View;
    const target = loadKubeTarget({ env }, "x");
    const caFile = target.config.getCurrentCluster()?.caFile ?? "";
    expect(readFileSync(caFile).toString("base64")).toBe(
      flat.clusters[0]?.cluster["certificate-authority-data"],
    );
    // tokenFile (kubectl's spelling) is read from the file's folder; an exec command with a / too.
    expect(target.config.getCurrentUser()?.token).toBe("token-from-file");
    const plugin = loadKubeTarget({ env }, "plugin").config.getCurrentUser()?.exec as { command: string };
    expect(plugin.command).toBe(join(dir, "one", "bin", "plugin"));
  });

  it("an explicit file is the only one read, and must exist", () => {
    const explicit = { kubeconfig: join(dir, "two", "config"), env };
    expect(kubeContextNames(explicit)?.sort()).toEqual(["second", "x"]);
    expect(loadKubeTarget(explicit, "x").server).toBe("https://c2.example:6443");
    const missing = { kubeconfig: join(dir, "nope"), env };
    expect(kubeconfigPresent(missing)).toBe(true);
    expect(() => loadKubeTarget(missing)).toThrow(/cannot read kubeconfig .*nope/);
    // kubectl refuses it too, before it talks to any server.
    expect(() =>
      execFileSync(KUBECTL, ["--kubeconfig", join(dir, "nope"), "get", "namespaces"], { stdio: "pipe", env }),
    ).toThrow(/no such file or directory/);
  });
});

describe("kubeconfig loading without kubectl", () => {
  it("reads KUBECONFIG, else ~/.kube/config", () => {
    expect(kubeconfigFiles({ env: { KUBECONFIG: "/a::/b", HOME: "/h" } })).toEqual({
      files: ["/a", "/b"],
      explicit: false,
    });
    expect(kubeconfigFiles({ env: { HOME: "/h" } })).toEqual({ files: ["/h/.kube/config"], explicit: false });
  });

  it("an unknown context names the kubeconfig and lists the contexts it has", () => {
    const dir = mkdtempSync(join(tmpdir(), "phf-kubeconfig-"));
    try {
      writeFileSync(join(dir, "config"), TWO);
      const env = { KUBECONFIG: join(dir, "config") };
      let caught: unknown;
      try {
        loadKubeTarget({ env }, "nope");
      } catch (err) {
        caught = err;
      }
      expect(isHelmfileError(caught) && caught.code).toBe("KUBECONFIG_NO_CONTEXT");
      expect(String((caught as Error).message)).toMatch(/has no context "nope".*one of x, second/s);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("inside a Pod (no kubeconfig file), the service account's token, CA and namespace", () => {
    const dir = mkdtempSync(join(tmpdir(), "phf-sa-"));
    try {
      writeFileSync(join(dir, "token"), "sa-token");
      writeFileSync(join(dir, "namespace"), "ci-runner\n");
      writeFileSync(join(dir, "ca.crt"), "ca");
      const source = {
        env: { HOME: dir, KUBERNETES_SERVICE_HOST: "10.0.0.1", KUBERNETES_SERVICE_PORT: "443" },
        serviceAccountDir: dir,
      };
      expect(kubeconfigPresent(source)).toBe(true);
      expect(kubeContextNames(source)).toBeUndefined();
      const target = loadKubeTarget(source);
      expect([target.server, target.namespace, target.files]).toEqual([
        "https://10.0.0.1:443",
        "ci-runner",
        [],
      ]);
      expect(() => loadKubeTarget(source, "other")).toThrow(/in a Pod only the in-cluster config/);
      // Without the token mounted, there is no cluster.
      expect(kubeconfigPresent({ ...source, serviceAccountDir: join(dir, "none") })).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
