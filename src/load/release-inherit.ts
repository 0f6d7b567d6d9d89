/**
 * Release templates: `templates:` + `inherit:` (with `except:`) + `defaultInherit:`.
 * Later layers win: each template in `inherit:` order overrides the earlier ones, and the
 * release's own non-empty fields override them all; lists are appended and labels merge key
 * by key. helmfile's `releaseWithInheritedTemplate` (pkg/state/state_exec_tmpl.go) calls
 * `mergo.Merge(…, WithAppendSlice, WithSliceDeepCopy)`, and mergo's `WithSliceDeepCopy`
 * also switches on `Overwrite` (dario.cat/mergo v1.0.2 merge.go).
 */
import { LoadError } from "../shared/errors";
import type { ReleaseSpec } from "./schema";
import { mergeStructs } from "./struct-merge";

/** One `inherit:` entry. */
export interface InheritEntry {
  readonly template?: string | undefined;
  readonly except?: readonly string[] | undefined;
}

/** Prepends `defaultInherit` names to a release's inherit list, without duplicates or blanks. */
export function applyDefaultInherit(
  defaults: readonly string[] | undefined,
  inherit: readonly InheritEntry[] | undefined,
): InheritEntry[] {
  const own = inherit ?? [];
  if (defaults === undefined || defaults.length === 0) return [...own];
  const seen = new Set<string>();
  const filtered: InheritEntry[] = [];
  for (const inh of own) {
    const name = (inh.template ?? "").trim();
    if (name === "") continue;
    seen.add(name);
    filtered.push(inh);
  }
  const out: InheritEntry[] = [];
  for (const raw of defaults) {
    const name = raw.trim();
    if (name === "" || seen.has(name)) continue;
    seen.add(name);
    out.push({ template: name });
  }
  return [...out, ...filtered];
}

const EXCEPT_FIELDS: Record<string, keyof ReleaseSpec> = {
  labels: "labels",
  values: "values",
  valuesTemplate: "valuesTemplate",
  setTemplate: "setTemplate",
  set: "set",
  setString: "setString",
  secrets: "secrets",
};

/**
 * Resolves a release's inheritance chain into one spec (inherit cleared). Throws
 * `LOAD_CYCLIC_TEMPLATE`, `LOAD_UNKNOWN_TEMPLATE` or `LOAD_BAD_INHERIT_EXCEPT`.
 */
export function releaseWithInheritedTemplate(
  templates: Readonly<Record<string, ReleaseSpec>>,
  release: ReleaseSpec,
  path: readonly string[] = [],
): ReleaseSpec {
  let merged: ReleaseSpec = {};
  for (const inh of release.inherit ?? []) {
    const name = inh.template ?? "";
    if (name === "") return release;
    const chain = [...path, name];
    if (path.includes(name)) {
      throw new LoadError("LOAD_CYCLIC_TEMPLATE", `cyclic inheritance detected: ${chain.join("->")}`, {
        found: chain.join("->"),
      });
    }
    const tpl = templates[name];
    if (tpl === undefined) {
      throw new LoadError(
        "LOAD_UNKNOWN_TEMPLATE",
        `release "${release.name ?? ""}" tried to inherit inexistent release template "${name}"`,
        {
          found: name,
          expected: Object.keys(templates).join(", ") || "a declared template",
        },
      );
    }
    const src: Record<string, unknown> = { ...releaseWithInheritedTemplate(templates, tpl, chain) };
    for (const k of inh.except ?? []) {
      const field = EXCEPT_FIELDS[k];
      if (field === undefined) {
        throw new LoadError(
          "LOAD_BAD_INHERIT_EXCEPT",
          // Message exactly as helmfile's (it quotes the key), so no found/keyPath details.
          `"${k}" is not allowed under \`inherit\`. Allowed values are "set", "setTemplate", "values", "valuesTemplate", "secrets", and "labels"`,
        );
      }
      delete src[field];
    }
    merged = mergeStructs(merged, src as ReleaseSpec, { override: true, appendSlice: true });
  }
  merged = mergeStructs(merged, release, { override: true, appendSlice: true });
  const { inherit: _inherit, ...rest } = merged;
  void _inherit;
  return rest;
}
