/**
 * Selectors scope every stack operation, as `helmfile -l … apply|destroy` touches only the
 * selected releases. The program emits only the selected releases; so that the engine never
 * plans the deletion of the others, `preview`/`up` exclude every resource of the stack's state
 * that belongs to an unselected release (the Release and all its descendants, plus the
 * component's providers and namespaces that only those use), and `destroy`/`refresh` target
 * exactly the resources of the selected releases.
 */
import { RELEASE_TYPE } from "../emit/resource-names";
import { contextProviderName, namespaceResourceName, releaseResourceNames } from "../emit/resource-names";
import type { PreparedRelease } from "../shared/model";

/** One resource of a stack's state, as `pulumi stack export` writes it. */
export interface StateResource {
  readonly urn: string;
  readonly type: string;
  readonly parent?: string;
}

/** What the operation may touch. */
export interface OperationScope {
  /** Resources the operation must leave as they are. */
  readonly exclude?: readonly string[];
  /** The only resources the operation may touch. */
  readonly target?: readonly string[];
}

/** The resources of an exported deployment (`Stack.exportStack().deployment`). */
export function stateResources(deployment: unknown): StateResource[] {
  const resources = (deployment as { resources?: unknown } | undefined)?.resources;
  if (!Array.isArray(resources)) return [];
  return resources.flatMap((r: unknown): StateResource[] => {
    if (typeof r !== "object" || r === null) return [];
    const { urn, type, parent } = r as Record<string, unknown>;
    if (typeof urn !== "string" || typeof type !== "string") return [];
    return [{ urn, type, ...(typeof parent === "string" && parent !== "" ? { parent } : {}) }];
  });
}

/**
 * Resource names of `component`'s Releases in a stack's state: the releases the last deployment
 * recorded (they render as upgrades, see src/render/cluster-render.ts).
 */
export function recordedReleaseNames(component: string, state: readonly StateResource[]): Set<string> {
  const out = new Set<string>();
  for (const r of state)
    if (r.type === RELEASE_TYPE && r.parent !== undefined && urnName(r.parent) === component)
      out.add(urnName(r.urn));
  return out;
}

/** The name part of a URN (`urn:pulumi:stack::project::type::name`). */
export function urnName(urn: string): string {
  const at = urn.indexOf("::", urn.indexOf("::", urn.indexOf("::") + 2) + 2);
  return at < 0 ? urn : urn.slice(at + 2);
}

/**
 * The scope of an operation over `component`'s releases when selectors chose `selected`
 * (every release matching them, installed or not, with the needs the flags include).
 */
export function selectionScope(
  kind: "preview" | "up" | "destroy" | "refresh",
  component: string,
  selected: ReadonlyArray<Pick<PreparedRelease, "id" | "namespace" | "kubeContext">>,
  state: readonly StateResource[],
): OperationScope {
  const { chosen, others, subtree, keep, releases } = releaseTrees(component, selected, state);
  if (kind === "destroy" || kind === "refresh") return { target: chosen.flatMap((r) => subtree(r.urn)) };
  const componentUrns = new Set(releases.map((r) => r.parent ?? ""));
  const shared = state.filter(
    (r) =>
      r.parent !== undefined &&
      componentUrns.has(r.parent) &&
      r.type !== RELEASE_TYPE &&
      !keep.has(urnName(r.urn)) &&
      (r.type === "kubernetes:core/v1:Namespace" || r.type === "pulumi:providers:kubernetes"),
  );
  const exclude = [...others.flatMap((r) => subtree(r.urn)), ...shared.map((r) => r.urn)];
  return exclude.length === 0 ? {} : { exclude };
}

/**
 * The resources of the releases of `component` that are not `selected`: each such Release and all
 * its descendants (what {@link selectionScope} excludes, less the component's shared providers and
 * namespaces).
 */
export function unselectedResources(
  component: string,
  selected: ReadonlyArray<Pick<PreparedRelease, "id" | "namespace" | "kubeContext">>,
  state: readonly StateResource[],
): string[] {
  const { others, subtree } = releaseTrees(component, selected, state);
  return others.flatMap((r) => subtree(r.urn));
}

function releaseTrees(
  component: string,
  selected: ReadonlyArray<Pick<PreparedRelease, "id" | "namespace" | "kubeContext">>,
  state: readonly StateResource[],
): {
  chosen: StateResource[];
  others: StateResource[];
  releases: StateResource[];
  subtree: (urn: string) => string[];
  keep: Set<string>;
} {
  const names = new Set<string>();
  // The render provider serves every release of the component.
  const keep = new Set<string>([`${component}-render`]);
  for (const r of selected) {
    const name = releaseResourceNames([r.id], component).get(r.id);
    if (name !== undefined) names.add(name);
    keep.add(contextProviderName(component, r.kubeContext));
    keep.add(namespaceResourceName(component, r.kubeContext, r.namespace));
  }
  const children = new Map<string, string[]>();
  for (const r of state) {
    if (r.parent === undefined) continue;
    const list = children.get(r.parent) ?? [];
    list.push(r.urn);
    children.set(r.parent, list);
  }
  const subtree = (urn: string): string[] => {
    const out: string[] = [];
    const stack = [urn];
    while (stack.length > 0) {
      const u = stack.pop() as string;
      out.push(u);
      stack.push(...(children.get(u) ?? []));
    }
    return out;
  };
  const releases = state.filter((r) => r.type === RELEASE_TYPE && componentOf(r, state) === component);
  const chosen = releases.filter((r) => names.has(urnName(r.urn)));
  const others = releases.filter((r) => !names.has(urnName(r.urn)));
  return { chosen, others, releases, subtree, keep };
}

function componentOf(release: StateResource, state: readonly StateResource[]): string | undefined {
  const parent = state.find((r) => r.urn === release.parent);
  return parent === undefined ? undefined : urnName(parent.urn);
}
