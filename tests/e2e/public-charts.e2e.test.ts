/**
 * The five public charts of tests/fixtures/public-charts (kube-prometheus-stack, ingress-nginx,
 * cert-manager, argo-cd, grafana: packaged from their public repositories, see PROVENANCE.md there)
 * deployed through `up` on the test cluster with their Job hooks on, each pulled from an HTTP chart
 * repository in one deployment and from an OCI registry in the other:
 * - every object helm installs (`helm template` for the cluster's Kubernetes version, hooks and test
 *   hooks left out) exists after `up` (checked with kubectl);
 * - a second `up` from an empty render cache keeps every Secret's data (the generated passwords);
 * - the preview after it exits 0 with `--detailed-exitcode`;
 * - destroy leaves nothing but the objects the charts mark `helm.sh/resource-policy: keep` (and the
 *   namespaces holding them, which helm never deletes) and the CRDs of the charts' `crds/` folders
 *   (which `helm uninstall` never deletes);
 * - a `helmfile sync` of the same state by the real helmfile v1.8.0 is taken over with every UID
 *   and every Secret's data kept.
 */
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { parseAllDocuments } from "yaml";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { destroy, preview, up, type HelmfileStackOptions } from "../../src/automation";
import {
  repositoriesYaml,
  startChartRepository,
  startOciRegistry,
  type ChartSource,
} from "../support/chart-sources";
import { captureCli } from "../support/run-cli";
import {
  HELM,
  HELMFILE_ORACLE,
  KUBECTL,
  kubeGet,
  testClusters,
  waitGone,
  type TestClusters,
} from "./cluster";
import { ENGINE_ROOT, engineEnv, engineMissingReason } from "./engine";

const reason = engineMissingReason();
const FIXTURES = join(__dirname, "..", "fixtures", "public-charts");
const ARCHIVES = existsSync(FIXTURES) ? readdirSync(FIXTURES).filter((f) => f.endsWith(".tgz")) : [];

/** The releases: each chart once, from either source, with the values a platform team sets. */
const RELEASES = [
  {
    name: "cm",
    namespace: "pc-cert-manager",
    chart: "public/cert-manager",
    archive: "cert-manager-v1.21.1.tgz",
    version: "v1.21.1",
    values: { crds: { enabled: true } },
  },
  {
    name: "ingress",
    namespace: "pc-ingress",
    chart: "registry/ingress-nginx",
    archive: "ingress-nginx-4.15.1.tgz",
    version: "4.15.1",
    values: {},
  },
  {
    name: "grafana",
    namespace: "pc-grafana",
    chart: "public/grafana",
    archive: "grafana-12.11.1.tgz",
    version: "12.11.1",
    values: {},
  },
  {
    name: "argocd",
    namespace: "pc-argocd",
    chart: "registry/argo-cd",
    archive: "argo-cd-10.1.1.tgz",
    version: "10.1.1",
    values: {},
    needs: ["pc-cert-manager/cm"],
  },
  {
    name: "kps",
    namespace: "pc-monitoring",
    chart: "public/kube-prometheus-stack",
    archive: "kube-prometheus-stack-88.5.3.tgz",
    version: "88.5.3",
    values: {},
  },
] as const;

const missing =
  reason ?? (ARCHIVES.length === RELEASES.length ? undefined : `charts absent from ${FIXTURES}`);
const describeEngine = missing === undefined ? describe : describe.skip;
const suffix = missing === undefined ? "" : ` (skipped: ${missing})`;

interface ObjectRef {
  /** The release's namespace. */
  readonly release: string;
  /** Marked `helm.sh/resource-policy: keep`, or a CRD of a chart's (or subchart's) `crds/` folder. */
  readonly kept: boolean;
  /** A CRD of a `crds/` folder. */
  readonly crdsDir: boolean;
  readonly kind: string;
  readonly apiVersion: string;
  readonly name: string;
  readonly namespace?: string;
}

interface CrdSpec {
  group?: string;
  scope?: string;
  names?: { kind?: string };
}

interface Rendered {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; annotations?: Record<string, string> };
}

/** `Kind.group` as kubectl takes it (`Kind` for the core group). */
const kindArg = (o: { kind: string; apiVersion: string }): string =>
  o.apiVersion.includes("/") ? `${o.kind}.${o.apiVersion.split("/")[0]}` : o.kind;

