/**
 * Per-state release processing after loading: helmfile's ExecuteTemplates (inheritance,
 * defaults, templating), ApplyOverrides (namespace / kube-context overrides, needs ids),
 * selection by labels and `condition:`, and the duplicate check.
 */
import { renderOptions } from "./template-bridge";
import { LoadError } from "../shared/errors";
import { isMap, type ValueMap } from "../shared/value";
import type { LoaderContext } from "./loader-context";
import { applyDefaultInherit, releaseWithInheritedTemplate } from "./release-inherit";
import { executeReleaseTemplates } from "./release-exec";
import { releaseId } from "./release-prepare";
import type { ReleaseSpec } from "./schema";
import { matchAnySelector, parseLabels, releaseSelectorLabels } from "./selectors";
import type { LoadedStateFile } from "./state-file-loader";
import type { StateOverrides } from "./template-data";

/** State-level overrides of a loaded state (`namespace:`, `kubeContext:`, `chart:` or the CLI). */
export function stateOverrides(st: LoadedStateFile): StateOverrides {
  return {
    kubeContext: st.spec.kubeContext ?? "",
    namespace: st.spec.namespace ?? "",
    chart: st.spec.chart ?? "",
  };
}

/** helmfile's ExecuteTemplates over every release of a state. */
export function executeStateTemplates(ctx: LoaderContext, st: LoadedStateFile): ReleaseSpec[] {
  const templates = st.spec.templates ?? {};
  return (st.spec.releases ?? []).map((raw) => {
    const withDefaults = {
      ...raw,
      inherit: applyDefaultInherit(st.spec.defaultInherit, raw.inherit),
    } as ReleaseSpec;
    let release: ReleaseSpec;
    try {
      release = releaseWithInheritedTemplate(templates, withDefaults);
    } catch (err) {
      if (err instanceof LoadError && err.code === "LOAD_CYCLIC_TEMPLATE") {
        throw new LoadError(
          err.code,
          `unable to load release "${raw.name ?? ""}" with template: ${err.detail}`,
          { cause: err },
        );
      }
      throw err;
    }
    if ((release.kubeContext ?? "") === "")
      release = { ...release, kubeContext: st.spec.helmDefaults?.kubeContext ?? "" };
    release = { ...release, labels: { ...(release.labels ?? {}), ...(st.spec.commonLabels ?? {}) } };
    if ((release.apiVersions ?? []).length === 0 && st.spec.apiVersions !== undefined)
      release = { ...release, apiVersions: st.spec.apiVersions };
    if ((release.kubeVersion ?? "") === "" && st.spec.kubeVersion !== undefined)
      release = { ...release, kubeVersion: st.spec.kubeVersion };
    const out = executeReleaseTemplates(release, {
      env: st.env,
      values: st.values,
      overrides: stateOverrides(st),
      render: renderOptions(ctx, st.loc.absDir),
      stateFile: st.loc.displayFile,
      yamlVersion: ctx.yamlVersion,
    });
    if ((out.chart ?? "") === "") {
      throw new LoadError(
        "LOAD_EMPTY_CHART",
        `encountered empty chart while reading release "${out.name ?? ""}"`,
        { keyPath: ["releases"] },
      );
    }
    return out;
  });
}

/** Normalises `needs` entries to release ids (helmfile's reformat). */
function reformatNeeds(release: ReleaseSpec): string[] {
  return (release.needs ?? []).map((n) => {
    const parts = n.split("/");
    const name = parts[parts.length - 1] ?? "";
    const ns = parts.length > 1 ? (parts[parts.length - 2] ?? "") : (release.namespace ?? "");
    const kc = parts.length > 2 ? parts.slice(0, -2).join("/") : (release.kubeContext ?? "");
    const out: string[] = [];
    if (kc !== "") out.push(kc);
    if (kc !== "" || ns !== "") out.push(ns);
    out.push(name);
    return out.join("/");
  });
}

/**
 * Applies namespace / kube-context overrides and normalises needs (helmfile's ApplyOverrides
 * and reformat, pkg/state/state.go).
 */
export function applyOverrides(st: LoadedStateFile, releases: readonly ReleaseSpec[]): ReleaseSpec[] {
  const o = stateOverrides(st);
  return releases.map((r) => {
    let out = r;
    if (o.kubeContext !== "") out = { ...out, kubeContext: o.kubeContext };
    if (o.namespace !== "") out = { ...out, namespace: o.namespace };
    return { ...out, needs: reformatNeeds(out) };
  });
}

/**
 * The warnings helmfile's reformat logs for each release (parallel to `releases`, after
 * {@link applyOverrides}): one per need of an installed release that is not an installed
 * release of the state, also when it is not defined at all.
 */
export function needsNotInstalledWarnings(releases: readonly ReleaseSpec[]): string[][] {
  const installed = new Map<string, boolean>();
  for (const r of releases)
    installed.set(`${r.kubeContext ?? ""}/${r.namespace ?? ""}/${r.name ?? ""}`, r.installed !== false);
  return releases.map((r) => {
    if (r.installed === false) return [];
    return (r.needs ?? []).flatMap((n) => {
      const parts = n.split("/");
      const name = parts[parts.length - 1] ?? "";
      const ns = parts.length > 1 ? (parts[parts.length - 2] ?? "") : (r.namespace ?? "");
      const kc = parts.length > 2 ? parts.slice(0, -2).join("/") : (r.kubeContext ?? "");
      if (installed.get(`${kc}/${ns}/${name}`) === true) return [];
      const self = r.name ?? "";
      return [
        `WARNING: release ${self} needs ${name}, but ${name} is not installed due to installed: false. Either mark ${name} as installed or remove ${name} from ${self}'s needs`,
      ];
    });
  });
}

