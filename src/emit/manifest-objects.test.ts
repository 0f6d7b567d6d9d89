/**
 * Decoded manifests kept between runs: only manifests that are not secret, read back exactly as
 * decoded, never when JSON cannot carry a value (YAML's `.inf`).
 */
import {
  forgetDecodedManifests,
  manifestObjects,
  releaseObjects,
  useDecodedManifestStore,
  type DecodedManifestStore,
} from "./manifest-objects";

class MemoryStore implements DecodedManifestStore {
  readonly entries = new Map<string, string>();
  reads = 0;
  get(key: string): string | undefined {
    this.reads++;
    return this.entries.get(key);
  }
  put(key: string, json: string): void {
    this.entries.set(key, json);
  }
}

const MANIFEST = [
  '---\n# Source: app/templates/cm.yaml\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\ndata:\n  port: "80"\n  enabled: yes\n',
  "---\n# Source: app/templates/dep.yaml\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 2\n",
].join("");

describe("decoded manifest store", () => {
  let store: MemoryStore;
  beforeEach(() => {
    store = new MemoryStore();
    useDecodedManifestStore(store);
  });
  afterAll(() => useDecodedManifestStore(undefined));

  it("keeps a manifest that is not secret and reads it back as decoded", () => {
    const first = releaseObjects(MANIFEST, "ns/app", { namespace: "ns", storable: true });
    expect(store.entries.size).toBe(1);
    const second = releaseObjects(MANIFEST, "ns/app", { namespace: "ns", storable: true });
    expect(second).toEqual(first);
    // go-yaml v2 reads an unquoted `yes` as a boolean; the stored copy keeps it one.
    expect((second.objects[0]?.data as Record<string, unknown>).enabled).toBe(true);
    expect(second.objects[1]?.spec).toEqual({ replicas: 2 });
  });

  it("takes what the store holds for the manifest (it is consulted, not only written)", () => {
    releaseObjects(MANIFEST, "ns/app", { namespace: "ns", storable: true });
    const [key] = [...store.entries.keys()];
    const held = JSON.parse(store.entries.get(key ?? "") ?? "[]") as Array<{ obj: Record<string, unknown> }>;
    held[1] = { ...held[1], obj: { ...held[1]?.obj, spec: { replicas: 7 } } } as (typeof held)[number];
    store.entries.set(key ?? "", JSON.stringify(held));
    forgetDecodedManifests();
    expect(releaseObjects(MANIFEST, "ns/app", { namespace: "ns", storable: true }).objects[1]?.spec).toEqual({
      replicas: 7,
    });
  });

  it("neither reads nor keeps a secret manifest, nor one with a value JSON cannot carry", () => {
    releaseObjects(MANIFEST, "ns/app", { namespace: "ns" });
    expect([store.reads, store.entries.size]).toEqual([0, 0]);
    const inf = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\nlimits:\n  max: .inf\n";
    const objs = releaseObjects(inf, "ns/app", { namespace: "ns", storable: true });
    expect((objs.objects[0]?.limits as Record<string, unknown>).max).toBe(Number.POSITIVE_INFINITY);
    expect(store.entries.size).toBe(0);
  });

  it("decodes again when the held entry is damaged", () => {
    releaseObjects(MANIFEST, "ns/app", { namespace: "ns", storable: true });
    const [key] = [...store.entries.keys()];
    store.entries.set(key ?? "", "{not json");
    forgetDecodedManifests();
    expect(releaseObjects(MANIFEST, "ns/app", { namespace: "ns", storable: true }).objects.length).toBe(2);
    expect(() => JSON.parse(store.entries.get(key ?? "") ?? "") as unknown).not.toThrow();
  });

  describe("large documents kept on their own", () => {
    // A document past the size below which documents are decoded each time (4 KiB), as CRDs are.
    const big = (name: string): string =>
      `---\n# Source: app/crds/${name}.yaml\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: ${name}\nspec:\n  group: example.com\n  versions:\n${Array.from({ length: 120 }, (_, i) => `    - name: v${i}\n      served: ${i === 0 ? "yes" : "false"}\n`).join("")}`;
    const secretDoc =
      "---\n# Source: app/templates/s.yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: s\nstringData:\n  password: hunter2\n";
    const deployment = (replicas: number): string =>
      `---\n# Source: app/templates/dep.yaml\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: ${replicas}\n`;

    it("keeps a release's large documents when only a Secret object makes it secret, and reads them back after a change elsewhere", () => {
      expect(big("a").length).toBeGreaterThan(4096);
      const first = releaseObjects(big("a") + secretDoc + deployment(1), "ns/app", {
        namespace: "ns",
        documentsStorable: true,
      });
      // Only the large document: the Secret is never kept, the small Deployment is decoded each time.
      expect(store.entries.size).toBe(1);
      const [key] = [...store.entries.keys()];
      expect(store.entries.get(key ?? "")).not.toContain("hunter2");
      expect(store.entries.get(key ?? "")).toContain('"served":true');
      // The stored document is consulted: a changed copy there is what a later decode of it gives.
      const held = JSON.parse(store.entries.get(key ?? "") ?? "[]") as Array<Record<string, unknown>>;
      store.entries.set(key ?? "", JSON.stringify([{ ...held[0], metadata: { name: "from-store" } }]));
      forgetDecodedManifests();
      const second = releaseObjects(big("a") + secretDoc + deployment(2), "ns/app", {
        namespace: "ns",
        documentsStorable: true,
      });
      expect((second.crds[0]?.metadata as Record<string, unknown>).name).toBe("from-store");
      expect(second.objects.map((o) => o.kind)).toEqual(["Secret", "Deployment"]);
      expect(second.objects[1]?.spec).toEqual({ replicas: 2 });
      expect(first.crds).toHaveLength(1);
    });

    it("neither reads nor keeps documents of a release whose values are secret", () => {
      releaseObjects(big("a") + deployment(1), "ns/app", { namespace: "ns" });
      expect([store.reads, store.entries.size]).toEqual([0, 0]);
    });

    it("does not keep a large document that holds a Secret, at any depth", () => {
      const list = `---\n# Source: app/templates/list.yaml\napiVersion: v1\nkind: List\nitems:\n  - apiVersion: v1\n    kind: Secret\n    metadata:\n      name: s\n    stringData:\n      password: hunter2\n      pad: "${"x".repeat(5000)}"\n`;
      releaseObjects(list, "ns/app", { namespace: "ns", documentsStorable: true });
      expect(store.entries.size).toBe(0);
      // Written as JSON (a flow mapping), which the text's `kind: Secret` line does not show.
      const flow = `---\n# Source: app/templates/s.json\n{"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "s"}, "stringData": {"pad": "${"x".repeat(5000)}"}}\n`;
      releaseObjects(flow, "ns/app", { namespace: "ns", documentsStorable: true });
      expect(store.entries.size).toBe(0);
    });

    it("keeps the large documents of a manifest kept whole as well, so a changed render reads them", () => {
      releaseObjects(big("a") + deployment(1), "ns/app", { namespace: "ns", storable: true });
      expect(store.entries.size).toBe(2);
      forgetDecodedManifests();
      const reads = store.reads;
      releaseObjects(big("a") + deployment(3), "ns/app", { namespace: "ns", storable: true });
      // The whole manifest missed, its large document hit: one more entry (the new whole manifest).
      expect(store.reads - reads).toBe(2);
      expect(store.entries.size).toBe(3);
    });
  });
});

