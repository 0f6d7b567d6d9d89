/**
 * The keys of a release's CRDs as its Release registers them: those of the chart's `crds/` folder,
 * or with `all` those of its templates too (in the same group).
 */
import { crdsDirResourceKeys } from "./object-keys";

const crd = (source: string, name: string): string =>
  `---
# Source: chart/${source}
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: ${name}
`;
const manifest = [
  crd("crds/widgets.yaml", "widgets.example.com"),
  crd("templates/gadgets.yaml", "gadgets.example.com"),
  `---
# Source: chart/templates/cm.yaml
apiVersion: v1
kind: ConfigMap
metadata:
  name: cm
`,
].join("");
const TYPE = "kubernetes:apiextensions.k8s.io/v1:CustomResourceDefinition";

describe("crdsDirResourceKeys", () => {
  const options = { skipCrds: false, secret: false };

  it("names the CRDs of crds/ under the release's CRD group", () => {
    expect(crdsDirResourceKeys(manifest, "rel", options)).toEqual([`${TYPE}::rel-crds:widgets.example.com`]);
  });

  it("with all, names those of the templates too, in manifest order, and no other object", () => {
    expect(crdsDirResourceKeys(manifest, "rel", { ...options, all: true })).toEqual([
      `${TYPE}::rel-crds:widgets.example.com`,
      `${TYPE}::rel-crds:gadgets.example.com`,
    ]);
  });

  it("with skipCrds, names none of crds/ (helmfile's skipCRDs), but still those of the templates", () => {
    const skip = { ...options, skipCrds: true };
    expect(crdsDirResourceKeys(manifest, "rel", skip)).toEqual([]);
    expect(crdsDirResourceKeys(manifest, "rel", { ...skip, all: true })).toEqual([
      `${TYPE}::rel-crds:gadgets.example.com`,
    ]);
  });
});
