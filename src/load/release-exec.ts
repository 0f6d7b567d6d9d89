/**
 * Release field templating (helmfile's ExecuteTemplateExpressions + the convergence loop):
 * name, chart, namespace, version, the boolean `*Template` fields, labels,
 * postRendererArgs, valuesTemplate (prepended to values), values/secrets paths,
 * setTemplate (prepended to set) and needs are rendered with `.Release.*`, repeatedly, until
 * they stop changing.
 */
import type { EnvironmentLayers } from "../merge/index";
import { LoadError, isHelmfileError } from "../shared/errors";
import { GoTime, isMap, type Value, type ValueMap } from "../shared/value";
import type { ReleaseSpec } from "./schema";
import { renderGoTemplate, type RenderContext } from "./template-bridge";
import { releaseTemplateData, type StateOverrides } from "./template-data";
import { decodeValuesYaml, encodeValuesYaml, type GoYamlVersion } from "./yaml-io";

/** What rendering a release needs from its state. */
export interface ReleaseExecContext {
  readonly env: EnvironmentLayers;
  readonly values: ValueMap;
  readonly overrides: StateOverrides;
  readonly render: Omit<RenderContext, "name">;
  readonly stateFile: string;
  readonly yamlVersion: GoYamlVersion;
}

type SetEntry = NonNullable<ReleaseSpec["set"]>[number];

function fieldError(name: string, field: string, source: string, err: unknown): LoadError {
  const detail = isHelmfileError(err) ? err.detail : err instanceof Error ? err.message : String(err);
  return new LoadError(
    "LOAD_RELEASE_TEMPLATE",
    `failed executing template expressions in release "${name}".${field} = "${source}": ${detail}`,
    { cause: err },
  );
}

function renderOnce(release: ReleaseSpec, prev: ReleaseSpec, ctx: ReleaseExecContext): ReleaseSpec {
  const data = releaseTemplateData(
    ctx.env,
    {
      name: prev.name ?? "",
      namespace: prev.namespace ?? "",
      labels: prev.labels ?? {},
      chart: prev.chart ?? "",
      version: prev.version ?? "",
      kubeContext: prev.kubeContext ?? "",
    },
    ctx.values,
    ctx.overrides,
  );
  const name = release.name ?? "";
  const r = (field: string, s: string): string => {
    try {
      return renderGoTemplate(s, data, { ...ctx.render, name: `${ctx.stateFile}: ${field}` });
    } catch (err) {
      throw fieldError(name, field, s, err);
    }
  };
  const out: ReleaseSpec = structuredCloneSpec(release);
  out.name = r("name", release.name ?? "").trim();
  out.chart = r("chart", release.chart ?? "").trim();
  out.namespace = r("namespace", release.namespace ?? "").trim();
  out.version = r("version", release.version ?? "").trim();
  for (const key of ["waitTemplate", "installedTemplate", "conditionTemplate", "verifyTemplate"] as const) {
    const t = release[key];
    if (t !== undefined) out[key] = r(key, t);
  }
  if (release.labels !== undefined) {
    const labels: Record<string, string> = {};
    for (const [k, v] of Object.entries(release.labels)) labels[k] = r(`labels[${k}]`, v);
    out.labels = labels;
  }
  out.postRendererArgs = (release.postRendererArgs ?? []).map((a) => r("postRendererArgs", a));
  const valuesTemplate = (release.valuesTemplate ?? []).map((t, i) =>
    renderValuesTemplateEntry(t, i, r, ctx),
  );
  if (valuesTemplate.length > 0) {
    out.valuesTemplate = valuesTemplate;
    out.values = [...valuesTemplate, ...(release.values ?? [])];
  }
  if (out.values !== undefined)
    out.values = out.values.map((v, i) => (typeof v === "string" ? r(`values[${i}]`, v) : v));
  if (release.secrets !== undefined)
    out.secrets = release.secrets.map((v, i) => (typeof v === "string" ? r(`secrets[${i}]`, v) : v));
  if ((release.setTemplate ?? []).length > 0) {
    const rendered = (release.setTemplate ?? []).map((s, i) => renderSetEntry(s, i, r));
    // helmfile renders SetValuesTemplate in place before prepending it to SetValues
    // (pkg/state/release.go ExecuteTemplateExpressions), so `build` shows it rendered.
    out.setTemplate = rendered;
    out.set = [...rendered, ...(release.set ?? [])];
  }
  if (release.needs !== undefined) out.needs = release.needs.map((n, i) => r(`needs[${i}]`, n));
  return out;
}

