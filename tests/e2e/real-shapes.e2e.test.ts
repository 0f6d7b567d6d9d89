/**
 * Deploying charts shaped as widely used public charts are (tests/e2e/fixtures/real-shapes: empty
 * rules, null stringData, a password kept through lookup, x-kubernetes-* CRD schemas,
 * int-or-string ports, quantities the server normalises, empty maps, Job hooks with their delete
 * policies, run on the simulated nodes) on the real test API
 * server, pulled from an HTTP chart repository and from an OCI registry: every object helm
 * renders exists after `up`, the preview right after it is empty, a second `up` from an empty
 * render cache keeps the generated password, a values change previews in the clear, and destroy
 * leaves nothing. Then the same state deployed by the real helmfile v1.8.0 (`helmfile sync`) is
 * taken over with every UID and the generated password unchanged. Every check of the cluster
 * goes through kubectl and the real helm.
 */
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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
      ...(["ClusterRole", "CustomResourceDefinition"].includes(o.kind) ? {} : { namespace }),
    }));
}

const kindArg = (kind: string): string => (kind === "Widget" ? "widgets.platform.example.com" : kind);

function uidOf(clusters: TestClusters, o: ObjectRef): string | undefined {
  const live = kubeGet(clusters.kubeconfig, "test-a", kindArg(o.kind), o.name, o.namespace);
  return (live?.metadata as { uid?: string } | undefined)?.uid;
}

function password(clusters: TestClusters, release: string, namespace: string): string | undefined {
  const s = kubeGet(clusters.kubeconfig, "test-a", "secret", `${release}-admin`, namespace);
  return (s?.data as { password?: string } | undefined)?.password;
}

function writeState(dir: string, http: ChartSource, oci: ChartSource, replicas: number): void {
  writeFileSync(
    join(dir, "helmfile.yaml"),
    [
      ...repositoriesYaml(http, oci, "public"),
      "releases:",
      "  - name: shapes-http",
      "    namespace: rs-http",
      "    chart: public/platform",
      "    version: 0.1.0",
      `    values: [{ replicas: ${replicas} }]`,
      "  - name: shapes-oci",
      "    namespace: rs-oci",
      "    chart: registry/platform",
      "    version: 0.1.0",
      "    needs: [rs-http/shapes-http]",
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
  const http = await startChartRepository(HELM, [CHART]);
  const oci = await startOciRegistry(HELM, [CHART]);
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
    },
  };
}

describeEngine(`charts shaped as public ones, from a chart repository and an OCI registry${suffix}`, () => {
  jest.setTimeout(900_000);
  let d: Deployment;
  let clusters: TestClusters;
  let http: ChartSource;
  let oci: ChartSource;
  let dir: string;
  let base: HelmfileStackOptions;

  beforeAll(async () => {
    d = await deployment("real-shapes", {
      // As the CLI passes it, so the CLI's preview below sees the same component inputs.
      environment: "default",
      envVars: { PULUMI_HELMFILE_CACHE_DIR: mkdtempSync(join(tmpdir(), "phf-render-cache-")) },
    });
    ({ clusters, http, oci, dir, base } = d);
  });
  afterAll(() => d?.close());

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
    const crd = kubeGet(clusters.kubeconfig, "test-a", "crd", "widgets.platform.example.com");
    const props = (
      crd?.spec as {
        versions: Array<{
          schema: { openAPIV3Schema: { properties: { spec: { properties: Record<string, unknown> } } } };
        }>;
      }
    ).versions[0]?.schema.openAPIV3Schema.properties.spec.properties;
    expect(props?.count).toMatchObject({ maximum: 9223372036854774784, minimum: -9223372036854775808 });
    expect(props?.ratio).toMatchObject({ maximum: 1.5e300, multipleOf: 0.125 });
    const widget = kubeGet(clusters.kubeconfig, "test-a", kindArg("Widget"), "shapes-http-widget", "rs-http");
    expect(widget?.spec).toMatchObject({ count: 4611686018427387904, ratio: 0.375 });
    const events: EngineEvent[] = [];
    // The engine's own diff (`--engine-diff`): every step, with the provider's dry runs.
    const p = await preview({ ...base, engineDiff: true, onEvent: (e) => events.push(e) });
    expect(p.stdout).not.toContain("from the stack's record");
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
    const fromRecord = await preview({ ...base, onEvent: (e) => recordEvents.push(e) });
    expect(fromRecord.stdout).toContain("from the stack's record");
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

  it("a second up from an empty render cache (another machine) keeps the generated passwords and changes nothing", async () => {
    const before = RELEASES.map((r) => password(clusters, r.name, r.namespace));
    expect(before.every((p) => typeof p === "string" && p.length > 0)).toBe(true);
    const fresh = {
      ...base,
      envVars: {
        ...base.envVars,
        PULUMI_HELMFILE_CACHE_DIR: mkdtempSync(join(tmpdir(), "phf-render-cache-")),
      },
    };
    const r = await up(fresh);
    const { same, ...changes } = r.resourceChanges;
    expect([same !== undefined && same > 0, changes]).toEqual([true, {}]);
    expect(RELEASES.map((x) => password(clusters, x.name, x.namespace))).toEqual(before);
  });

  it("a values change of a state without secrets previews in the clear", async () => {
    writeState(dir, http, oci, 2);
    const events: EngineEvent[] = [];
    const p = await preview({ ...base, onEvent: (e) => events.push(e) });
    // A changed release: the engine runs (the record no longer matches).
    expect(p.stdout).not.toContain("from the stack's record");
    expect(p.changedReleases.map((c) => [c.release, c.op])).toEqual([["rs-http/shapes-http", "update"]]);
    const step = events
      .map((e) => e.resourcePreEvent?.metadata)
      .find((m) => m?.type === "kubernetes:apps/v1:Deployment" && m.op === "update");
    const inputs = step?.new?.inputs as { spec?: { replicas?: unknown; template?: unknown } } | undefined;
    expect(inputs?.spec?.replicas).toBe(2);
    expect(JSON.stringify(inputs)).not.toContain("[secret]");
    writeState(dir, http, oci, 1);
  });

  it("destroy leaves none of the objects", async () => {
    const objects = allObjects();
    await destroy(base);
    for (const r of RELEASES)
      expect(await waitGone(clusters.kubeconfig, "test-a", "namespace", r.namespace)).toBe(true);
    for (const o of objects.filter((x) => x.namespace === undefined))
      expect([o, uidOf(clusters, o)]).toEqual([o, undefined]);
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
    // Asynchronously: the chart repository is served by this process.
    await promisify(execFile)(ORACLE, ["--helm-binary", HELM, "--kube-context", "test-a", "sync"], {
      cwd: dir,
      env: {
        ...process.env,
        KUBECONFIG: clusters.kubeconfig,
        HELMFILE_UPGRADE_NOTICE_DISABLED: "1",
        // helmfile keeps pulled OCI charts by name and version in a shared cache: a private one.
        XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), "phf-helmfile-cache-")),
      },
    }).catch((err: { stdout?: string; stderr?: string }) => {
      throw new Error(`helmfile sync failed:\n${err.stdout ?? ""}\n${err.stderr ?? ""}`);
    });
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
    const passwords = RELEASES.map((r) => password(clusters, r.name, r.namespace));
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
    expect(RELEASES.map((x) => password(clusters, x.name, x.namespace))).toEqual(passwords);
    const again = await preview(base);
    expect(again.changedReleases).toEqual([]);
  });
});
