/**
 * How the Helmfile component deploys (Pulumi mocks, fake pipeline): a provider per Kubernetes
 * context, namespaces as `helm install --create-namespace` makes them, the release namespace for
 * namespace-less objects, CRDs first, names that never collide, and helm's install settings.
 * Expectations come from helm's and helmfile's documented install behaviour.
 */
import { Helmfile, narrowedPlan, planHelmfile } from "../../src/emit/helmfile";
import { ONLY_RELEASES, OWNS_FAILURE } from "../../src/emit/program-failure";
import { EmitError, isHelmfileError } from "../../src/shared/errors";
import type { LoadedState } from "../../src/shared/model";
import { newMap } from "../../src/shared/value";
import { plainValue, recordMockResources, type MockRecorder, type RecordedResource } from "../../src/testing";
import { exampleCrd, groupObjects, objectInputs, WIDGET_CRD } from "../support/release-objects";
import { fakePipeline } from "./fake-pipeline";

async function settle(h: Helmfile): Promise<void> {
  await h.releases;
  await new Promise((r) => setImmediate(r));
}

/** The one state file of the fake pipeline's releases (src/shared/model.ts LoadedState). */
const STATE_FILE: Omit<LoadedState, "releases"> = {
  file: "/fake/helmfile.yaml",
  displayPath: "helmfile.yaml",
  environment: "default",
  values: newMap(),
  helmDefaults: newMap(),
  repositories: [],
  document: newMap(),
};

const byType = (rec: MockRecorder, type: string): RecordedResource[] =>
  rec.resources.filter((r) => r.type === type);

const CRD = `${WIDGET_CRD}${exampleCrd("Gadget", "gadgets", "Cluster")}`;

const OBJECTS = `---
# Source: app/templates/cm.yaml
apiVersion: v1
kind: ConfigMap
metadata:
  name: cm
data:
  port: "80"
---
# Source: app/templates/role.yaml
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: reader
rules: []
---
# Source: app/templates/widget.yaml
apiVersion: example.com/v1
kind: Widget
metadata:
  name: w1
---
# Source: app/templates/gadget.yaml
apiVersion: example.com/v1
kind: Gadget
metadata:
  name: g1
---
# Source: app/templates/elsewhere.yaml
apiVersion: v1
kind: Secret
metadata:
  name: pinned
  namespace: other
`;