/** The API server's version (`v1.34.2`). */
function kubeVersion(kubeconfig: string): string {
  const v = JSON.parse(
    execFileSync(KUBECTL, ["--kubeconfig", kubeconfig, "version", "-o", "json"], { encoding: "utf8" }),
  ) as { serverVersion: { gitVersion: string } };
  return v.serverVersion.gitVersion;
}

/** Whether a kind is namespaced on the cluster (kubectl's discovery). */
function namespacedKinds(kubeconfig: string): Set<string> {
  const out = execFileSync(
    KUBECTL,
    ["--kubeconfig", kubeconfig, "api-resources", "--namespaced=true", "-o", "wide"],
    {
      encoding: "utf8",
    },
  );
  const kinds = new Set<string>();
  for (const line of out.split("\n").slice(1)) {
    const cols = line.trim().split(/\s+/);
    // NAME SHORTNAMES APIVERSION NAMESPACED KIND VERBS...: KIND is the column after "true".
    const at = cols.indexOf("true");
    if (at > 0 && cols[at + 1] !== undefined && cols[at - 1] !== undefined) {
      const group = (cols[at - 1] as string).includes("/") ? (cols[at - 1] as string).split("/")[0] : "";
      kinds.add(group === "" ? (cols[at + 1] as string) : `${cols[at + 1] as string}.${group}`);
    }
  }
  return kinds;
}

/**
 * What `helm install` installs of each release on this cluster (rendered against it, as helm
 * install renders): every object but hooks (helm deletes or keeps those by their own policies,
 * checked elsewhere) and test hooks (never installed).
 */
function helmObjects(clusters: TestClusters, dir: string): ObjectRef[] {
  const namespaced = namespacedKinds(clusters.kubeconfig);
  const out: ObjectRef[] = [];
  for (const r of RELEASES) {
    const values = join(dir, `${r.name}-values.json`);
    writeFileSync(values, JSON.stringify(r.values));
    const text = execFileSync(
      HELM,
      [
        "template",
        r.name,
        join(FIXTURES, r.archive),
        "--namespace",
        r.namespace,
        "--include-crds",
        "--values",
        values,
        // Client-side, for the cluster's version: a server-side render of a chart whose templates use
        // its own CRDs fails before they are installed (helm install installs crds/ first).
        "--kube-version",
        kubeVersion(clusters.kubeconfig),
      ],
      { encoding: "utf8", maxBuffer: 256 << 20 },
    );
    // helm writes `# Source: chart/charts/sub/crds/x.yaml` once per file; a file's own `---`
    // documents (kube-prometheus-stack's CRDs, after their comment header) come from it too.
    const docs: Array<(Rendered & { spec?: CrdSpec }) | null> = [];
    const sources: string[] = [];
    let source = "";
    for (const chunk of text.split(/^---$/m)) {
      source = /^# Source: (\S+)/m.exec(chunk)?.[1] ?? source;
      for (const doc of parseAllDocuments(chunk)) {
        docs.push(doc.toJS() as (Rendered & { spec?: CrdSpec }) | null);
        sources.push(source);
      }
    }
    // Kinds the cluster does not know yet: scoped as the chart's own CRDs say.
    for (const o of docs)
      if (
        o?.kind === "CustomResourceDefinition" &&
        o.spec?.names?.kind !== undefined &&
        o.spec.scope === "Namespaced"
      )
        namespaced.add(`${o.spec.names.kind}.${o.spec.group ?? ""}`);
    docs.forEach((o, i) => {
      if (typeof o?.kind !== "string" || o.metadata?.annotations?.["helm.sh/hook"] !== undefined) return;
      const crdsDir =
        o.kind === "CustomResourceDefinition" && /^[^/]+(\/charts\/[^/]+)*\/crds\//.test(sources[i] ?? "");
      out.push({
        release: r.namespace,
        kept: crdsDir || o.metadata.annotations?.["helm.sh/resource-policy"] === "keep",
        crdsDir,
        kind: o.kind,
        apiVersion: o.apiVersion,
        name: o.metadata.name,
        ...(namespaced.has(kindArg(o)) ? { namespace: o.metadata.namespace ?? r.namespace } : {}),
      });
    });
  }
  return out;
}

/**
 * For each object, the `field` of the live object of its kind, namespace and name (undefined when
 * there is none): one kubectl call per kind and namespace.
 */
