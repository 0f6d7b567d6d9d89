/**
 * Rendering against the release's cluster (src/render/cluster-render.ts) on the real test API
 * server, with helm 3 and helm 4: what we render equals what `helm upgrade --install` (the
 * command helmfile's sync runs) installed, as `helm get manifest` reports it — the password the
 * chart generated is kept through `lookup`, `.Capabilities.KubeVersion` is the server's (checked
 * with kubectl), and an object that depends on a CRD appears once the cluster serves the CRD.
 * Such renders are never cached.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseAllDocuments } from "yaml";
import { findHelm, NodeProcessRunner } from "../../src/node";
import { testHelmBinaries } from "../../src/node/helm-binaries";
import { createScratchRenderIo } from "../../src/node/scratch-render-io";
import { renderDesiredState } from "../../src/render";
import { serverValidatesFields } from "../../src/render/cluster-render";
import type { ProcessRunner } from "../../src/shared/io";
import type { PreparedRelease } from "../../src/shared/model";
import { loadedState, preparedRelease } from "../support/model-fixtures";
import { kubectl, testClusters } from "./cluster";

const FIXTURES = join(__dirname, "fixtures", "cluster-render");
const CHART = join(FIXTURES, "charts", "keeper");

function release(namespace: string): PreparedRelease {
  return preparedRelease({
    id: `${namespace}/keeper`,
    name: "keeper",
    namespace,
    chart: CHART,
    chartPath: CHART,
    skipDeps: true,
    stateFile: join(FIXTURES, "helmfile.yaml"),
    baseDir: FIXTURES,
  });
}

/** The documents of a manifest as data, sorted by kind and name. */
function objects(manifest: string): unknown[] {
  return parseAllDocuments(manifest)
    .map((d) => d.toJS() as Record<string, unknown> | null)
    .filter((o): o is Record<string, unknown> => o !== null)
    .sort((a, b) => JSON.stringify([a.kind, a.metadata]).localeCompare(JSON.stringify([b.kind, b.metadata])));
}