describe("manifests decoded in this process", () => {
  beforeEach(() => forgetDecodedManifests());

  it("decodes a manifest once, handing each caller its own copy", () => {
    const store = new MemoryStore();
    useDecodedManifestStore(store);
    try {
      const first = manifestObjects(MANIFEST);
      (first[1]?.spec as Record<string, unknown>).replicas = 99;
      const second = manifestObjects(MANIFEST);
      expect(second[1]?.spec).toEqual({ replicas: 2 });
      expect(second[0]).not.toBe(first[0]);
      // A release's objects read the same decoding, with their namespace added (copies again).
      const objs = releaseObjects(MANIFEST, "ns/app", { namespace: "ns" });
      expect(objs.objects[1]?.spec).toEqual({ replicas: 2 });
      expect(manifestObjects(MANIFEST)[0]).not.toHaveProperty("metadata.namespace");
      // Not secret-free (not storable): never written to the store between runs.
      expect([store.reads, store.entries.size]).toEqual([0, 0]);
    } finally {
      useDecodedManifestStore(undefined);
    }
  });

  it("are kept when a store of the same identity is set again (each pipeline sets its own), not for another", () => {
    const first = new MemoryStore();
    useDecodedManifestStore(first, "/cache/decoded");
    try {
      releaseObjects(MANIFEST, "ns/app", { namespace: "ns", storable: true });
      expect(first.entries.size).toBe(1);
      const again = new MemoryStore();
      useDecodedManifestStore(again, "/cache/decoded");
      expect(releaseObjects(MANIFEST, "ns/app", { namespace: "ns", storable: true }).objects).toHaveLength(2);
      // Read from this process's memory: the new store is not even asked.
      expect(again.reads).toBe(0);
      const other = new MemoryStore();
      useDecodedManifestStore(other, "/elsewhere/decoded");
      releaseObjects(MANIFEST, "ns/app", { namespace: "ns", storable: true });
      expect([other.reads, other.entries.size]).toEqual([1, 1]);
    } finally {
      useDecodedManifestStore(undefined);
    }
  });

  it("keeps a manifest JSON cannot carry exactly out of it, and still fails a broken one each time", () => {
    const inf = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\nlimits:\n  max: .inf\n";
    expect((manifestObjects(inf)[0]?.limits as Record<string, unknown>).max).toBe(Number.POSITIVE_INFINITY);
    expect((manifestObjects(inf)[0]?.limits as Record<string, unknown>).max).toBe(Number.POSITIVE_INFINITY);
    const broken = "apiVersion: v1\nkind: [\n";
    expect(() => releaseObjects(broken, "ns/app", { namespace: "ns" })).toThrow(/release ns\/app/);
    expect(() => releaseObjects(broken, "ns/app", { namespace: "ns" })).toThrow(/release ns\/app/);
  });
});

