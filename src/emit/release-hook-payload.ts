/**
 * What a release's presync/postsync/preuninstall/postuninstall hooks render with (./release-hooks.ts
 * runs them around Pulumi's steps): written into the plan as text, read back when a hook runs. Apart
 * from the hooks themselves, so planning a release needs no Pulumi SDK.
 */
import type { HookEvent } from "../render/helmfile-hooks";
import type { LoadedState, PreparedRelease } from "../shared/model";
import { fromPlain, isMap, newMap, toPlain, type Value, type ValueMap } from "../shared/value";

/** The events ./release-hooks.ts runs around Pulumi steps. */
const PULUMI_EVENTS: readonly HookEvent[] = ["presync", "postsync", "preuninstall", "postuninstall"];

/** What a hook renders with, stored in the anchors' input. */
interface HookPayload {
  readonly hooks: unknown[];
  readonly release: Omit<
    PreparedRelease,
    "values" | "setFlags" | "templateFlags" | "spec" | "skipDeps" | "hasSecrets"
  > & {
    readonly spec: unknown;
  };
  readonly state: {
    file: string;
    displayPath: string;
    environment: string;
    values: unknown;
    document: unknown;
  };
}

/** The payload of a release with presync/postsync/preuninstall/postuninstall hooks; undefined without. */
export function releaseHookPayload(
  release: PreparedRelease,
  state: LoadedState | undefined,
): string | undefined {
  const hooks = Array.isArray(release.spec.hooks) ? release.spec.hooks : [];
  const relevant = hooks.some(
    (h) =>
      isMap(h) && Array.isArray(h.events) && h.events.some((e) => PULUMI_EVENTS.includes(e as HookEvent)),
  );
  if (!relevant || state === undefined) return undefined;
  const environments = state.document.environments;
  const payload: HookPayload = {
    hooks: toPlain(hooks as Value) as unknown[],
    release: {
      id: release.id,
      name: release.name,
      namespace: release.namespace,
      chart: release.chart,
      ...(release.version === undefined ? {} : { version: release.version }),
      labels: release.labels,
      needs: release.needs,
      installed: release.installed,
      ...(release.kubeContext === undefined ? {} : { kubeContext: release.kubeContext }),
      stateFile: release.stateFile,
      baseDir: release.baseDir,
      spec: toPlain(release.spec),
    },
    state: {
      file: state.file,
      displayPath: state.displayPath,
      environment: state.environment,
      values: toPlain(state.values),
      document: { environments: environments === undefined ? null : toPlain(environments) },
    },
  };
  return JSON.stringify(payload);
}

/** The state and release a payload of {@link releaseHookPayload} was made from. */
export function targetOf(payloadJson: string): { state: LoadedState; release: PreparedRelease } {
  const p = JSON.parse(payloadJson) as HookPayload;
  const map = (v: unknown): ValueMap => {
    const m = fromPlain(v ?? {});
    return isMap(m) ? m : newMap();
  };
  const spec = map(p.release.spec);
  spec.hooks = fromPlain(p.hooks);
  const release: PreparedRelease = {
    ...p.release,
    values: [],
    setFlags: [],
    templateFlags: [],
    skipDeps: false,
    hasSecrets: false,
    spec,
  };
  const document = map(p.state.document);
  const state: LoadedState = {
    file: p.state.file,
    displayPath: p.state.displayPath,
    environment: p.state.environment,
    values: map(p.state.values),
    helmDefaults: newMap(),
    repositories: [],
    releases: [release],
    document,
  };
  return { state, release };
}