function listed(
  kubeconfig: string,
  objects: readonly ObjectRef[],
  field: string,
): Map<ObjectRef, string | undefined> {
  const groups = new Map<string, ObjectRef[]>();
  for (const o of objects) {
    const key = `${kindArg(o)}\u0000${o.namespace ?? ""}`;
    groups.set(key, [...(groups.get(key) ?? []), o]);
  }
  const out = new Map<ObjectRef, string | undefined>();
  for (const [key, group] of groups) {
    const [kind, namespace] = key.split("\u0000") as [string, string];
    const jsonpath = `jsonpath={range .items[*]}{.metadata.name}={${field}}{"\\n"}{end}`;
    const args = ["--kubeconfig", kubeconfig, "get", kind, "-o", jsonpath];
    if (namespace !== "") args.push("-n", namespace);
    const r = spawnSync(KUBECTL, args, { encoding: "utf8" });
    const byName = new Map(
      (r.status === 0 ? r.stdout.split("\n") : [])
        .filter((l) => l.includes("="))
        .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)] as const),
    );
    for (const o of group) out.set(o, byName.get(o.name));
  }
  return out;
}

/** The objects of `objects` that the cluster does not hold. */
function absent(kubeconfig: string, objects: readonly ObjectRef[]): ObjectRef[] {
  return [...listed(kubeconfig, objects, ".metadata.name")]
    .filter(([, v]) => v === undefined)
    .map(([o]) => o);
}

/** Every Secret of the releases' namespaces with its data (service account tokens left out). */
function secrets(kubeconfig: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const r of RELEASES) {
    const list = JSON.parse(
      execFileSync(KUBECTL, ["--kubeconfig", kubeconfig, "get", "secrets", "-n", r.namespace, "-o", "json"], {
        encoding: "utf8",
        maxBuffer: 64 << 20,
      }),
    ) as { items: Array<{ type?: string; metadata: { name: string }; data?: unknown }> };
    for (const s of list.items) {
      if (s.type === "kubernetes.io/service-account-token" || s.type === "helm.sh/release.v1") continue;
      out[`${r.namespace}/${s.metadata.name}`] = s.data ?? {};
    }
  }
  return out;
}

/** UIDs of the objects, by `Kind.group/namespace/name`. */
function uids(kubeconfig: string, objects: readonly ObjectRef[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [o, uid] of listed(kubeconfig, objects, ".metadata.uid"))
    out[`${kindArg(o)}/${o.namespace ?? ""}/${o.name}`] = uid ?? "";
  return out;
}

/** The state; `swapped`: each chart from the other source (the chart repository's from the registry, and back). */
function writeState(dir: string, http: ChartSource, oci: ChartSource, swapped: boolean): void {
  const lines = [...repositoriesYaml(http, oci, "public"), "releases:"];
  const other: Record<string, string> = { public: "registry", registry: "public" };
  for (const r of RELEASES) {
    const [source, chart] = r.chart.split("/") as [string, string];
    lines.push(
      `  - name: ${r.name}`,
      `    namespace: ${r.namespace}`,
      `    chart: ${swapped ? (other[source] ?? source) : source}/${chart}`,
      `    version: ${r.version}`,
      `    values: [${JSON.stringify(r.values)}]`,
    );
    if ("needs" in r) lines.push(`    needs: ${JSON.stringify(r.needs)}`);
  }
  writeFileSync(join(dir, "helmfile.yaml"), `${lines.join("\n")}\n`);
}

interface Deployment {
  readonly clusters: TestClusters;
  readonly dir: string;
  readonly base: HelmfileStackOptions;
  close(): Promise<void>;
}

async function deployment(stackName: string, swapped: boolean): Promise<Deployment> {
  const clusters = testClusters();
  // What an earlier run kept (namespaces holding `keep` objects) is removed first.
  removeKept(clusters.kubeconfig, []);
  for (const r of RELEASES)
    await waitGone(clusters.kubeconfig, "test-a", "namespace", r.namespace, undefined, 180_000);
  const archives = RELEASES.map((r) => join(FIXTURES, r.archive));
  const http = await startChartRepository(HELM, archives);
  const oci = await startOciRegistry(HELM, archives);
  const dir = mkdtempSync(join(tmpdir(), `phf-${stackName}-`));
  writeState(dir, http, oci, swapped);
  const renderCache = mkdtempSync(join(tmpdir(), "phf-render-cache-"));
  const base: HelmfileStackOptions = {
    file: join(dir, "helmfile.yaml"),
    stackName,
    environment: "default",
    applyToCluster: true,
    kubeconfig: clusters.kubeconfig,
    pulumiRoot: ENGINE_ROOT,
    envVars: {
      ...engineEnv(),
      KUBECONFIG: clusters.kubeconfig,
      PULUMI_HELMFILE_CACHE_DIR: renderCache,
    },
  };
  return {
    clusters,
    dir,
    base,
    close: async () => {
      await destroy(base).catch(() => undefined);
      await http.close();
      await oci.close();
      rmSync(dir, { recursive: true, force: true });
      rmSync(renderCache, { recursive: true, force: true });
    },
  };
}