describe("Helmfile deploys like helm install", () => {
  let rec: MockRecorder;
  beforeEach(async () => {
    rec = await recordMockResources({ preview: false });
  });

  it("puts namespace-less namespaced objects into the release namespace and applies CRDs first", async () => {
    const pipeline = fakePipeline([{ name: "app", namespace: "team-x", manifest: CRD + OBJECTS }]);
    await settle(new Helmfile("hf", { file: "helmfile.yaml", renderToDirectory: "/tmp/out" }, { pipeline }));
    const crds = groupObjects(rec, "hf-team-x/app-crds");
    const main = groupObjects(rec, "hf-team-x/app");
    // CRDs are awaited (helm waits for them to be established before the templates).
    expect(crds.map((o) => objectInputs(o).metadata)).toEqual([
      {
        name: "widgets.example.com",
        annotations: {
          "pulumi.com/patchForce": "true",
          "pulumi.com/deletionPropagationPolicy": "background",
          "pulumi.com/patchFieldManager": "pulumi-helmfile",
        },
      },
      {
        name: "gadgets.example.com",
        annotations: {
          "pulumi.com/patchForce": "true",
          "pulumi.com/deletionPropagationPolicy": "background",
          "pulumi.com/patchFieldManager": "pulumi-helmfile",
        },
      },
    ]);
    // Every other object of the release waits for every CRD.
    for (const o of main) expect(o.dependencies).toEqual(expect.arrayContaining(crds.map((c) => c.urn)));
    expect(main.length).toBe(5);
    const objs = main.map((o) => objectInputs(o) as { kind: string; metadata: Record<string, unknown> });
    const ns = Object.fromEntries(objs.map((o) => [o.kind, o.metadata.namespace]));
    // ConfigMap and the namespaced custom kind get the release namespace; a ClusterRole and a
    // custom kind whose CRD says `scope: Cluster` get none; an explicit namespace is kept.
    expect(ns).toEqual({
      ConfigMap: "team-x",
      ClusterRole: undefined,
      Widget: "team-x",
      Gadget: undefined,
      Secret: "other",
    });
    // The chart's numbers stay as helm wrote them (sigs.k8s.io/yaml reads "80" as a string);
    // without `wait` the object is not awaited (the provider's skipAwait annotation).
    expect(objs.find((o) => o.kind === "ConfigMap")).toEqual({
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: {
        name: "cm",
        namespace: "team-x",
        annotations: {
          "pulumi.com/patchForce": "true",
          "pulumi.com/deletionPropagationPolicy": "background",
          "pulumi.com/patchFieldManager": "pulumi-helmfile",
          "pulumi.com/skipAwait": "true",
        },
      },
      data: { port: "80" },
    });
    // Named and typed as a ConfigGroup of the release names its children.
    expect(main.map((o) => [o.name, o.type]).sort()).toEqual([
      ["hf-team-x/app:g1", "kubernetes:example.com/v1:Gadget"],
      ["hf-team-x/app:other/pinned", "kubernetes:core/v1:Secret"],
      ["hf-team-x/app:reader", "kubernetes:rbac.authorization.k8s.io/v1:ClusterRole"],
      ["hf-team-x/app:team-x/cm", "kubernetes:core/v1:ConfigMap"],
      ["hf-team-x/app:team-x/w1", "kubernetes:example.com/v1:Widget"],
    ]);
  });

  it("registers any release's other objects only once every release's CRDs are applied, but not those of a release that needs another", async () => {
    // The CRDs' registrations come back late (their creates wait for the CRD to be established).
    type Monitor = {
      registerResource(req: { getName(): string; getType(): string }, cb: (...a: unknown[]) => void): void;
    };
    const monitor = (await import("@pulumi/pulumi")).runtime.getMonitor() as unknown as Monitor;
    const original = monitor.registerResource.bind(monitor);
    const log: string[] = [];
    monitor.registerResource = (req, cb) => {
      const name = req.getName();
      log.push(`sent ${name}`);
      original(req, (...a: unknown[]) => {
        const back = (): void => {
          log.push(`back ${name}`);
          cb(...a);
        };
        if (req.getType().endsWith(":CustomResourceDefinition")) setTimeout(back, 30);
        else back();
      });
    };
    const pipeline = fakePipeline([
      { name: "crds", namespace: "a", manifest: CRD },
      {
        name: "plain",
        namespace: "b",
        manifest: OBJECTS.replace(/^---\n# Source: app\/templates\/(widget|gadget)[^]*?(?=---)/gm, ""),
      },
      {
        name: "later",
        namespace: "c",
        manifest: exampleCrd("Thing", "things", "Namespaced") + OBJECTS,
        needs: ["a/crds"],
      },
    ]);
    await settle(new Helmfile("hf", { file: "helmfile.yaml", renderToDirectory: "/tmp/out" }, { pipeline }));
    await rec.settled();
    const at = (entry: string): number => {
      const i = log.indexOf(entry);
      expect(i).toBeGreaterThanOrEqual(0);
      return i;
    };
    const lastCrdBack = Math.max(
      at("back hf-a/crds-crds:widgets.example.com"),
      at("back hf-a/crds-crds:gadgets.example.com"),
    );
    // The release without CRDs waits for the other release's CRDs.
    expect(at("sent hf-b/plain:b/cm")).toBeGreaterThan(lastCrdBack);
    // The release that needs another registers its CRDs after what it needs, and nothing waits for them.
    expect(at("sent hf-c/later-crds:things.example.com")).toBeGreaterThan(lastCrdBack);
    expect(at("sent hf-c/later:c/cm")).toBeGreaterThan(at("back hf-c/later-crds:things.example.com"));
  });

  it("creates the CRDs of a chart's and a subchart's crds/ once and leaves them, as helm; a template's CRD is an object like any other", async () => {
    const crd = (source: string, name: string): string =>
      [
        "---",
        `# Source: ${source}`,
        "apiVersion: apiextensions.k8s.io/v1",
        "kind: CustomResourceDefinition",
        `metadata: { name: ${name}.example.com }`,
        `spec: { group: example.com, scope: Namespaced, names: { kind: K${name}, plural: ${name} }, versions: [] }`,
        "",
      ].join("\n");
    const manifest =
      crd("app/crds/widgets.yaml", "widgets") +
      crd("app/charts/sub/crds/gadgets.yaml", "gadgets") +
      crd("app/templates/crds/things.yaml", "things") +
      OBJECTS;
    const options = (skipCRDs: boolean): Array<[string, boolean, readonly string[]]> =>
      groupObjects(rec, `hf-${skipCRDs ? "b" : "a"}/app-crds`)
        .map((o): [string, boolean, readonly string[]] => [
          String((objectInputs(o).metadata as { name: string }).name),
          o.retainOnDelete,
          o.ignoreChanges,
        ])
        .sort((x, y) => x[0].localeCompare(y[0]));
    const pipeline = fakePipeline([
      { name: "app", namespace: "a", manifest },
      { name: "app", namespace: "b", manifest, fields: { skipCRDs: true } },
    ]);
    await settle(new Helmfile("hf", { file: "helmfile.yaml", renderToDirectory: "/tmp/out" }, { pipeline }));
    // helm upgrade never changes crds/ and helm uninstall never deletes them.
    expect(options(false)).toEqual([
      ["gadgets.example.com", true, ["*"]],
      ["things.example.com", false, []],
      ["widgets.example.com", true, ["*"]],
    ]);
    // --skip-crds drops the crds/ folders, not a template's CRD.
    expect(options(true)).toEqual([["things.example.com", false, []]]);
  });

  it("drops the chart's crds/ with skipCRDs and waits only with wait: true", async () => {
    const pipeline = fakePipeline([
      { name: "app", namespace: "a", manifest: CRD + OBJECTS, fields: { skipCRDs: true, wait: true } },
    ]);
    await settle(new Helmfile("hf", { file: "helmfile.yaml", renderToDirectory: "/tmp/out" }, { pipeline }));
    expect(groupObjects(rec, "hf-a/app-crds")).toEqual([]);
    const main = groupObjects(rec, "hf-a/app");
    expect(main.length).toBe(5);
    for (const o of main)
      expect((objectInputs(o).metadata as { annotations?: object }).annotations ?? {}).not.toHaveProperty(
        "pulumi.com/skipAwait",
      );
  });

  it("creates each release namespace once, never default or kube-system, and none with createNamespace: false", async () => {
    const pipeline = fakePipeline([
      { name: "one", namespace: "shared" },
      { name: "two", namespace: "shared" },
      { name: "sys", namespace: "kube-system" },
      { name: "dflt", namespace: "default" },
      { name: "own", namespace: "byhand", fields: { createNamespace: false } },
    ]);
    await settle(new Helmfile("hf", { file: "helmfile.yaml", renderToDirectory: "/tmp/out" }, { pipeline }));
    const namespaces = byType(rec, "kubernetes:core/v1:Namespace");
    expect(namespaces.map((n) => plainValue(n.rawInputs.metadata))).toEqual([{ name: "shared" }]);
    const releases = byType(rec, "helmfile:index:Release");
    const one = releases.find((r) => r.name === "hf-shared/one");
    const two = releases.find((r) => r.name === "hf-shared/two");
    expect(one?.dependencies).toEqual([namespaces[0]?.urn]);
    expect(two?.dependencies).toEqual([namespaces[0]?.urn]);
    expect(releases.find((r) => r.name === "hf-byhand/own")?.dependencies).toEqual([]);
  });

  it("retains on delete only a namespace holding a release with helm.sh/resource-policy: keep objects", async () => {
    const kept =
      "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: kept\n  annotations:\n    helm.sh/resource-policy: keep\n";
    // An annotation value other than `keep` keeps nothing (helm compares the value).
    const other = kept.replace("name: kept", "name: other").replace(": keep", ": delete");
    const pipeline = fakePipeline([
      { name: "plain", namespace: "holds" },
      { name: "keeper", namespace: "holds", manifest: kept },
      { name: "notkept", namespace: "free", manifest: other },
    ]);
    await settle(new Helmfile("hf", { file: "helmfile.yaml", renderToDirectory: "/tmp/out" }, { pipeline }));
    const namespaces = byType(rec, "kubernetes:core/v1:Namespace");
    expect(namespaces.map((n) => [n.name, n.retainOnDelete])).toEqual([
      ["hf-namespace-holds", true],
      ["hf-namespace-free", false],
    ]);
  });

  it("deploys each release through a provider for its own kubeContext from the kubeconfig", async () => {
    const pipeline = fakePipeline(
      [
        { name: "a", namespace: "n", kubeContext: "ctx-a" },
        { name: "b", namespace: "n", kubeContext: "ctx-b" },
        { name: "c", namespace: "n" },
      ],
      true,
      ["ctx-a", "ctx-b"],
    );
    await settle(new Helmfile("hf", { file: "helmfile.yaml", kubeconfig: "/k/config" }, { pipeline }));
    const providers = byType(rec, "pulumi:providers:kubernetes");
    const inputs = Object.fromEntries(
      providers.map((p) => [p.name, plainValue(p.rawInputs.context) ?? null]),
    );
    expect(inputs).toEqual({ "hf-ctx-a": "ctx-a", "hf-ctx-b": "ctx-b", "hf-default-context": null });
    for (const p of providers) expect(plainValue(p.rawInputs.kubeconfig)).toBe("/k/config");
    const releases = byType(rec, "helmfile:index:Release");
    const providerOf = (name: string): string =>
      String(Object.values(releases.find((r) => r.name === name)?.providers ?? {})[0] ?? "");
    expect(providerOf("hf-ctx-a/n/a")).toContain("::hf-ctx-a::");
    expect(providerOf("hf-ctx-b/n/b")).toContain("::hf-ctx-b::");
    expect(providerOf("hf-n/c")).toContain("::hf-default-context::");
    // The namespace of each context is made in that context's cluster.
    const namespaces = byType(rec, "kubernetes:core/v1:Namespace");
    expect(namespaces.map((n) => [n.name, String(n.provider)]).sort()).toEqual([
      ["hf-namespace-ctx-a-n", expect.stringContaining("::hf-ctx-a::")],
      ["hf-namespace-ctx-b-n", expect.stringContaining("::hf-ctx-b::")],
      ["hf-namespace-n", expect.stringContaining("::hf-default-context::")],
    ]);
  });

  it("waits in an up for a release namespace still being deleted, and deletes its own without waiting", async () => {
    const pipeline = fakePipeline(
      [
        { name: "a", namespace: "going" },
        { name: "b", namespace: "kube-system" },
        { name: "c", namespace: "here", kubeContext: "ctx-a" },
      ],
      true,
      ["ctx-a"],
    );
    // "going" is Terminating for two more answers; the cluster is asked before anything renders.
    let terminating = 2;
    let renders = 0;
    const asked: string[] = [];
    const rendersBefore: number[] = [];
    const info: string[] = [];
    const h = new Helmfile(
      "hf",
      { file: "helmfile.yaml" },
      {
        pipeline: {
          ...pipeline,
          deletingNamespaces: (namespaces) => {
            asked.push(namespaces.map((n) => `${n.kubeContext ?? ""}/${n.namespace}`).join(","));
            rendersBefore.push(renders);
            const out = namespaces.filter((n) => n.namespace === "going" && terminating > 0);
            if (out.length > 0) terminating--;
            return Promise.resolve(out);
          },
          renderReleases: (state, context) => {
            renders++;
            return pipeline.renderReleases(state, context);
          },
        },
        logger: { debug: () => undefined, info: (m) => info.push(m), warn: () => undefined },
      },
    );
    await settle(h);
    // System namespaces are never asked about; the Terminating one until it is gone; all before the render.
    expect(asked).toEqual(["/going,ctx-a/here", "/going", "/going"]);
    expect(rendersBefore).toEqual([0, 0, 0]);
    expect(renders).toBeGreaterThan(0);
    expect(info).toContain(
      "namespace going is being deleted (Terminating): waiting for it to go before applying",
    );
    // The component's own namespaces are deleted without Pulumi's await (the next up waits instead).
    const namespaces = byType(rec, "kubernetes:core/v1:Namespace");
    expect(namespaces.map((n) => [n.name, plainValue(n.rawInputs.metadata)])).toEqual([
      ["hf-namespace-going", { name: "going", annotations: { "pulumi.com/skipAwait": "true" } }],
      ["hf-namespace-ctx-a-here", { name: "here", annotations: { "pulumi.com/skipAwait": "true" } }],
    ]);
  });

  it("with ONLY_RELEASES renders and registers only those releases, named as in a full run, with the whole state's ids and kinds", async () => {
    // "a:b" and "a-b" both sanitise to "n/a-b": the second is "-2" in a full run, and stays so here.
    const pipeline = fakePipeline(
      [
        { name: "a:b", namespace: "n" },
        {
          name: "a-b",
          namespace: "n",
          manifest: "apiVersion: example.com/v1\nkind: Gadget\nmetadata:\n  name: g\n",
        },
        { name: "c", namespace: "m" },
      ],
      true,
    );
    const rendered: string[][] = [];
    const h = new Helmfile(
      "hf",
      { file: "helmfile.yaml" },
      {
        pipeline: {
          ...pipeline,
          // As the loader does: the state file holds the releases (the renderer renders each state's).
          loadDesiredState: async (o, c) => {
            const d = await pipeline.loadDesiredState(o, c);
            return { ...d, states: [{ ...STATE_FILE, releases: d.releases }] };
          },
          renderReleases: (state, context) => {
            rendered.push(state.releases.map((r) => r.id));
            rendered.push(state.states.flatMap((s) => s.releases.map((r) => r.id)));
            return pipeline.renderReleases(state, context);
          },
        },
        [ONLY_RELEASES]: {
          ids: new Set(["n/a-b"]),
          releaseIds: ["n/a:b", "n/a-b", "m/c"],
          clusterScopedKinds: ["example.com/Gadget"],
        },
      },
    );
    await settle(h);
    expect(rendered).toEqual([["n/a-b"], ["n/a-b"]]);
    expect(byType(rec, "helmfile:index:Release").map((r) => r.name)).toEqual(["hf-n/a-b-2"]);
    expect(await new Promise((r) => h.releaseIds.apply(r))).toEqual(["n/a:b", "n/a-b", "m/c"]);
    // The kinds of the whole state: the custom resource stays cluster-scoped, as in a full run.
    const objects = rec.resources.filter((r) => r.type === "kubernetes:example.com/v1:Gadget");
    expect(
      objects.map((o) => (plainValue(o.rawInputs.metadata) as { namespace?: string }).namespace),
    ).toEqual([undefined]);
  });

  it("with ONLY_RELEASES and a plan handed over, takes that plan: nothing loaded or rendered again, the plan's releases registered", async () => {
    const pipeline = fakePipeline(
      [
        { name: "a", namespace: "n" },
        { name: "b", namespace: "n" },
      ],
      true,
    );
    const only = { ids: new Set(["n/b"]), releaseIds: ["n/a", "n/b"], clusterScopedKinds: [] };
    const plan = planHelmfile({ file: "helmfile.yaml" }, pipeline, {
      componentName: "hf",
      providerInOptions: false,
      logger: { debug: () => undefined, info: () => undefined, warn: () => undefined },
      refuseSelectors: false,
      namespaces: "warn",
      onlyReleases: only,
    });
    await plan;
    const loads = pipeline.calls;
    let rendered = 0;
    const h = new Helmfile(
      "hf",
      { file: "helmfile.yaml" },
      {
        pipeline: {
          ...pipeline,
          renderReleases: (state, context) => {
            rendered++;
            return pipeline.renderReleases(state, context);
          },
        },
        [ONLY_RELEASES]: { ...only, plan },
      },
    );
    await settle(h);
    expect(pipeline.calls).toBe(loads);
    expect(rendered).toBe(0);
    expect(byType(rec, "helmfile:index:Release").map((r) => r.name)).toEqual(["hf-n/b"]);
    expect(await new Promise((r) => h.releaseIds.apply(r))).toEqual(["n/a", "n/b"]);
  });

  it("with ONLY_RELEASES and the narrowed plan of a plan of every release, registers what the plan of only those releases registers", async () => {
    const releases = [
      { name: "a", namespace: "n" },
      { name: "b", namespace: "m", fields: { createNamespace: true } },
      { name: "c", namespace: "n" },
    ];
    const options = {
      componentName: "hf",
      providerInOptions: false,
      logger: { debug: () => undefined, info: () => undefined, warn: () => undefined },
      refuseSelectors: false,
      namespaces: "warn" as const,
    };
    const only = { ids: new Set(["m/b", "n/c"]), releaseIds: ["n/a", "m/b", "n/c"], clusterScopedKinds: [] };
    const all = await planHelmfile({ file: "helmfile.yaml" }, fakePipeline(releases, true), options);
    const narrowed = narrowedPlan(all, only.ids, "hf");
    const own = await planHelmfile({ file: "helmfile.yaml" }, fakePipeline(releases, true), {
      ...options,
      onlyReleases: only,
    });
    expect(narrowed?.plans.map((p) => p.id)).toEqual(["m/b", "n/c"]);
    expect([narrowed?.namespaceNames, narrowed?.providerNames]).toEqual([
      own.namespaceNames,
      own.providerNames,
    ]);
    expect([...(narrowed?.registrations.keys() ?? [])]).toEqual(["hf-m/b", "hf-n/c"]);
    const registered = async (plan: typeof own): Promise<unknown[]> => {
      const before = rec.resources.length;
      const h = new Helmfile(
        "hf",
        { file: "helmfile.yaml" },
        { pipeline: fakePipeline(releases, true), [ONLY_RELEASES]: { ...only, plan: Promise.resolve(plan) } },
      );
      await settle(h);
      return rec.resources.slice(before).map((r) => [r.type, r.name, plainValue(r.rawInputs)]);
    };
    const fromNarrowed = await registered(narrowed ?? own);
    expect(fromNarrowed.length).toBeGreaterThan(2);
    expect(fromNarrowed).toEqual(await registered(own));
    // Not for a release the plan did not render, nor one it does not hold.
    expect(narrowedPlan(all, new Set(["n/x"]), "hf")).toBeUndefined();
    const answered = {
      ...all,
      plans: all.plans.map((p) => (p.id === "n/c" ? { ...p, recordedRender: {} as never } : p)),
    };
    expect(narrowedPlan(answered, only.ids, "hf")).toBeUndefined();
  });

  it("with a handed plan that failed, fails with its error", async () => {
    const pipeline = fakePipeline([{ name: "a", namespace: "n" }], true);
    const failed = Promise.reject(new EmitError("EMIT_RELEASE_FAILED", "release n/a: helm said no"));
    failed.catch(() => undefined);
    const h = new Helmfile(
      "hf",
      { file: "helmfile.yaml" },
      {
        pipeline,
        [OWNS_FAILURE]: true,
        [ONLY_RELEASES]: { ids: new Set(["n/a"]), releaseIds: ["n/a"], clusterScopedKinds: [], plan: failed },
      },
    );
    const err = await h.releases.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isHelmfileError(err) && err.code).toBe("EMIT_RELEASE_FAILED");
    expect(pipeline.calls).toBe(0);
    expect(byType(rec, "helmfile:index:Release")).toEqual([]);
  });

  it("fails naming the release and the context when the context is not in the kubeconfig", async () => {
    const pipeline = fakePipeline([{ name: "a", namespace: "n", kubeContext: "ctx-missing" }], true, [
      "ctx-a",
    ]);
    // Owned: the error itself, not the unhandled rejection that fails a user's program (which jest
    // would take for its own; tests/component/program-failure.test.ts checks that one).
    const h = new Helmfile("hf", { file: "helmfile.yaml" }, { pipeline, [OWNS_FAILURE]: true });
    const err = await h.releases.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isHelmfileError(err) && err.code).toBe("CONFIG_UNKNOWN_KUBE_CONTEXT");
    expect(String((err as Error).message)).toContain("release ctx-missing/n/a");
    expect(String((err as Error).message)).toContain('"ctx-missing"');
    expect(byType(rec, "helmfile:index:Release")).toEqual([]);
  });

  it("lets two components hold the same release ids: every child name carries the component's name", async () => {
    const releases = [{ name: "app", namespace: "web" }];
    await settle(
      new Helmfile(
        "team-a",
        { file: "a.yaml", renderToDirectory: "/tmp/a" },
        { pipeline: fakePipeline(releases) },
      ),
    );
    await settle(
      new Helmfile(
        "team-b",
        { file: "b.yaml", renderToDirectory: "/tmp/b" },
        { pipeline: fakePipeline(releases) },
      ),
    );
    const names = rec.resources.map((r) => `${r.type}::${r.name}`);
    expect(new Set(names).size).toBe(names.length);
    expect(byType(rec, "helmfile:index:Release").map((r) => r.name)).toEqual([
      "team-a-web/app",
      "team-b-web/app",
    ]);
  });
});

