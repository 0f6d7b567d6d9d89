/**
 * Discovery through the client, against a local HTTP server that answers as an API server's
 * discovery does (`/api/v1`, `/apis/<group>/<version>`): kinds asked at once share their group's
 * one request, a kind is answered with its plural name and scope, and a group the server does not
 * serve (404) is no kind at all.
 */
import { createServer, type Server } from "node:http";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { KubeApi } from "./kube-api";

const LISTS: Record<string, unknown> = {
  "/api/v1": {
    kind: "APIResourceList",
    groupVersion: "v1",
    resources: [{ name: "configmaps", kind: "ConfigMap", namespaced: true, verbs: ["get"] }],
  },
  "/apis/apps/v1": {
    kind: "APIResourceList",
    groupVersion: "apps/v1",
    resources: [
      { name: "deployments", kind: "Deployment", namespaced: true, verbs: ["get"] },
      { name: "daemonsets", kind: "DaemonSet", namespaced: true, verbs: ["get"] },
      { name: "statefulsets", kind: "StatefulSet", namespaced: true, verbs: ["get"] },
    ],
  },
};

describe("KubeApi discovery", () => {
  let server: Server;
  let dir: string;
  let kubeconfig: string;
  const requests: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push(req.url ?? "");
      // Slow enough that kinds asked together are all waiting when the first answer comes.
      setTimeout(() => {
        const body = LISTS[req.url ?? ""];
        res.writeHead(body === undefined ? 404 : 200, { "content-type": "application/json" });
        res.end(JSON.stringify(body ?? { kind: "Status", code: 404 }));
      }, 20);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as AddressInfo).port;
    dir = mkdtempSync(join(tmpdir(), "phf-kube-api-"));
    kubeconfig = join(dir, "config");
    writeFileSync(
      kubeconfig,
      [
        "apiVersion: v1",
        "kind: Config",
        "clusters:",
        `  - name: c\n    cluster: { server: "http://127.0.0.1:${port}", insecure-skip-tls-verify: true }`,
        "contexts:",
        "  - name: ctx\n    context: { cluster: c, user: u }",
        "users:",
        "  - name: u\n    user: { token: t0ken }",
        "current-context: ctx",
        "",
      ].join("\n"),
    );
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => requests.splice(0));

  it("asks each group's resource list once for the kinds asked together", async () => {
    const api = KubeApi.open({ kubeconfig, env: {} });
    const found = await Promise.all([
      api.resourceOf("apps/v1", "Deployment"),
      api.resourceOf("apps/v1", "DaemonSet"),
      api.resourceOf("apps/v1", "StatefulSet"),
      api.resourceOf("v1", "ConfigMap"),
    ]);
    expect(found).toEqual([
      { name: "deployments", namespaced: true },
      { name: "daemonsets", namespaced: true },
      { name: "statefulsets", namespaced: true },
      { name: "configmaps", namespaced: true },
    ]);
    expect(requests.sort()).toEqual(["/api/v1", "/apis/apps/v1"]);
  });

  it("answers no kind for a group the server does not serve, for every kind asked of it", async () => {
    const api = KubeApi.open({ kubeconfig, env: {} });
    const found = await Promise.all([
      api.resourceOf("example.com/v1", "Widget"),
      api.resourceOf("example.com/v1", "Gadget"),
    ]);
    expect(found).toEqual([undefined, undefined]);
  });
});