/** Removes what destroy keeps on purpose (`keep` objects, their namespaces), so the next deployment starts clean. */
function removeKept(kubeconfig: string, objects: readonly ObjectRef[]): void {
  for (const r of RELEASES)
    spawnSync(
      KUBECTL,
      ["--kubeconfig", kubeconfig, "delete", "namespace", r.namespace, "--ignore-not-found", "--wait=false"],
      {
        stdio: "ignore",
      },
    );
  for (const o of objects.filter((x) => x.namespace === undefined))
    spawnSync(
      KUBECTL,
      ["--kubeconfig", kubeconfig, "delete", kindArg(o), o.name, "--ignore-not-found", "--wait=false"],
      {
        stdio: "ignore",
      },
    );
}

describeEngine(
  `five public charts, Job hooks on, from a chart repository and an OCI registry${suffix}`,
  () => {
    jest.setTimeout(1_800_000);
    let d: Deployment;
    let expected: ObjectRef[];

    beforeAll(async () => {
      d = await deployment("public-charts", false);
      expected = helmObjects(d.clusters, d.dir);
    });
    afterAll(async () => {
      await d?.close();
      if (d !== undefined) removeKept(d.clusters.kubeconfig, expected);
    });

    it("up installs every object helm installs, every release's CRDs together before any other object", async () => {
      const events: EngineEvent[] = [];
      const r = await up({ ...d.base, onEvent: (e) => events.push(e) });
      expect(r.resourceChanges.create ?? 0).toBeGreaterThan(expected.length / 2);
      expect(expected.length).toBeGreaterThan(100);
      expect(absent(d.clusters.kubeconfig, expected)).toEqual([]);
      // src/emit/crd-gate.ts, of the releases that need none (argo-cd needs cert-manager): each
      // CRD's create starts before any of them is applied, and no other object of theirs starts
      // before the last is applied. The objects' steps by position in the engine's events.
      const needing = new Set<string>(RELEASES.filter((x) => "needs" in x).map((x) => x.namespace));
      const steps = events.flatMap((e, i) => {
        const m = e.resourcePreEvent?.metadata ?? e.resOutputsEvent?.metadata;
        const namespace = /-(pc-[a-z-]+)\//.exec(m?.urn.split("::").pop() ?? "")?.[1];
        if (m === undefined || !m.type.startsWith("kubernetes:") || namespace === undefined) return [];
        if (m.type === "kubernetes:core/v1:Namespace" || needing.has(namespace)) return [];
        const crd = m.type.endsWith(":CustomResourceDefinition");
        return [{ i, start: e.resourcePreEvent !== undefined, crd }];
      });
      const crdStarts = steps.filter((x) => x.crd && x.start).map((x) => x.i);
      const crdEnds = steps.filter((x) => x.crd && !x.start).map((x) => x.i);
      const otherStarts = steps.filter((x) => !x.crd && x.start).map((x) => x.i);
      expect(crdStarts.length).toBeGreaterThan(10);
      expect(Math.max(...crdStarts)).toBeLessThan(Math.min(...crdEnds));
      expect(Math.min(...otherStarts)).toBeGreaterThan(Math.max(...crdEnds));
    });

    it("a second up from an empty render cache keeps every Secret's data; the preview after it is clean", async () => {
      const kubeconfig = d.clusters.kubeconfig;
      const before = secrets(kubeconfig);
      expect(Object.keys(before).length).toBeGreaterThan(0);
      const freshCache = mkdtempSync(join(tmpdir(), "phf-render-cache-"));
      await up({
        ...d.base,
        envVars: {
          ...d.base.envVars,
          PULUMI_HELMFILE_CACHE_DIR: freshCache,
        },
      }).finally(() => rmSync(freshCache, { recursive: true, force: true }));
      expect(secrets(kubeconfig)).toEqual(before);
      const cli = await captureCli(
        [
          "-f",
          d.base.file,
          "preview",
          "--apply-to-cluster",
          "--kubeconfig",
          kubeconfig,
          "--stack",
          "public-charts",
          "--detailed-exitcode",
        ],
        d.dir,
        { ...process.env, ...d.base.envVars },
      );
      expect([cli.code, cli.code === 0 ? "" : `${cli.stderr}${cli.stdout}`]).toEqual([0, ""]);
    });

    it("destroy leaves nothing but what the charts keep", async () => {
      const kubeconfig = d.clusters.kubeconfig;
      await destroy(d.base);
      // A namespace goes with its releases unless one of them keeps namespaced objects (they would go
      // with it; helm uninstall never deletes a namespace at all). Kept CRDs are cluster-scoped.
      const keeping = new Set(
        expected.filter((o) => o.kept && o.namespace !== undefined).map((o) => o.release),
      );
      for (const r of RELEASES) {
        const kept = keeping.has(r.namespace);
        const gone = kept
          ? kubeGet(kubeconfig, "test-a", "namespace", r.namespace) === undefined
          : // (a namespace of many objects on a loaded 2-core machine: its deletion can take minutes)
            await waitGone(kubeconfig, "test-a", "namespace", r.namespace, undefined, 300_000);
        expect([r.namespace, gone]).toEqual([r.namespace, !kept]);
      }
      // Of the objects helm installs, only those marked keep are left (those in kept namespaces included).
      const left = expected.filter((o) => !absent(kubeconfig, [o]).includes(o));
      expect(left.filter((o) => !o.kept)).toEqual([]);
      // helm uninstall leaves the CRDs of crds/ folders (kube-prometheus-stack's).
      const crds = expected.filter((o) => o.crdsDir);
      expect(crds.length).toBeGreaterThan(0);
      expect(absent(kubeconfig, crds)).toEqual([]);
    });
  },
);