/** helmfile's ConditionEnabled: `''` on, `true`/`false` literals, else `<path>.enabled` in the values. */
export function conditionEnabled(condition: string | undefined, values: ValueMap | null): boolean {
  const c = condition ?? "";
  if (c === "") return true;
  const lower = c.toLowerCase();
  if (lower === "true") return true;
  if (lower === "false") return false;
  const keys = c.split(".");
  if (keys[keys.length - 1] !== "enabled") {
    throw new LoadError(
      "LOAD_BAD_CONDITION",
      "Condition value must be in the form 'foo.enabled' where 'foo' can be modified as necessary",
      {
        found: c,
        expected: "foo.enabled",
      },
    );
  }
  let cur: ValueMap = values ?? (Object.create(null) as ValueMap);
  let path = "";
  for (const key of keys.slice(0, -1)) {
    path += `.${key}`;
    if (!Object.prototype.hasOwnProperty.call(cur, key)) {
      throw new LoadError("LOAD_BAD_CONDITION", `environment values field '${path}' not found`, { found: c });
    }
    const next = cur[key];
    if (!isMap(next))
      throw new LoadError("LOAD_BAD_CONDITION", `environment values field '${path}' is not a map`, {
        found: c,
      });
    cur = next;
  }
  return cur.enabled === true;
}

/** A release with its selection labels. */
export interface LabelledRelease {
  readonly spec: ReleaseSpec;
  readonly labels: Record<string, string>;
}

/**
 * How helmfile v1.8.0 words a `condition:` it cannot evaluate, by the path that meets it:
 * `select` — markExcludedReleases' `failed to parse condition in release <name>: <err>`
 * (selector filtering; write-values); `prepare` — the same inside PrepareCharts' error list,
 * printed as `[…]` (template, lint; build without selectors); `bare` — ListReleases' own
 * ConditionEnabled call, the error alone (list without selectors).
 */
export type ConditionErrorForm = "select" | "prepare" | "bare";

function conditionError(name: string, err: unknown, form: ConditionErrorForm): LoadError {
  const detail = (err as LoadError).detail;
  const chained = `failed to parse condition in release ${name}: ${detail}`;
  const message = form === "bare" ? detail : form === "prepare" ? `[${chained}]` : chained;
  return new LoadError("LOAD_BAD_CONDITION", message, { cause: err });
}

/**
 * Selects releases by the OR-ed selectors and their conditions; with `includeTransitiveNeeds`
 * everything a selected release needs (transitively, by name) is selected too.
 */
export function selectReleases(
  releases: readonly LabelledRelease[],
  selectors: readonly string[],
  values: ValueMap,
  includeTransitiveNeeds: boolean,
  conditionErrors: ConditionErrorForm = "select",
): LabelledRelease[] {
  const filters = selectors.map(parseLabels);
  const filtered = releases.map((r) => {
    let enabled: boolean;
    try {
      enabled = conditionEnabled(r.spec.condition, values);
    } catch (err) {
      throw conditionError(r.spec.name ?? "", err, conditionErrors);
    }
    return (filters.length > 0 && !matchAnySelector(filters, r.labels)) || !enabled;
  });
  if (includeTransitiveNeeds) {
    const needed = new Set<string>();
    const visit = (r: ReleaseSpec): void => {
      for (const id of r.needs ?? []) {
        if (needed.has(id)) continue;
        needed.add(id);
        const name = id.split("/").pop() ?? "";
        for (const o of releases) if (o.spec.name === name) visit(o.spec);
      }
    };
    releases.forEach((r, i) => {
      if (!filtered[i]) visit(r.spec);
    });
    releases.forEach((r, i) => {
      if (needed.has(releaseId(r.spec))) filtered[i] = false;
    });
  }
  return releases.filter((_, i) => !filtered[i]);
}

/** helmfile's checkDuplicates over the selected releases. */
export function checkDuplicates(releases: readonly ReleaseSpec[], file?: string): void {
  const counts = new Map<string, { n: number; r: ReleaseSpec }>();
  for (const r of releases) {
    const key = JSON.stringify([r.namespace ?? "", r.name ?? "", r.kubeContext ?? ""]);
    const c = counts.get(key);
    counts.set(key, { n: (c?.n ?? 0) + 1, r });
  }
  for (const { n, r } of counts.values()) {
    if (n < 2) continue;
    let where = "";
    if ((r.namespace ?? "") !== "") where += ` in namespace "${r.namespace ?? ""}"`;
    if ((r.kubeContext ?? "") !== "") where += ` in kubecontext "${r.kubeContext ?? ""}"`;
    throw new LoadError(
      "LOAD_DUPLICATE_RELEASE",
      `duplicate release "${r.name ?? ""}" found${where}: there were ${n} releases named "${r.name ?? ""}" matching specified selector`,
      { found: r.name ?? "", ...(file === undefined ? {} : { file }) },
    );
  }
}

/** Attaches helmfile's selection labels to releases. */
export function labelReleases(st: LoadedStateFile, releases: readonly ReleaseSpec[]): LabelledRelease[] {
  return releases.map((spec) => ({
    spec,
    labels: releaseSelectorLabels(
      {
        name: spec.name ?? "",
        namespace: spec.namespace ?? "",
        chart: spec.chart ?? "",
        labels: spec.labels ?? {},
      },
      st.spec.commonLabels ?? {},
    ),
  }));
}
