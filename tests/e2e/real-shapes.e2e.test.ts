/**
 * Deploying charts shaped as widely used public charts are (tests/e2e/fixtures/real-shapes: empty
 * rules, null stringData, a password kept through lookup, bitnami's managed passwords, genCA and
 * genSelfSignedCert certificates kept through lookup, x-kubernetes-* CRD schemas with int64 and
 * float bounds, int-or-string ports, quantities the server normalises, empty maps, Job hooks with
 * their delete policies, a helm test hook, a StatefulSet with volume claim templates, an HPA, a
 * PodDisruptionBudget, a NetworkPolicy, an IngressClass and Ingress, admission webhooks, an
 * APIService whose backend never serves, run on the simulated nodes) on the real test API
 * server, pulled from an HTTP chart repository and from an OCI registry: every object helm
 * renders exists after `up`, the preview right after it is empty, a second `up` from an empty
 * render cache keeps every generated secret, a values change previews in the clear, an upgrade to
 * a chart version whose `crds/` changed leaves the CRD as it was (as `helm upgrade` does), and
 * destroy leaves nothing but that CRD (as `helm uninstall`). Then the same state deployed by the
 * real helmfile v1.8.0 (`helmfile sync`) is taken over with every UID and generated secret
 * unchanged. Every check of the cluster goes through kubectl and the real helm.
 */
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseAllDocuments } from "yaml";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { destroy, preview, up, type HelmfileStackOptions } from "../../src/automation";
import {
  startChartRepository,
  startOciRegistry,
  repositoriesYaml,
  type ChartSource,
} from "../support/chart-sources";
import { captureCli } from "../support/run-cli";
import {
  HELM,
  HELMFILE_ORACLE,
  KUBECTL,
  kubectl,
  kubeGet,
  testClusters,
  waitGone,
  type TestClusters,
} from "./cluster";
import { ENGINE_ROOT, engineEnv, engineMissingReason } from "./engine";

const reason = engineMissingReason();
const describeEngine = reason === undefined ? describe : describe.skip;
const suffix = reason === undefined ? "" : ` (skipped: ${reason})`;
const CHART = join(__dirname, "fixtures", "real-shapes", "charts", "platform");
const ORACLE = HELMFILE_ORACLE;

interface ObjectRef {
  readonly kind: string;
  readonly name: string;
  readonly namespace?: string;
}

interface Rendered {
  kind: string;
  metadata: { name: string; annotations?: Record<string, string> };
}

/** The cluster-scoped kinds of the chart. */
const CLUSTER_KINDS = new Set([
  "APIService",
  "ClusterRole",
  "CustomResourceDefinition",
  "IngressClass",
  "MutatingWebhookConfiguration",
  "ValidatingWebhookConfiguration",
]);

/**
 * The objects helm itself renders for a release of the chart (CRDs included) and leaves in the
 * cluster: not the chart hooks that its `hook-succeeded` delete policy removes once they ran.
 */
function helmObjects(release: string, namespace: string, deleted = false): ObjectRef[] {
  const out = execFileSync(HELM, ["template", release, CHART, "--namespace", namespace, "--include-crds"], {
    encoding: "utf8",
  });
  const deletedHook = (o: Rendered): boolean =>
    (o.metadata.annotations?.["helm.sh/hook-delete-policy"] ?? "").split(",").includes("hook-succeeded");
  // `helm install` never installs a `helm test` hook.
  const testHook = (o: Rendered): boolean => o.metadata.annotations?.["helm.sh/hook"] === "test";
  return parseAllDocuments(out)
    .map((d) => d.toJS() as Rendered | null)
    .filter((o): o is Rendered => typeof o?.kind === "string" && !testHook(o) && deletedHook(o) === deleted)
    .map((o) => ({
      kind: o.kind,
      name: o.metadata.name,
      ...(CLUSTER_KINDS.has(o.kind) ? {} : { namespace }),
    }));
}

const kindArg = (kind: string): string => (kind === "Widget" ? "widgets.platform.example.com" : kind);

function uidOf(clusters: TestClusters, o: ObjectRef): string | undefined {
  const live = kubeGet(clusters.kubeconfig, "test-a", kindArg(o.kind), o.name, o.namespace);
  return (live?.metadata as { uid?: string } | undefined)?.uid;
}

/** Every Secret of the releases' namespaces with its data: the generated passwords and certificates. */
function secrets(clusters: TestClusters): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const r of RELEASES) {
    const list = JSON.parse(
      kubectl(clusters.kubeconfig, "test-a", "get", "secrets", "-n", r.namespace, "-o", "json"),
    ) as {
      items: Array<{ type?: string; metadata: { name: string }; data?: unknown }>;
    };
    for (const x of list.items)
      if (x.type !== "helm.sh/release.v1") out[`${r.namespace}/${x.metadata.name}`] = x.data ?? {};
  }
  return out;
}