const describeOracle = missing === undefined && existsSync(HELMFILE_ORACLE) ? describe : describe.skip;

describeOracle(`five public charts: taking over what helmfile sync deployed${suffix}`, () => {
  jest.setTimeout(1_800_000);
  let d: Deployment;
  let objects: ObjectRef[];

  beforeAll(async () => {
    // Each chart from the other source than in the deployment above.
    d = await deployment("public-takeover", true);
    objects = helmObjects(d.clusters, d.dir);
    const helmfileCache = mkdtempSync(join(tmpdir(), "phf-helmfile-cache-"));
    await promisify(execFile)(HELMFILE_ORACLE, ["--helm-binary", HELM, "--kube-context", "test-a", "sync"], {
      cwd: d.dir,
      maxBuffer: 64 << 20,
      env: {
        ...process.env,
        KUBECONFIG: d.clusters.kubeconfig,
        HELMFILE_UPGRADE_NOTICE_DISABLED: "1",
        XDG_CACHE_HOME: helmfileCache,
      },
    })
      .catch((err: { stdout?: string; stderr?: string }) => {
        throw new Error(`helmfile sync failed:\n${err.stdout ?? ""}\n${err.stderr ?? ""}`);
      })
      .finally(() => rmSync(helmfileCache, { recursive: true, force: true }));
  });
  afterAll(async () => {
    await d?.close();
    if (d === undefined) return;
    for (const r of RELEASES)
      spawnSync(HELM, ["uninstall", r.name, "-n", r.namespace, "--kubeconfig", d.clusters.kubeconfig], {
        stdio: "ignore",
      });
    removeKept(d.clusters.kubeconfig, objects);
  });

  it("up takes every object over with its UID, and every Secret's data, kept", async () => {
    const kubeconfig = d.clusters.kubeconfig;
    expect(absent(kubeconfig, objects)).toEqual([]);
    const before = uids(kubeconfig, objects);
    const data = secrets(kubeconfig);
    const p = await preview(d.base);
    expect(p.resourceChanges.delete ?? 0).toBe(0);
    expect(p.resourceChanges.replace ?? 0).toBe(0);
    const r = await up(d.base);
    expect(r.resourceChanges.delete ?? 0).toBe(0);
    expect(r.resourceChanges.replace ?? 0).toBe(0);
    expect(uids(kubeconfig, objects)).toEqual(before);
    expect(secrets(kubeconfig)).toEqual(data);
  });
});
