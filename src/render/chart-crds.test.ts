import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { parseAllDocuments } from "yaml";
import { chartCrdKinds, holdsUnservedKind, isCrdFile, servedKinds } from "./chart-crds";
import { tarGzEntries } from "./chart-purity";

const PUBLIC = join(__dirname, "..", "..", "tests", "fixtures", "public-charts");
const REAL_SHAPES = join(
  __dirname,
  "..",
  "..",
  "tests",
  "e2e",
  "fixtures",
  "real-shapes",
  "charts",
  "platform",
);

/** What a YAML parser reads as each CRD's `spec.group/spec.names.kind` in the chart's crds/ files. */
function parsedKinds(files: Array<{ path: string; content: Uint8Array }>, inArchive: boolean): string[] {
  const out: string[] = [];
  for (const f of files) {
    if (!isCrdFile(f.path, inArchive)) continue;
    for (const doc of parseAllDocuments(Buffer.from(f.content).toString("utf8"))) {
      const o = doc.toJS() as { kind?: string; spec?: { group?: string; names?: { kind?: string } } } | null;
      if (o?.kind !== "CustomResourceDefinition") continue;
      out.push(`${o.spec?.group}/${o.spec?.names?.kind}`);
    }
  }
  return out;
}

describe("the kinds of a chart's crds/ CRDs, read from their text", () => {
  const archives = readdirSync(PUBLIC).filter((f) => f.endsWith(".tgz"));

  it.each(archives)("%s: the same group/kind pairs as a YAML parser reads", (archive) => {
    const files = tarGzEntries(readFileSync(join(PUBLIC, archive)));
    expect(chartCrdKinds(files, true)).toEqual(parsedKinds(files, true));
  });

  it("finds kube-prometheus-stack's CRDs in its crds subchart's crds/ folder", () => {
    const files = tarGzEntries(readFileSync(join(PUBLIC, "kube-prometheus-stack-88.5.3.tgz")));
    expect(chartCrdKinds(files, true)).toContain("monitoring.coreos.com/ServiceMonitor");
    // argo-cd's CRDs are templates (templates/crds/), which helm renders, not crds/ files.
    const argo = tarGzEntries(readFileSync(join(PUBLIC, "argo-cd-10.1.1.tgz")));
    expect(argo.some((f) => f.path.startsWith("argo-cd/templates/crds/"))).toBe(true);
    expect(chartCrdKinds(argo, true)).toEqual([]);
  });

  it("reads the real-shapes chart's Widget CRD", () => {
    const rel = "crds/widgets.yaml";
    const files = [{ path: rel, content: readFileSync(join(REAL_SHAPES, rel)) }];
    expect(chartCrdKinds(files, false)).toEqual(parsedKinds(files, false));
    expect(chartCrdKinds(files, false)).toHaveLength(1);
  });

  it("counts a CRD whose group or kind is not written plainly as one not served ('?')", () => {
    const flow =
      "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nspec: {group: a.example.com, names: {kind: A}}\n";
    expect(chartCrdKinds([{ path: "c/crds/a.yaml", content: Buffer.from(flow) }], true)).toEqual(["?"]);
  });

  it("takes only the files helm installs as CRDs", () => {
    expect(isCrdFile("crds/a.yaml", false)).toBe(true);
    expect(isCrdFile("charts/sub/charts/deeper/crds/a.yaml", false)).toBe(true);
    expect(isCrdFile("templates/crds/a.yaml", false)).toBe(false);
    expect(isCrdFile("chart/charts/sub/crds/b.yml", true)).toBe(true);
    expect(isCrdFile("chart/crds/c.json", true)).toBe(true);
    expect(isCrdFile("chart/templates/crds/d.yaml", true)).toBe(false);
    expect(isCrdFile("chart/crds/README.md", true)).toBe(false);
  });
});

describe("objects of kinds the cluster does not serve", () => {
  // helm's .Capabilities.APIVersions: `group/version` and `group/version/Kind` (core: `v1/Kind`).
  const apiVersions = [
    "v1",
    "v1/ConfigMap",
    "apps/v1",
    "apps/v1/Deployment",
    "example.com/v1",
    "example.com/v1/Gadget",
  ];

  it("the served group/kind pairs drop the version", () => {
    expect([...servedKinds(apiVersions)].sort()).toEqual(["apps/Deployment", "example.com/Gadget"]);
  });

  it("a manifest with an object of an unserved kind or version holds one; served ones and empty documents do not", () => {
    const served =
      '---\n# Source: c/templates/cm.yaml\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n---\n# Source: c/templates/d.yaml\napiVersion: apps/v1\nkind: "Deployment"\n---\n';
    expect(holdsUnservedKind(served, apiVersions)).toBe(false);
    expect(holdsUnservedKind(`${served}apiVersion: example.com/v2\nkind: Gadget\n`, apiVersions)).toBe(true);
    expect(holdsUnservedKind(`${served}apiVersion: other.com/v1\nkind: Widget\n`, apiVersions)).toBe(true);
    // A nested `kind:` is not the object's.
    expect(holdsUnservedKind("apiVersion: v1\nkind: ConfigMap\ndata:\n  kind: Widget\n", apiVersions)).toBe(
      false,
    );
  });
});
