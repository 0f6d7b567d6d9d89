import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as ClientNode from "@kubernetes/client-node";
import * as taken from "./kubernetes-client";

const ROOT = join(__dirname, "..", "..");
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { bundleKubeClient, NAMES } = require(join(ROOT, "scripts", "bundle-kube-client.js")) as {
  bundleKubeClient: (outDir: string) => string;
  NAMES: readonly string[];
};

const KUBECONFIG = `apiVersion: v1
kind: Config
clusters:
  - name: c
    cluster:
      server: https://127.0.0.1:6443
      certificate-authority-data: ${Buffer.from("-----BEGIN CERTIFICATE-----\nQ0E=\n-----END CERTIFICATE-----\n").toString("base64")}
      tls-server-name: api.example
contexts:
  - name: ctx
    context: { cluster: c, user: u, namespace: team }
users:
  - name: u
    user:
      token: t0ken
current-context: ctx
`;

describe("kubernetes-client", () => {
  it("takes every name the bundle holds, from client-node itself when there is no bundle (the sources)", () => {
    // What the module hands out is what the bundle joins: a name added to one is added to both.
    expect(Object.keys(taken).sort()).toEqual([...NAMES].sort());
    for (const name of NAMES)
      expect((taken as Record<string, unknown>)[name]).toBe((ClientNode as Record<string, unknown>)[name]);
  });

  describe("the bundle (scripts/bundle-kube-client.js)", () => {
    let dir: string;
    let file: string;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), "phf-kube-bundle-"));
      file = bundleKubeClient(dir);
    }, 120_000);
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    /** What a script makes of the kubeconfig with the bundle's classes, or with client-node's, in a Node process of its own. */
    const read = (source: string): unknown => {
      const script = `
        const k = require(${JSON.stringify(source)});
        const kc = new k.KubeConfig();
        kc.loadFromString(${JSON.stringify(KUBECONFIG)});
        const opts = {};
        kc.applyToHTTPSOptions(opts).then(() => {
          console.log(JSON.stringify({
            names: ${JSON.stringify(NAMES)}.map((n) => [n, typeof k[n]]),
            config: JSON.parse(kc.exportConfig()),
            https: { ca: String(opts.ca), servername: opts.servername, auth: opts.headers && opts.headers.Authorization },
            yaml: k.loadYaml("a: [1, two]"),
            error: new k.ApiException(404, "m", {}, {}) instanceof Error,
          }));
        });`;
      const r = spawnSync(process.execPath, ["-e", script], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
      if (r.status !== 0) throw new Error(r.stderr);
      return JSON.parse(r.stdout) as unknown;
    };

    it("reads a kubeconfig and sets up TLS and credentials as client-node does", () => {
      const bundled = read(file) as { names: Array<[string, string]> };
      expect(bundled.names.every(([, t]) => t !== "undefined")).toBe(true);
      expect(bundled).toEqual(read("@kubernetes/client-node"));
      expect(bundled).toMatchObject({
        https: { servername: "api.example", auth: "Bearer t0ken" },
        config: { "current-context": "ctx" },
        yaml: { a: [1, "two"] },
      });
    });

    it("ships the licence of every package it joins", () => {
      const text = readFileSync(join(dir, "kubernetes-client.LICENSES.txt"), "utf8");
      const client = JSON.parse(
        readFileSync(join(ROOT, "node_modules", "@kubernetes", "client-node", "package.json"), "utf8"),
      ) as { version: string };
      expect(text).toContain(`===== @kubernetes/client-node@${client.version} (Apache-2.0) =====`);
      expect(text).toContain("Apache License");
      // Every package the bundle names in its sources has a block.
      const bundled = new Set(
        [
          ...readFileSync(file, "utf8").matchAll(
            /\/\/ node_modules\/(?:.*\/node_modules\/)?((?:@[^/]+\/)?[^/]+)\//g,
          ),
        ].map((m) => m[1] ?? ""),
      );
      expect(bundled.size).toBeGreaterThan(5);
      for (const name of bundled) expect(text).toMatch(new RegExp(`===== ${name.replace(/[/.]/g, "\\$&")}@`));
    });
  });
});
