/**
 * The Kubernetes objects a Release registers (mode `manifests`), read from a mock recording:
 * each object is a resource of the Release named `<group>:<namespace>/<name>`, the group being the
 * release (`hf-ns/app`), its CRDs (`…-crds`), its keep objects (`…-keep`) or one hook.
 */
import { plainValue, type MockRecorder, type RecordedResource } from "../../src/testing";

/** The objects of one group, in registration order. */
export function groupObjects(rec: MockRecorder, group: string): RecordedResource[] {
  return rec.resources.filter((r) => r.custom && r.name.startsWith(`${group}:`));
}

/** An object's inputs as plain data (secrets unwrapped, unset fields left out). */
export function objectInputs(r: RecordedResource | undefined): Record<string, unknown> {
  const plain = plainValue(r?.rawInputs ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(plain).filter(([, v]) => v !== undefined && v !== null));
}

/** A chart's `crds/` CustomResourceDefinition of `kind` (example.com/v1), as helm renders it. */
export function exampleCrd(kind: string, plural: string, scope: "Namespaced" | "Cluster"): string {
  return `---
# Source: app/crds/${plural}.yaml
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: ${plural}.example.com
spec:
  group: example.com
  scope: ${scope}
  names: { kind: ${kind}, plural: ${plural} }
  versions: [{ name: v1, served: true, storage: true, schema: { openAPIV3Schema: { type: object } } }]
`;
}

/** The CustomResourceDefinition of a namespaced `Widget` (example.com/v1). */
export const WIDGET_CRD = exampleCrd("Widget", "widgets", "Namespaced");
