/**
 * Independent expectations for component tests: manifests rendered by running the real helm
 * (`HELM_BINARY`) directly, and a semantic multi-document YAML comparison like helmfile's dyff.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseAllDocuments } from "yaml";

/** Values for {@link helmTemplate}: `-f` sources (a path, or an object written to a file) and `--set` flags. */
export interface HelmTemplateValues {
  readonly files?: readonly unknown[];
  readonly set?: readonly string[];
}

/**
 * Runs `helm template <release> <chart> --namespace <ns> [-f …] [--set …]` and returns stdout.
 * `values` is one object for a single `-f`, or {@link HelmTemplateValues}.
 */
export function helmTemplate(release: string, chart: string, namespace: string, values?: unknown): string {
  const helm = process.env.HELM_BINARY ?? "helm";
  const dir = mkdtempSync(join(tmpdir(), "ph-expect-"));
  try {
    const args = ["template", release, chart, "--namespace", namespace];
    const spec: HelmTemplateValues = isSpec(values)
      ? values
      : { files: values === undefined ? [] : [values] };
    (spec.files ?? []).forEach((v, i) => {
      if (typeof v === "string") {
        args.push("-f", v);
        return;
      }
      const file = join(dir, `values-${i}.json`);
      writeFileSync(file, JSON.stringify(v));
      args.push("-f", file);
    });
    for (const s of spec.set ?? []) args.push("--set", s);
    const home = {
      HELM_CACHE_HOME: join(dir, "cache"),
      HELM_CONFIG_HOME: join(dir, "config"),
      HELM_DATA_HOME: join(dir, "data"),
    };
    return execFileSync(helm, args, { encoding: "utf8", env: { ...process.env, ...home } });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Parses multi-document YAML into plain documents, dropping empty ones (comments ignored). */
export function yamlDocuments(text: string): unknown[] {
  return parseAllDocuments(text)
    .map((d) => d.toJS() as unknown)
    .filter((d) => d !== null && d !== undefined);
}

function isSpec(v: unknown): v is HelmTemplateValues {
  return (
    typeof v === "object" &&
    v !== null &&
    ("files" in v || "set" in v) &&
    Object.keys(v).every((k) => k === "files" || k === "set")
  );
}

/** Kinds the tests' charts use that are cluster-scoped (Kubernetes API reference). */
const CLUSTER_SCOPED = new Set([
  "Namespace",
  "ClusterRole",
  "ClusterRoleBinding",
  "CustomResourceDefinition",
]);

/**
 * The objects `helm install --namespace <ns>` would create from helm's output: every
 * document parsed with the `yaml` package, and namespaced objects without a namespace put
 * into the release namespace, each with `pulumi.com/patchForce: "true"` (helm's upgrade overwrites
 * out-of-band changes; see src/emit/manifest-objects.ts). CRDs are left out (they go to a group of their own).
 * With `skipAwait` (helm installs without `--wait`) each also carries `pulumi.com/skipAwait: "true"`,
 * the Kubernetes provider's documented switch for not awaiting an object.
 */
export function expectedObjects(manifest: string, namespace: string, skipAwait = false): unknown[] {
  return parseAllDocuments(manifest)
    .map((d) => d.toJS() as Record<string, unknown> | null)
    .filter((o): o is Record<string, unknown> => o !== null && Object.keys(o).length > 0)
    .filter((o) => o.kind !== "CustomResourceDefinition")
    .map((o) => {
      const metadata = (o.metadata ?? {}) as Record<string, unknown>;
      const annotations = {
        ...((metadata.annotations ?? {}) as object),
        "pulumi.com/patchForce": "true",
        "pulumi.com/deletionPropagationPolicy": "background",
        "pulumi.com/patchFieldManager": "pulumi-helmfile",
        ...(skipAwait ? { "pulumi.com/skipAwait": "true" } : {}),
      };
      if (namespace === "" || CLUSTER_SCOPED.has(String(o.kind)) || metadata.namespace !== undefined)
        return { ...o, metadata: { ...metadata, annotations } };
      return { ...o, metadata: { ...metadata, namespace, annotations } };
    });
}

/** Objects in a stable order (kind, namespace, name), to compare what was registered concurrently. */
export function byIdentity(objs: readonly unknown[]): unknown[] {
  const key = (o: unknown): string => {
    const x = o as { kind?: string; metadata?: { namespace?: string; name?: string } };
    return `${x.kind ?? ""}/${x.metadata?.namespace ?? ""}/${x.metadata?.name ?? ""}`;
  };
  return [...objs].sort((a, b) => key(a).localeCompare(key(b)));
}