describe("Helmfile in mode helm-release", () => {
  let rec: MockRecorder;
  beforeEach(async () => {
    rec = await recordMockResources({ preview: false });
  });

  it("passes helmfile's install settings to the helm release", async () => {
    const pipeline = fakePipeline(
      [
        {
          name: "app",
          namespace: "web",
          fields: {
            timeout: 120n,
            atomic: true,
            historyMax: 3n,
            wait: true,
            waitForJobs: true,
            skipCRDs: true,
          },
        },
        { name: "plain", namespace: "web", fields: { createNamespace: false } },
      ],
      true,
    );
    await settle(new Helmfile("hf", { file: "helmfile.yaml", mode: "helm-release" }, { pipeline }));
    const helmReleases = byType(rec, "kubernetes:helm.sh/v3:Release");
    const app = helmReleases.find((r) => r.name === "hf-web/app");
    const plain = helmReleases.find((r) => r.name === "hf-web/plain");
    expect(plainValue(app?.rawInputs.timeout)).toBe(120);
    expect(plainValue(app?.rawInputs.atomic)).toBe(true);
    expect(plainValue(app?.rawInputs.maxHistory)).toBe(3);
    expect(plainValue(app?.rawInputs.skipAwait)).toBe(false);
    expect(plainValue(app?.rawInputs.waitForJobs)).toBe(true);
    expect(plainValue(app?.rawInputs.skipCrds)).toBe(true);
    expect(plainValue(app?.rawInputs.createNamespace)).toBe(true);
    // helmfile's defaults: no --wait, --history-max 10, namespace created unless disabled.
    expect(plainValue(plain?.rawInputs.skipAwait)).toBe(true);
    expect(plainValue(plain?.rawInputs.maxHistory)).toBe(10);
    expect(plainValue(plain?.rawInputs.createNamespace)).toBe(false);
    // helm creates the namespace itself: no Namespace resource in this mode.
    expect(byType(rec, "kubernetes:core/v1:Namespace")).toEqual([]);
  });
});