describe("the annotations every object gets", () => {
  const annotationsOf = (manifest: string): unknown[] => {
    const { crds, objects } = releaseObjects(manifest, "test-a/ns/app", { namespace: "ns" });
    return [...crds, ...objects].map((o) => (o.metadata as { annotations?: unknown }).annotations);
  };

  it("one field manager for all, beside force and background deletion, the chart's own kept", () => {
    const manifest = [
      "---\n# Source: app/crds/w.yaml\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: ws.example.com\n",
      "---\n# Source: app/templates/cm.yaml\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\n  annotations:\n    team: a\n",
    ].join("");
    const expected = {
      "pulumi.com/patchForce": "true",
      "pulumi.com/deletionPropagationPolicy": "background",
      "pulumi.com/patchFieldManager": "pulumi-helmfile",
    };
    expect(annotationsOf(manifest)).toEqual([expected, { team: "a", ...expected }]);
  });

  it("leaves a field manager the chart names itself", () => {
    const manifest =
      "---\n# Source: app/templates/cm.yaml\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\n  annotations:\n    pulumi.com/patchFieldManager: mine\n";
    expect(annotationsOf(manifest)).toEqual([
      {
        "pulumi.com/patchFieldManager": "mine",
        "pulumi.com/patchForce": "true",
        "pulumi.com/deletionPropagationPolicy": "background",
      },
    ]);
  });
});