const CRD_NAME = "widgets.platform.example.com";

/** The properties of the Widget CRD's spec schema on the cluster. */
function crdProperties(clusters: TestClusters): Record<string, Record<string, unknown>> | undefined {
  const crd = kubeGet(clusters.kubeconfig, "test-a", "crd", CRD_NAME);
  return (
    crd?.spec as
      | {
          versions: Array<{
            schema: {
              openAPIV3Schema: {
                properties: { spec: { properties: Record<string, Record<string, unknown>> } };
              };
            };
          }>;
        }
      | undefined
  )?.versions[0]?.schema.openAPIV3Schema.properties.spec.properties;
}

/**
 * Version 0.2.0 of the chart: a new template, and a property more in its `crds/` CRD, which
 * `helm upgrade` never applies.
 */
function nextVersion(): string {
  const dir = join(mkdtempSync(join(tmpdir(), "phf-platform-")), "platform");
  cpSync(CHART, dir, { recursive: true });
  const chartYaml = join(dir, "Chart.yaml");
  writeFileSync(chartYaml, readFileSync(chartYaml, "utf8").replace("version: 0.1.0", "version: 0.2.0"));
  const crd = join(dir, "crds", "widgets.yaml");
  const text = readFileSync(crd, "utf8");
  const marker = "                port:\n";
  if (!text.includes(marker)) throw new Error(`no "port:" property in ${crd}`);
  writeFileSync(
    crd,
    text.replace(marker, `                addedIn020:\n                  type: string\n${marker}`),
  );
  appendFileSync(
    join(dir, "templates", "workload.yaml"),
    "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}-v2\ndata: {}\n",
  );
  return dir;
}

function writeState(
  dir: string,
  http: ChartSource,
  oci: ChartSource,
  replicas: number,
  version = "0.1.0",
  values: Record<string, unknown> = {},
  ociValues?: Record<string, unknown>,
): void {
  writeFileSync(
    join(dir, "helmfile.yaml"),
    [
      ...repositoriesYaml(http, oci, "public"),
      "releases:",
      "  - name: shapes-http",
      "    namespace: rs-http",
      "    chart: public/platform",
      `    version: ${version}`,
      `    values: [${JSON.stringify({ replicas, ...values })}]`,
      "  - name: shapes-oci",
      "    namespace: rs-oci",
      "    chart: registry/platform",
      `    version: ${version}`,
      "    needs: [rs-http/shapes-http]",
      ...(ociValues === undefined ? [] : [`    values: [${JSON.stringify(ociValues)}]`]),
      "",
    ].join("\n"),
  );
}

const RELEASES = [
  { name: "shapes-http", namespace: "rs-http" },
  { name: "shapes-oci", namespace: "rs-oci" },
] as const;

function allObjects(): ObjectRef[] {
  const seen = new Set<string>();
  return RELEASES.flatMap((r) => helmObjects(r.name, r.namespace)).filter((o) => {
    const key = `${o.kind}/${o.namespace ?? ""}/${o.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A project of the state served from a fresh chart repository and registry, and its stack options. */
interface Deployment {
  readonly clusters: TestClusters;
  readonly http: ChartSource;
  readonly oci: ChartSource;
  readonly dir: string;
  readonly base: HelmfileStackOptions;
  close(): Promise<void>;
}

async function deployment(stackName: string, extra: Partial<HelmfileStackOptions> = {}): Promise<Deployment> {
  const clusters = testClusters();
  // A CRD an earlier run left (destroy keeps it, as helm uninstall does) is removed first.
  kubectl(clusters.kubeconfig, "test-a", "delete", "crd", CRD_NAME, "--ignore-not-found");
  const next = nextVersion();
  const charts = [CHART, next];
  let http: ChartSource;
  let oci: ChartSource;
  try {
    http = await startChartRepository(HELM, charts);
    oci = await startOciRegistry(HELM, charts);
  } finally {
    // Each source serves its own packages of it: the copy of version 0.2.0 is no longer read.
    rmSync(dirname(next), { recursive: true, force: true });
  }
  const dir = mkdtempSync(join(tmpdir(), `phf-${stackName}-`));
  writeState(dir, http, oci, 1);
  const base: HelmfileStackOptions = {
    file: join(dir, "helmfile.yaml"),
    stackName,
    applyToCluster: true,
    kubeconfig: clusters.kubeconfig,
    pulumiRoot: ENGINE_ROOT,
    ...extra,
    envVars: { ...engineEnv(), KUBECONFIG: clusters.kubeconfig, ...extra.envVars },
  };
  return {
    clusters,
    http,
    oci,
    dir,
    base,
    close: async () => {
      await destroy(base).catch(() => undefined);
      await http.close();
      await oci.close();
      rmSync(dir, { recursive: true, force: true });
      spawnSync(
        KUBECTL,
        ["--kubeconfig", clusters.kubeconfig, "delete", "crd", CRD_NAME, "--ignore-not-found"],
        {
          stdio: "ignore",
        },
      );
    },
  };
}

/**
 * Which Pulumi CLI commands an operation runs: the engine's, through a `pulumi` that notes each
 * command's first word (`root` for `pulumiRoot`); `commands()` answers those noted since it was last asked.
 */
function notingPulumi(): { root: string; commands: () => string[] } {
  const root = mkdtempSync(join(tmpdir(), "phf-noted-pulumi-"));
  mkdirSync(join(root, "bin"));
  const log = join(root, "commands");
  writeFileSync(
    join(root, "bin", "pulumi"),
    `#!/bin/sh\necho "$1 $2" >> '${log}'\nexec '${join(ENGINE_ROOT, "bin", "pulumi")}' "$@"\n`,
    { mode: 0o755 },
  );
  const commands = (): string[] => {
    const text = existsSync(log) ? readFileSync(log, "utf8") : "";
    rmSync(log, { force: true });
    return text
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => (l.startsWith("stack ") ? l.trim() : (l.split(" ")[0] ?? "")));
  };
  return { root, commands };
}