function renderValuesTemplateEntry(
  t: Value,
  i: number,
  r: (f: string, s: string) => string,
  ctx: ReleaseExecContext,
): Value {
  if (!isMap(t)) return t;
  const serialized = encodeValuesYaml(t, ctx.yamlVersion);
  const rendered = r(`values[${i}]`, serialized);
  const decoded = decodeValuesYaml(rendered, `valuesTemplate[${i}]`, ctx.yamlVersion);
  return decoded === null ? (Object.create(null) as ValueMap) : decoded;
}

function renderSetEntry(s: SetEntry, i: number, r: (f: string, s: string) => string): SetEntry {
  const out: SetEntry = { ...s };
  // Go keeps empty strings; absent and "" mean the same for a SetValue, so drop them.
  for (const key of ["name", "value", "file"] as const) {
    const text = r(`set[${i}].${key}`, s[key] ?? "");
    if (text === "") delete out[key];
    else out[key] = text;
  }
  if (s.values !== undefined)
    out.values = s.values.map((v, j) => (typeof v === "string" ? r(`set[${i}].values[${j}]`, v) : v));
  return out;
}

/** Deep copy of a release spec (values subtrees keep their null-prototype maps). */
export function structuredCloneSpec<T>(v: T): T {
  if (Array.isArray(v)) return v.map((x: unknown) => structuredCloneSpec(x)) as T;
  if (typeof v === "object" && v !== null && !(v instanceof Uint8Array) && !(v instanceof GoTime)) {
    const proto = Object.getPrototypeOf(v) as unknown;
    const out = (proto === null ? Object.create(null) : {}) as Record<string, unknown>;
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) out[k] = structuredCloneSpec(x);
    return out as T;
  }
  return v;
}

/** Stable text of a spec for change detection (bigints kept distinct from numbers). */
export function specFingerprint(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) => {
    if (typeof x === "bigint") return `${x.toString()}n`;
    if (typeof x === "object" && x !== null && !Array.isArray(x)) {
      const o = x as Record<string, unknown>;
      return Object.fromEntries(
        Object.keys(o)
          .sort()
          .filter((k) => o[k] !== undefined)
          .map((k) => [k, o[k]]),
      );
    }
    return x;
  });
}

function parseBoolTemplate(field: string, text: string): boolean {
  // helmfile unmarshals the rendered text as a YAML bool.
  let v: Value;
  try {
    v = decodeValuesYaml(text, field, "v3");
  } catch (err) {
    throw new LoadError("LOAD_BAD_BOOL_TEMPLATE", `${field}: failed deserialising string ${text}`, {
      cause: err,
      expected: "true or false",
      found: text,
    });
  }
  if (typeof v === "boolean") return v;
  if (v === null) return false;
  throw new LoadError(
    "LOAD_BAD_BOOL_TEMPLATE",
    `${field}: failed deserialising string ${text}: cannot unmarshal into bool`,
    {
      expected: "true or false",
      found: text,
    },
  );
}

/** Applies rendered `installedTemplate` / `conditionTemplate` / `waitTemplate` / `verifyTemplate`. */
export function applyBoolTemplates(r: ReleaseSpec): ReleaseSpec {
  const out = { ...r };
  if (r.installedTemplate !== undefined) {
    out.installed = parseBoolTemplate("installedTemplate", r.installedTemplate);
    delete out.installedTemplate;
  }
  if (r.conditionTemplate !== undefined) {
    out.condition = String(parseBoolTemplate("conditionTemplate", r.conditionTemplate));
    delete out.conditionTemplate;
  }
  if (r.waitTemplate !== undefined) {
    out.wait = parseBoolTemplate("waitTemplate", r.waitTemplate);
    delete out.waitTemplate;
  }
  if (r.verifyTemplate !== undefined) {
    out.verify = parseBoolTemplate("verifyTemplate", r.verifyTemplate);
    delete out.verifyTemplate;
  }
  return out;
}

/** Renders a release's templated fields until they converge (at most 6 rounds). */
export function executeReleaseTemplates(release: ReleaseSpec, ctx: ReleaseExecContext): ReleaseSpec {
  let prev = release;
  for (let it = 0; it < 6; it++) {
    const next = renderOnce(release, prev, ctx);
    if (specFingerprint(prev) === specFingerprint(next)) {
      try {
        return applyBoolTemplates(next);
      } catch (err) {
        throw new LoadError(
          isHelmfileError(err) ? err.code : "LOAD_BAD_BOOL_TEMPLATE",
          `failed executing templates in release "${ctx.stateFile}"."${release.name ?? ""}": ${isHelmfileError(err) ? err.detail : String(err)}`,
          { cause: err },
        );
      }
    }
    prev = next;
  }
  throw new LoadError(
    "LOAD_RELEASE_TEMPLATE_CYCLE",
    `failed executing templates in release "${ctx.stateFile}"."${release.name ?? ""}": recursive references can't be resolved`,
  );
}