describe("numbers as the API server receives them", () => {
  // A CRD schema as public charts write it: an int64 bound, a uint64 and float bounds, an exponent.
  const CRD = [
    "---",
    "# Source: app/crds/thing.yaml",
    "apiVersion: apiextensions.k8s.io/v1",
    "kind: CustomResourceDefinition",
    "metadata:",
    "  name: things.example.com",
    "spec:",
    "  group: example.com",
    "  versions:",
    "    - name: v1",
    "      schema:",
    "        openAPIV3Schema:",
    "          type: object",
    "          properties:",
    "            count:",
    "              type: integer",
    "              maximum: 9223372036854775000",
    "              minimum: -9223372036854775808",
    "            big:",
    "              type: integer",
    "              maximum: 18446744073709551615",
    "            ratio:",
    "              type: number",
    "              maximum: 1.5e+300",
    "              multipleOf: 0.01",
    "            small:",
    "              type: integer",
    "              maximum: 9007199254740993",
    "",
  ].join("\n");

  it("carries every integer as a JSON number (never a tagged map), the nearest double of its decimal", () => {
    const { crds } = releaseObjects(CRD, "ns/app", { namespace: "ns" });
    const spec = crds[0]?.spec as {
      versions: Array<{
        schema: { openAPIV3Schema: { properties: Record<string, Record<string, unknown>> } };
      }>;
    };
    const props = spec.versions[0]?.schema.openAPIV3Schema.properties ?? {};
    // What Go's strconv.ParseFloat (and so the API server's float64 fields) makes of each decimal:
    // the IEEE 754 nearest double, which JavaScript's Number() also computes.
    // 9223372036854775000 lies between the doubles 2^63-1024 and 2^63; Go's ParseFloat gives 9.223372036854775e+18.
    expect(props.count).toEqual({ type: "integer", maximum: 2 ** 63 - 1024, minimum: -(2 ** 63) });
    expect(props.big).toEqual({ type: "integer", maximum: 2 ** 64 });
    expect(props.ratio).toEqual({ type: "number", maximum: 1.5e300, multipleOf: 0.01 });
    expect(props.small?.maximum).toBe(2 ** 53); // 2^53+1: a tie, to even
    // Serialized as the provider serializes a double: a plain number, parsed back to the same value.
    const json = JSON.stringify(crds[0]);
    expect(json).not.toContain("$int64");
    expect(JSON.parse(json)).toEqual(crds[0]);
  });
});

describe("a chart's crds/ told apart", () => {
  const crd = (name: string): string =>
    [
      "apiVersion: apiextensions.k8s.io/v1",
      "kind: CustomResourceDefinition",
      `metadata: { name: ${name}.example.com }`,
      `spec: { group: example.com, scope: Namespaced, names: { kind: K, plural: ${name} }, versions: [] }`,
    ].join("\n");
  // As helm prints kube-prometheus-stack's: a subchart's crds/ file with a comment header and a
  // `---` of its own, then a template's CRD.
  const MANIFEST = [
    "---",
    "# Source: stack/charts/crds/crds/crd-a.yaml",
    "# https://example.com/upstream/crd-a.yaml",
    "---",
    crd("alphas"),
    "---",
    "# Source: stack/charts/crds/crds/crd-b.yaml",
    crd("betas"),
    "---",
    "# Source: stack/templates/crds/crd-c.yaml",
    crd("gammas"),
    "",
  ].join("\n");

  it("by helm's Source path, carried over the file's own documents", () => {
    const { crds, crdsDir } = releaseObjects(MANIFEST, "ns/app", { namespace: "ns" });
    const names = (xs: readonly Record<string, unknown>[]): string[] =>
      xs.map((c) => (c.metadata as { name: string }).name);
    expect(names(crds)).toEqual(["alphas.example.com", "betas.example.com", "gammas.example.com"]);
    expect(names(crds.filter((c) => crdsDir.has(c)))).toEqual(["alphas.example.com", "betas.example.com"]);
    expect(names(releaseObjects(MANIFEST, "ns/app", { namespace: "ns", skipCrds: true }).crds)).toEqual([
      "gammas.example.com",
    ]);
  });
});