describeEngine(`charts shaped as public ones, from a chart repository and an OCI registry${suffix}`, () => {
  jest.setTimeout(900_000);
  let d: Deployment;
  let clusters: TestClusters;
  let http: ChartSource;
  let oci: ChartSource;
  let dir: string;
  let base: HelmfileStackOptions;
  let renderCache: string | undefined;

  beforeAll(async () => {
    renderCache = mkdtempSync(join(tmpdir(), "phf-render-cache-"));
    d = await deployment("real-shapes", {
      // As the CLI passes it, so the CLI's preview below sees the same component inputs.
      environment: "default",
      envVars: { PULUMI_HELMFILE_CACHE_DIR: renderCache },
    });
    ({ clusters, http, oci, dir, base } = d);
  });
  afterAll(async () => {
    await d?.close();
    if (renderCache !== undefined) rmSync(renderCache, { recursive: true, force: true });
  });

  it("up deploys every object helm renders; the preview right after it is empty", async () => {
    const r = await up(base);
    expect(r.resourceChanges.create ?? 0).toBeGreaterThan(0);
    for (const o of allObjects()) expect([o, uidOf(clusters, o) !== undefined]).toEqual([o, true]);
    // The hooks (and the ServiceAccount they ran as) went once they succeeded, as helm deletes them.
    const gone = RELEASES.flatMap((r) => helmObjects(r.name, r.namespace, true));
    expect(gone.map((o) => o.kind).sort()).toEqual(
      ["Job", "Job", "Role", "RoleBinding", "ServiceAccount"].flatMap((k) => [k, k]).sort(),
    );
    for (const o of gone) expect([o, uidOf(clusters, o)]).toEqual([o, undefined]);
    // The helm test hook (a Pod with a random name) was never installed, as helm install leaves it.
    for (const r of RELEASES) {
      const pods = kubectl(clusters.kubeconfig, "test-a", "get", "pods", "-n", r.namespace, "-o", "name");
      expect(pods.split("\n").filter((n) => n.includes(`${r.name}-test-`))).toEqual([]);
    }
    // The CRD's bounds reached the API server as numbers: the int64 bound as the double nearest to
    // it (what Go's float64 field holds of helm's text too), the float bounds as written.
    const props = crdProperties(clusters);
    expect(props?.count).toMatchObject({ maximum: 9223372036854774784, minimum: -9223372036854775808 });
    expect(props?.ratio).toMatchObject({ maximum: 1.5e300, multipleOf: 0.125 });
    const widget = kubeGet(clusters.kubeconfig, "test-a", kindArg("Widget"), "shapes-http-widget", "rs-http");
    expect(widget?.spec).toMatchObject({ count: 4611686018427387904, ratio: 0.375 });
    // The APIService's backend never serves: the aggregator's discovery check fails, and discovery
    // of that group with it. Nothing of the render, the apply or the preview below needed it.
    for (const r of RELEASES) {
      const name = `v1beta1.${r.name}.metrics.example.com`;
      let reasonNow: unknown;
      for (let i = 0; i < 60; i++) {
        const live = kubeGet(clusters.kubeconfig, "test-a", "apiservice", name);
        reasonNow = (
          live?.status as { conditions?: Array<{ type: string; reason?: string }> } | undefined
        )?.conditions?.find((c) => c.type === "Available")?.reason;
        if (reasonNow === "FailedDiscoveryCheck") break;
        await new Promise((res) => setTimeout(res, 1000));
      }
      expect([name, reasonNow]).toEqual([name, "FailedDiscoveryCheck"]);
    }
    const events: EngineEvent[] = [];
    const { root: noted, commands } = notingPulumi();
    // The engine's own diff (`--engine-diff`): every step, with the provider's dry runs.
    const p = await preview({
      ...base,
      pulumiRoot: noted,
      engineDiff: true,
      onEvent: (e) => events.push(e),
    });
    expect(commands()).toContain("preview");
    expect(p.stdout).not.toContain("from the stack's record");
    // Each release installs the CRD of its chart's `crds/` (as helm install does; one creates it).
    const crdSteps = events
      .map((e) => e.resourcePreEvent?.metadata)
      .filter((m) => m?.type === "kubernetes:apiextensions.k8s.io/v1:CustomResourceDefinition")
      .map((m) => m?.urn.split("::").pop());
    expect(crdSteps.sort()).toEqual(
      RELEASES.map((r) =>
        expect.stringMatching(
          new RegExp(`(^|-)${r.namespace}/${r.name}-crds:widgets\\.platform\\.example\\.com$`),
        ),
      ),
    );
    const updates = events
      .map((e) => e.resourcePreEvent?.metadata)
      .filter((m) => m !== undefined && m.op !== "same")
      .map((m) => ({ type: m?.type, urn: m?.urn, diffs: m?.diffs, detailed: m?.detailedDiff }));
    // Each step that is not `same`, with the provider's detailed diff: none.
    expect(updates).toEqual([]);
    const { same, ...changes } = p.resourceChanges;
    expect([same !== undefined && same > 0, changes]).toEqual([true, {}]);
    expect(p.changedReleases).toEqual([]);
    // By default the same answer comes from the stack's record, without the engine: the same
    // count of unchanged resources, every release `same`, no engine event.
    const recordEvents: EngineEvent[] = [];
    const debug: string[] = [];
    const fromRecord = await preview({
      ...base,
      pulumiRoot: noted,
      onEvent: (e) => recordEvents.push(e),
      onProgress: (e) => {
        if (e.kind === "diagnostic" && e.severity === "debug") debug.push(...e.message.split("\n"));
      },
    });
    expect(fromRecord.stdout).toContain("from the stack's record");
    // Not even rendered, right after the first `up`: the install's render of a chart that keeps its
    // passwords and certificates through `lookup` recorded no key, but `up` rendered each release
    // again once applied, as an upgrade (as this preview would), found the objects it had applied
    // and recorded that render's key.
    expect(debug.filter((m) => /^exec: \S+ template /.test(m))).toEqual([]);
    expect(
      RELEASES.map((r) => [
        r.name,
        debug.some((m) => m.startsWith(`release ${r.name}: its render is the stack's record`)),
      ]),
    ).toEqual(RELEASES.map((r) => [r.name, true]));
    // The state is read from its file and compared before the stack is opened: no Pulumi CLI runs.
    expect(commands()).toEqual([]);
    rmSync(noted, { recursive: true, force: true });
    expect(fromRecord.resourceChanges).toEqual(p.resourceChanges);
    expect(fromRecord.releases.map((r) => [r.release, r.op]).sort()).toEqual(
      p.releases.map((r) => [r.release, r.op]).sort(),
    );
    expect(recordEvents).toEqual([]);
    // The CLI says so as `helmfile diff --detailed-exitcode` does: exit 0.
    const cli = await captureCli(
      [
        "preview",
        "--apply-to-cluster",
        "--kubeconfig",
        clusters.kubeconfig,
        "--stack",
        "real-shapes",
        "--detailed-exitcode",
      ],
      dir,
      { ...process.env, ...base.envVars },
    );
    expect([cli.code, cli.code === 0 ? "" : cli.stderr]).toEqual([0, ""]);
    // (the engine's progress goes to stderr, the summary to stdout)
    expect(`${cli.stderr}${cli.stdout}`).toContain("from the stack's record");
  });

  it("a second up from an empty render cache (another machine) keeps every generated secret and changes nothing", async () => {
    const before = secrets(clusters);
    // The passwords (lookup, bitnami's passwords.manage) and certificates (genCA, genSelfSignedCert) of each release.
    for (const r of RELEASES)
      for (const name of ["admin", "db", "webhook-tls", "ingress-tls"])
        expect([
          name,
          Object.keys((before[`${r.namespace}/${r.name}-${name}`] ?? {}) as object).length > 0,
        ]).toEqual([name, true]);
    const freshCache = mkdtempSync(join(tmpdir(), "phf-render-cache-"));
    const fresh = {
      ...base,
      envVars: {
        ...base.envVars,
        PULUMI_HELMFILE_CACHE_DIR: freshCache,
      },
    };
    const r = await up(fresh).finally(() => rmSync(freshCache, { recursive: true, force: true }));
    const { same, ...changes } = r.resourceChanges;
    expect([same !== undefined && same > 0, changes]).toEqual([true, {}]);
    expect(secrets(clusters)).toEqual(before);
  });

  it("a values change of a state without secrets previews in the clear", async () => {
    writeState(dir, http, oci, 2);
    const events: EngineEvent[] = [];
    const debug: string[] = [];
    const { root: noted, commands } = notingPulumi();
    const p = await preview({
      ...base,
      pulumiRoot: noted,
      onEvent: (e) => events.push(e),
      onProgress: (e) => {
        if (e.kind === "diagnostic" && e.severity === "debug") debug.push(...e.message.split("\n"));
      },
    });
    // Rendered against the cluster only where its inputs changed: the other release's render, the
    // same chart, values, helm and cluster as the last `up`'s (an upgrade's: what its lookups found
    // then they find now), is the one the stack recorded, and helm does not run for it.
    const renders = (name: string): string[] =>
      debug.filter((m) => new RegExp(`^exec: \\S+ template ${name} `).test(m));
    expect([renders("shapes-oci").length, renders("shapes-http").length > 0]).toEqual([0, true]);
    const answered = (name: string): boolean =>
      debug.some((m) => m.startsWith(`release ${name}: its render is the stack's record`));
    expect([answered("shapes-oci"), answered("shapes-http")]).toEqual([true, false]);
    // A changed release: the engine runs (the record no longer matches). The stack, whose state
    // file was read, is taken without `pulumi stack select`.
    expect(p.stdout).not.toContain("from the stack's record");
    expect(commands()).toEqual(["version", "preview"]);
    rmSync(noted, { recursive: true, force: true });
    expect(p.changedReleases.map((c) => [c.release, c.op])).toEqual([["rs-http/shapes-http", "update"]]);
    const step = events
      .map((e) => e.resourcePreEvent?.metadata)
      .find((m) => m?.type === "kubernetes:apps/v1:Deployment" && m.op === "update");
    const inputs = step?.new?.inputs as { spec?: { replicas?: unknown; template?: unknown } } | undefined;
    expect(inputs?.spec?.replicas).toBe(2);
    expect(JSON.stringify(inputs)).not.toContain("[secret]");
    // Only the changed release went through the engine, against a copy of the state without the
    // other release's resources, without the changed one's `crds/` CRD (only ever created: the
    // engine would find it `same`) and without its objects whose registration is the one the last
    // `up` recorded; the other was answered from the record …
    expect(p.stdout).toContain("1 of 2 releases are as the last deployment applied them");
    // That one engine run started while the comparison rendered the changed release, and took the
    // copy of the state once it was known (src/automation/early-preview.ts).
    expect(debug).toContain("the engine started beside the comparison's render takes the copy of the state");
    expect(p.stdout).toMatch(/against a copy of the state without the \d+ resources the record answers/);
    const stepsOf = (list: EngineEvent[]) =>
      list.flatMap((e) => {
        const m = e.resourcePreEvent?.metadata;
        return m === undefined ? [] : [[m.urn, m.op, m.type] as const];
      });
    const stepped = stepsOf(events);
    expect(stepped.filter(([u]) => u.includes("shapes-oci"))).toEqual([]);
    expect(stepped.filter(([, , t]) => t.endsWith(":CustomResourceDefinition"))).toEqual([]);
    // … with the answer of the engine's preview of every release over the whole state: the same
    // releases, steps and counts (what was left out counted as unchanged) …
    const fullEvents: EngineEvent[] = [];
    const full = await preview({ ...base, engineDiff: true, onEvent: (e) => fullEvents.push(e) });
    const fullStepped = stepsOf(fullEvents);
    const changes = (list: typeof stepped) =>
      list
        .filter(([, op]) => op !== "same")
        .map(([u, op]) => `${op} ${u}`)
        .sort();
    expect(changes(stepped)).toEqual(changes(fullStepped));
    expect(changes(stepped).some((c) => c.includes("kubernetes:apps/v1:Deployment"))).toBe(true);
    // … and of the changed release's objects, only some went through the engine: not the
    // ConfigMaps, Services or RBAC its one value leaves as they were.
    const ofHttp = (list: typeof stepped) => list.filter(([u]) => u.includes("shapes-http")).length;
    expect(ofHttp(stepped)).toBeLessThan(ofHttp(fullStepped));
    expect(
      stepped.filter(
        ([u, op, t]) =>
          op === "same" && /:(ConfigMap|Service|ClusterRole|Role)$/.test(t) && u.includes("shapes-http"),
      ),
    ).toEqual([]);
    expect(full.stdout).not.toContain("releases are as the last deployment applied them");
    expect(p.resourceChanges).toEqual(full.resourceChanges);
    expect(p.releases.map((c) => [c.release, c.op]).sort()).toEqual(
      full.releases.map((c) => [c.release, c.op]).sort(),
    );
    expect(p.changedReleases.map((c) => [c.release, c.op, c.childSteps])).toEqual(
      full.changedReleases.map((c) => [c.release, c.op, c.childSteps]),
    );
    writeState(dir, http, oci, 1);
  });

  it("a values change: up applies the changed release alone through the engine, keeping the other's resources, as an up over every release does", async () => {
    const httpObjects = helmObjects("shapes-http", "rs-http");
    const uids = (): Array<[string, string | undefined]> =>
      httpObjects.map((o) => [`${o.kind}/${o.name}`, uidOf(clusters, o)]);
    const before = uids();
    const replicas = (): unknown =>
      (
        kubeGet(clusters.kubeconfig, "test-a", "deployment", "shapes-oci", "rs-oci")?.spec as
          { replicas?: unknown } | undefined
      )?.replicas;
    const stepsOf = (list: EngineEvent[]) =>
      list.flatMap((e) => {
        const m = e.resourcePreEvent?.metadata;
        return m === undefined ? [] : [[m.urn, m.op] as const];
      });
    const changed = (list: EngineEvent[]): string[] =>
      stepsOf(list)
        .filter(([, op]) => op !== "same")
        .map(([u, op]) => `${op} ${u.split("::").pop() ?? ""}`)
        .sort();
    // shapes-oci needs shapes-http: only shapes-oci changes.
    const run = async (ociReplicas: number, engineDiff: boolean) => {
      writeState(dir, http, oci, 1, "0.1.0", {}, { replicas: ociReplicas });
      const events: EngineEvent[] = [];
      const r = await up({ ...base, ...(engineDiff ? { engineDiff } : {}), onEvent: (e) => events.push(e) });
      return { r, events };
    };
    // The other release is as the last `up` applied it (the stack's record): the engine excludes its
    // resources, so it changes nothing of them, as `up -l name=shapes-oci` would not.
    const partial = await run(2, false);
    expect(partial.r.stdout).toContain("1 of 2 releases are as the last deployment applied them");
    expect(partial.r.changedReleases.map((c) => [c.release, c.op])).toEqual([
      ["rs-oci/shapes-oci", "update"],
    ]);
    expect(stepsOf(partial.events).filter(([u, op]) => u.includes("shapes-http") && op !== "same")).toEqual(
      [],
    );
    expect(replicas()).toBe(2);
    expect(uids()).toEqual(before);
    // The record answers the next preview: nothing is left to apply.
    expect((await preview(base)).stdout).toContain("from the stack's record");
    // Back, then again through the engine over every release: the same steps, the other release
    // `same` again.
    await run(1, false);
    const full = await run(2, true);
    expect(full.r.stdout).not.toContain("releases are as the last deployment applied them");
    expect(changed(full.events)).toEqual(changed(partial.events));
    expect(full.r.resourceChanges).toEqual(partial.r.resourceChanges);
    expect(full.r.releases.map((c) => [c.release, c.op])).toEqual(
      partial.r.releases.map((c) => [c.release, c.op]),
    );
    expect(uids()).toEqual(before);
    await run(1, false);
    expect(replicas()).toBe(1);
    // A change of shapes-http, which shapes-oci needs: the engine keeps what an excluded resource
    // depends on, so an object shapes-http stopped rendering would stay; that `up` runs over every
    // release (the next test deletes such an object).
    writeState(dir, http, oci, 2);
    const needed = await up(base);
    expect(needed.stdout).not.toContain("releases are as the last deployment applied them");
    expect(needed.changedReleases.map((c) => c.release)).toContain("rs-http/shapes-http");
    writeState(dir, http, oci, 1);
    await up(base);
    expect((await preview(base)).stdout).toContain("from the stack's record");
  });

  it("a change to every release: the engine started beside the render reads no state and ends, and one engine run previews them all", async () => {
    writeState(dir, http, oci, 2, "0.1.0", {}, { replicas: 2 });
    const debug: string[] = [];
    const { root: noted, commands } = notingPulumi();
    const p = await preview({
      ...base,
      pulumiRoot: noted,
      onProgress: (e) => {
        if (e.kind === "diagnostic" && e.severity === "debug") debug.push(e.message);
      },
    });
    // The early engine (no program run) and the engine of the whole state, one after the other.
    expect(commands()).toEqual(["version", "preview", "preview"]);
    rmSync(noted, { recursive: true, force: true });
    expect(debug).toContain(
      "the engine started beside the comparison's render is not used: the engine previews every release",
    );
    expect(p.stdout).not.toContain("releases are as the last deployment applied them");
    expect(p.changedReleases.map((c) => [c.release, c.op]).sort()).toEqual([
      ["rs-http/shapes-http", "update"],
      ["rs-oci/shapes-oci", "update"],
    ]);
    writeState(dir, http, oci, 1);
  });

  it("a CA made without a lookup guard changes on every render, as helm's does: the preview shows that Secret, and no other object", async () => {
    // helm itself makes a new one on every render.
    const ca = (): string =>
      execFileSync(
        HELM,
        [
          "template",
          "shapes-http",
          CHART,
          "--set",
          "unguardedCa=true",
          "--show-only",
          "templates/unguarded.yaml",
        ],
        { encoding: "utf8" },
      );
    expect(ca()).not.toEqual(ca());
    writeState(dir, http, oci, 1, "0.1.0", { unguardedCa: true });
    await up(base);
    const before = kubeGet(clusters.kubeconfig, "test-a", "secret", "shapes-http-unguarded-ca", "rs-http");
    expect(before).toBeDefined();
    const events: EngineEvent[] = [];
    const p = await preview({ ...base, onEvent: (e) => events.push(e) });
    expect(p.changedReleases.map((c) => [c.release, c.op])).toEqual([["rs-http/shapes-http", "update"]]);
    // Of the release's objects (its hooks run again on every upgrade, as helm runs them), only that Secret changes.
    const changed = events
      .map((e) => e.resourcePreEvent?.metadata)
      .filter((m) => m !== undefined && m.op !== "same" && m.type.startsWith("kubernetes:"))
      .map((m) => m?.urn.split("::").pop() ?? "")
      .filter((n) => !/-(pre|post)-/.test(n));
    expect(changed).toEqual([
      expect.stringMatching(/(^|-)rs-http\/shapes-http:rs-http\/shapes-http-unguarded-ca$/),
    ]);
    writeState(dir, http, oci, 1);
    await up(base);
    expect(
      kubeGet(clusters.kubeconfig, "test-a", "secret", "shapes-http-unguarded-ca", "rs-http"),
    ).toBeUndefined();
  });

  it("an upgrade to a chart version whose crds/ changed upgrades the templates and leaves the CRD, as helm upgrade", async () => {
    const uid = uidOf(clusters, { kind: "CustomResourceDefinition", name: CRD_NAME });
    writeState(dir, http, oci, 1, "0.2.0");
    const r = await up(base);
    expect(r.resourceChanges.update ?? 0).toBeGreaterThan(0);
    for (const x of RELEASES)
      expect(kubeGet(clusters.kubeconfig, "test-a", "configmap", `${x.name}-v2`, x.namespace)).toBeDefined();
    expect(Object.keys(crdProperties(clusters) ?? {})).not.toContain("addedIn020");
    expect(uidOf(clusters, { kind: "CustomResourceDefinition", name: CRD_NAME })).toBe(uid);
    // Nothing left to do: the CRD's difference is not one.
    const again = await preview(base);
    expect(again.changedReleases).toEqual([]);
  });

  it("with skipCrds (--skip-crds) the releases stop managing the CRD of crds/ and the cluster keeps it", async () => {
    const uid = uidOf(clusters, { kind: "CustomResourceDefinition", name: CRD_NAME });
    const r = await up({ ...base, skipCrds: true });
    // The CRD's resource of each release leaves the stack, retained: nothing else changes.
    expect(r.resourceChanges.delete).toBe(RELEASES.length);
    expect(uidOf(clusters, { kind: "CustomResourceDefinition", name: CRD_NAME })).toBe(uid);
    const widget = kubeGet(clusters.kubeconfig, "test-a", kindArg("Widget"), "shapes-http-widget", "rs-http");
    expect(widget).toBeDefined();
    const again = await preview({ ...base, skipCrds: true });
    expect(again.changedReleases).toEqual([]);
  });

  it("destroy leaves none of the objects but the CRD of crds/, as helm uninstall", async () => {
    // The CRDs of crds/ back in the stack (retained): the engine runs against a copy of the state
    // without them, and what it wrote becomes the stack's file.
    await up(base);
    const objects = allObjects();
    const stacks = join(dirname(base.file), ".pulumi-helmfile", ".pulumi", "stacks");
    const [project] = readdirSync(stacks);
    const file = join(stacks, project!, `${base.stackName}.json`);
    type Saved = {
      checkpoint: { latest: { resources?: Array<{ type: string; retainOnDelete?: boolean }> } };
    };
    const before = (JSON.parse(readFileSync(file, "utf8")) as Saved).checkpoint.latest.resources ?? [];
    const retained = before.filter((r) => r.retainOnDelete === true);
    expect(retained.map((r) => r.type)).toEqual(
      RELEASES.map(() => "kubernetes:apiextensions.k8s.io/v1:CustomResourceDefinition"),
    );
    const { root: noted, commands } = notingPulumi();
    const gone = await destroy({ ...base, pulumiRoot: noted });
    // The stack's file is in the backend: it is taken without `pulumi stack select`.
    expect(commands()).toEqual(["version", "destroy"]);
    rmSync(noted, { recursive: true, force: true });
    // Every resource but the stack's own is deleted or forgotten, the left-out ones counted.
    expect(gone.resourceChanges.delete ?? 0).toBeGreaterThanOrEqual(before.length - 1);
    expect((JSON.parse(readFileSync(file, "utf8")) as Saved).checkpoint.latest.resources ?? []).toEqual([]);
    expect(readFileSync(`${file}.bak`, "utf8")).toContain('"retainOnDelete":true');
    // The lock taken for the run is gone, and the stack's history has the destroy.
    const locks = join(dirname(stacks), "locks", "organization", project!, base.stackName!);
    expect(existsSync(locks) ? readdirSync(locks) : []).toEqual([]);
    const history = join(dirname(stacks), "history", project!, base.stackName!);
    const kinds = readdirSync(history)
      .filter((f) => f.endsWith(".history.json"))
      .map((f) => (JSON.parse(readFileSync(join(history, f), "utf8")) as { kind?: string }).kind);
    expect(kinds).toContain("destroy");
    for (const r of RELEASES)
      expect(await waitGone(clusters.kubeconfig, "test-a", "namespace", r.namespace)).toBe(true);
    for (const o of objects.filter((x) => x.namespace === undefined))
      expect([o, uidOf(clusters, o) !== undefined]).toEqual([o, o.kind === "CustomResourceDefinition"]);
  });
});