describe("Helmfile previews a release namespace still being deleted", () => {
  let rec: MockRecorder;
  beforeEach(async () => {
    rec = await recordMockResources({ preview: true });
  });

  it("says that up will wait for it, and does not wait: helm renders beside the question", async () => {
    const pipeline = fakePipeline([{ name: "a", namespace: "going" }], true);
    const asked: string[] = [];
    const warned: string[] = [];
    let renders = 0;
    const rendersWhenAnswered: number[] = [];
    await settle(
      new Helmfile(
        "hf",
        { file: "helmfile.yaml" },
        {
          pipeline: {
            ...pipeline,
            deletingNamespaces: async (namespaces) => {
              asked.push(namespaces.map((n) => n.namespace).join(","));
              await new Promise((r) => setTimeout(r, 50));
              rendersWhenAnswered.push(renders);
              return namespaces;
            },
            renderReleases: (state, context) => {
              renders++;
              return pipeline.renderReleases(state, context);
            },
          },
          logger: { debug: () => undefined, info: () => undefined, warn: (m) => warned.push(m) },
        },
      ),
    );
    expect(asked).toEqual(["going"]);
    expect(rendersWhenAnswered).toEqual([1]);
    expect(warned).toEqual([
      "namespace going is being deleted (Terminating): `up` will wait for it to go, then create it again",
    ]);
    expect(byType(rec, "helmfile:index:Release").map((r) => r.name)).toEqual(["hf-going/a"]);
  });
});
