/**
 * Sub-helmfile `inherits:`: parent configuration a child helmfile asks for (repositories,
 * helmDefaults, commonLabels, apiVersions, kubeVersion, templates, environments). The
 * child's own settings win; the parent fills gaps.
 */
import { copyEnvironment, type EnvironmentLayers } from "../merge/index";
import { ALLOWED_INHERITS, type HelmDefaults, type ReleaseSpec, type StateSpec } from "./schema";
import { structuredCloneSpec } from "./release-exec";
import { mergeStructs } from "./struct-merge";

export { ALLOWED_INHERITS };

/** What a child inherits from its parent. */
export interface InheritedConfig {
  readonly repositories?: NonNullable<StateSpec["repositories"]>;
  readonly helmDefaults?: HelmDefaults;
  readonly commonLabels?: Readonly<Record<string, string>>;
  readonly apiVersions?: readonly string[];
  readonly kubeVersion?: string | undefined;
  readonly templates?: Readonly<Record<string, ReleaseSpec>>;
  readonly env?: EnvironmentLayers;
}

/** Copies the requested categories out of the parent state. */
export function buildInheritedConfig(
  parent: StateSpec,
  env: EnvironmentLayers,
  want: readonly string[],
): InheritedConfig {
  const set = new Set(want);
  return structuredCloneSpec<InheritedConfig>({
    ...(set.has("repositories") && parent.repositories !== undefined
      ? { repositories: parent.repositories }
      : {}),
    ...(set.has("helmDefaults") ? { helmDefaults: parent.helmDefaults ?? {} } : {}),
    ...(set.has("commonLabels") && parent.commonLabels !== undefined
      ? { commonLabels: parent.commonLabels }
      : {}),
    ...(set.has("apiVersions") && parent.apiVersions !== undefined
      ? { apiVersions: parent.apiVersions }
      : {}),
    ...(set.has("kubeVersion") && (parent.kubeVersion ?? "") !== ""
      ? { kubeVersion: parent.kubeVersion }
      : {}),
    ...(set.has("templates") && parent.templates !== undefined ? { templates: parent.templates } : {}),
    ...(set.has("environments") ? { env: copyEnvironment(env) } : {}),
  });
}

function dedupByName<T extends { readonly name?: string | undefined }>(items: readonly T[]): T[] {
  const last = new Map<string, number>();
  items.forEach((r, i) => last.set(r.name ?? "", i));
  return items.filter((r, i) => last.get(r.name ?? "") === i);
}

/** Lays inherited parent config under a child state (helmfile's MergeInherited). */
export function mergeInherited(child: StateSpec, inh: InheritedConfig): StateSpec {
  let out: StateSpec = { ...child };
  if (inh.repositories !== undefined)
    out.repositories = dedupByName([...inh.repositories, ...(child.repositories ?? [])]);
  if (inh.helmDefaults !== undefined)
    out.helmDefaults = mergeStructs(child.helmDefaults ?? {}, inh.helmDefaults, {
      override: false,
      appendSlice: false,
    });
  if (inh.commonLabels !== undefined)
    out.commonLabels = { ...inh.commonLabels, ...(child.commonLabels ?? {}) };
  if (inh.templates !== undefined) out.templates = { ...inh.templates, ...(child.templates ?? {}) };
  if (inh.apiVersions !== undefined)
    out.apiVersions = [...new Set([...inh.apiVersions, ...(child.apiVersions ?? [])])];
  if (inh.kubeVersion !== undefined && (child.kubeVersion ?? "") === "")
    out = { ...out, kubeVersion: inh.kubeVersion };
  return out;
}