describe.each(testHelmBinaries())("rendering against the cluster with %s", (label, helmPath) => {
  const clusters = testClusters();
  const kubeconfig = clusters.a;
  const namespace = `keeper-${label}`;
  const helmCli = (...args: string[]): string =>
    execFileSync(helmPath, [...args, "--kubeconfig", kubeconfig], { encoding: "utf8" });

  beforeAll(() => {
    kubectl(kubeconfig, "test-a", "create", "namespace", namespace);
  });
  afterAll(() => {
    kubectl(kubeconfig, "test-a", "delete", "namespace", namespace, "--wait=false");
  });

  it("renders what helm upgrade installs: the generated password kept, the server's version, the CRD-dependent object", async () => {
    const helm = await findHelm(new NodeProcessRunner(), { explicit: helmPath });
    const cacheDir = mkdtempSync(join(tmpdir(), "ph-cluster-render-cache-"));
    const render = async (): Promise<string> => {
      const scratch = createScratchRenderIo("ph-cluster-render-");
      try {
        const [r] = await renderDesiredState(
          { states: [loadedState([release(namespace)])], releases: [] },
          { helm, cluster: { kubeconfig }, cache: { dir: cacheDir } },
          scratch.io(),
        );
        return r?.manifest ?? "";
      } finally {
        scratch.dispose();
      }
    };
    try {
      const server = JSON.parse(kubectl(kubeconfig, "test-a", "version", "-o", "json")) as {
        serverVersion: { gitVersion: string };
      };
      const before = await render();
      expect(before).toContain(`kubeVersion: "${server.serverVersion.gitVersion}"`);
      expect(before).toContain("name: keeper-no-gadget");
      // Not kept through lookup yet: a new password on each render.
      expect(objects(await render())).not.toEqual(objects(before));

      helmCli("upgrade", "--install", "keeper", CHART, "--namespace", namespace);
      // What the next `helm upgrade --install` installs (an upgrade now: .Release.IsUpgrade).
      const upgraded = await render();
      helmCli("upgrade", "--install", "keeper", CHART, "--namespace", namespace);
      expect(objects(upgraded)).toEqual(
        objects(helmCli("get", "manifest", "keeper", "--namespace", namespace)),
      );
      expect(upgraded).toContain('upgrade: "true"');

      kubectl(kubeconfig, "test-a", "apply", "-f", join(FIXTURES, "gadget-crd.yaml"));
      kubectl(kubeconfig, "test-a", "wait", "--for=condition=Established", "crd/gadgets.keeper.example.com");
      const withCrd = await render();
      expect(withCrd).toContain("kind: Gadget");
      helmCli("upgrade", "--install", "keeper", CHART, "--namespace", namespace);
      const installed = helmCli("get", "manifest", "keeper", "--namespace", namespace);
      expect(installed).toContain("kind: Gadget");
      expect(objects(withCrd)).toEqual(objects(installed));
      // Never cached.
      expect(readdirSync(cacheDir)).toEqual([]);
    } finally {
      helmCli("uninstall", "keeper", "--namespace", namespace);
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  it("renders a release whose objects exist without helm's labels, keeping the cluster's password", async () => {
    const helm = await findHelm(new NodeProcessRunner(), { explicit: helmPath });
    const ns = `${namespace}-owned`;
    kubectl(kubeconfig, "test-a", "create", "namespace", ns);
    const scratch = createScratchRenderIo("ph-cluster-render-");
    const dir = mkdtempSync(join(tmpdir(), "ph-manifest-"));
    try {
      const render = async (): Promise<string> =>
        (
          await renderDesiredState(
            { states: [loadedState([release(ns)])], releases: [] },
            { helm, cluster: { kubeconfig } },
            scratch.io(),
          )
        )[0]?.manifest ?? "";
      const first = await render();
      // Applied as Pulumi applies them: without helm's labels and annotations.
      writeFileSync(join(dir, "manifest.yaml"), first);
      kubectl(kubeconfig, "test-a", "apply", "-n", ns, "-f", join(dir, "manifest.yaml"));
      expect(secretOf(await render())).toBe(secretOf(first));
    } finally {
      scratch.dispose();
      rmSync(dir, { recursive: true, force: true });
      kubectl(kubeconfig, "test-a", "delete", "namespace", ns, "--wait=false");
    }
  });

  it("renders a chart whose custom resources need the CRDs it brings, on a cluster without them", async () => {
    const helm = await findHelm(new NodeProcessRunner(), { explicit: helmPath });
    kubectl(kubeconfig, "test-a", "delete", "crd", "gadgets.keeper.example.com", "--ignore-not-found");
    const scratch = createScratchRenderIo("ph-cluster-render-");
    try {
      const chart = join(FIXTURES, "charts", "gadgets");
      const io = scratch.io();
      const renders: string[][] = [];
      const runner: ProcessRunner = {
        run: (command, args, options) => {
          if (args[0] === "template" && args[1] === "gadgets") renders.push([...args]);
          return io.runner.run(command, args, options);
        },
        runSync: (command, args, options) => io.runner.runSync(command, args, options),
      };
      const [r] = await renderDesiredState(
        {
          states: [loadedState([{ ...release(namespace), name: "gadgets", chart, chartPath: chart }])],
          releases: [],
        },
        { helm, cluster: { kubeconfig }, template: { includeCrds: true } },
        { ...io, runner },
      );
      const kinds = objects(r?.manifest ?? "").map((o) => (o as { kind?: string }).kind);
      expect(kinds.sort()).toEqual(["CustomResourceDefinition", "Gadget"]);
      // helm 4's server-side render would refuse the Gadget (its CRD is not served yet): the chart's
      // crds/ say so up front, and the release renders once, client-side with the cluster's
      // capabilities. helm 3 renders server-side for `lookup` only and never refuses it.
      expect(renders).toHaveLength(1);
      expect(renders[0]?.includes("--dry-run=server")).toBe(label === "helm3");
    } finally {
      scratch.dispose();
    }
  });
});

describe("helm 4's OpenAPI validation of a render, on a cluster that validates fields itself", () => {
  const clusters = testClusters();
  const kubeconfig = clusters.a;
  const helm4 = testHelmBinaries().find(([label]) => label === "helm4")?.[1] ?? "";

  it("rejects nothing the render without it accepts (what lets renders skip it: src/render/cluster-render.ts)", () => {
    const server = JSON.parse(kubectl(kubeconfig, "test-a", "version", "-o", "json")) as {
      serverVersion: { gitVersion: string };
    };
    expect(serverValidatesFields(server.serverVersion.gitVersion)).toBe(true);
    const chart = mkdtempSync(join(tmpdir(), "ph-validation-"));
    try {
      writeFileSync(join(chart, "Chart.yaml"), "apiVersion: v2\nname: invalid\nversion: 0.1.0\n");
      mkdirSync(join(chart, "templates"));
      // An unknown field and a mistyped one (a string replica count, an unknown container field),
      // and a key given twice: what client-side OpenAPI validation (and kubectl's) refuses.
      writeFileSync(
        join(chart, "templates", "objects.yaml"),
        [
          "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: many\n  bogus: 2\n" +
            "  selector:\n    matchLabels: {app: web}\n  template:\n    metadata:\n      labels: {app: web}\n" +
            "    spec:\n      containers:\n        - {name: web, image: nginx, bogus: 1}\n",
          "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: twice\ndata:\n  a: '1'\n  a: '2'\n",
        ].join("---\n"),
      );
      const render = (...extra: string[]) =>
        spawnSync(
          helm4,
          [
            "template",
            "v",
            chart,
            "--namespace",
            "default",
            "--dry-run=server",
            "--is-upgrade",
            ...extra,
            "--kubeconfig",
            kubeconfig,
          ],
          { encoding: "utf8" },
        );
      const validated = render();
      const unvalidated = render("--disable-openapi-validation");
      expect([validated.status, unvalidated.status]).toEqual([0, 0]);
      expect(validated.stdout).toBe(unvalidated.stdout);
      expect(validated.stdout).toContain("bogus: 2");
      // An unknown kind is refused either way (the objects are mapped to resources all the same).
      writeFileSync(
        join(chart, "templates", "objects.yaml"),
        "apiVersion: apps/v1\nkind: Deploymentx\nmetadata:\n  name: x\n",
      );
      expect([render().status, render("--disable-openapi-validation").status]).toEqual([1, 1]);
    } finally {
      rmSync(chart, { recursive: true, force: true });
    }
  });
});

function secretOf(manifest: string): unknown {
  const secret = objects(manifest).find((o) => (o as { kind?: string }).kind === "Secret") as
    { data?: { password?: string } } | undefined;
  return secret?.data?.password;
}