const describeOracle = reason === undefined && existsSync(ORACLE) ? describe : describe.skip;
const oracleSuffix = existsSync(ORACLE) ? suffix : ` (skipped: no helmfile oracle at ${ORACLE})`;

describeOracle(`taking over what helmfile sync deployed${oracleSuffix}`, () => {
  jest.setTimeout(900_000);
  let d: Deployment;
  let clusters: TestClusters;

  beforeAll(async () => {
    d = await deployment("takeover");
    clusters = d.clusters;
    const { dir } = d;
    const helmfileCache = mkdtempSync(join(tmpdir(), "phf-helmfile-cache-"));
    // Asynchronously: the chart repository is served by this process.
    await promisify(execFile)(ORACLE, ["--helm-binary", HELM, "--kube-context", "test-a", "sync"], {
      cwd: dir,
      env: {
        ...process.env,
        KUBECONFIG: clusters.kubeconfig,
        HELMFILE_UPGRADE_NOTICE_DISABLED: "1",
        // helmfile keeps pulled OCI charts by name and version in a shared cache: a private one.
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
    for (const r of RELEASES)
      spawnSync(HELM, ["uninstall", r.name, "-n", r.namespace, "--kubeconfig", clusters.kubeconfig], {
        stdio: "ignore",
      });
  });

  it("preview lists the adoptions; up keeps every UID and the generated passwords", async () => {
    const objects = allObjects();
    const uids = objects.map((o) => uidOf(clusters, o));
    expect(uids.every((u) => u !== undefined)).toBe(true);
    const data = secrets(clusters);
    const { base } = d;
    const p = await preview(base);
    expect(p.resourceChanges.delete ?? 0).toBe(0);
    expect(p.resourceChanges.replace ?? 0).toBe(0);
    const adopted = new Set(p.adoptions.flatMap((a) => a.objects.map((o) => `${o.kind}/${o.name}`)));
    for (const o of objects) expect([o, adopted.has(`${o.kind}/${o.name}`)]).toEqual([o, true]);
    const r = await up(base);
    expect(r.resourceChanges.delete ?? 0).toBe(0);
    expect(r.resourceChanges.replace ?? 0).toBe(0);
    expect(objects.map((o) => uidOf(clusters, o))).toEqual(uids);
    expect(secrets(clusters)).toEqual(data);
    const again = await preview(base);
    expect(again.changedReleases).toEqual([]);
  });
});
