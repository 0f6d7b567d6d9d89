/**
 * Explains a key of a state's `.Values` by replaying the recorded layers, tagged, through the
 * loader's own merges in helmfile's order (state-creator.ts, env-values-loader.ts,
 * environment.ts getMergedValues):
 * root `values:` (mergo WithOverride) < environment `values:` files (mergo, or under
 * `mergeStrategy: fallback` the earlier file wins) < HCL < non-HCL secrets (mergo) <
 * CLI `--state-values-set` (element-wise lists); the layers meet with MergeMaps (sparse lists,
 * a null never removes an existing key).
 */
import type { KeyPath, PartValuesRecord, StateValuesRecord } from "../../shared/provenance";
import { newMap, type Value, type ValueMap } from "../../shared/value";
import { mergeValues } from "../merge-values";
import { mergoOverride } from "../mergo-merge";
import { chainOf, shown, sourceOf, type ExplainResult, type ReplayLayer } from "./explain-steps";
import { leafPaths, sameValue, tagTree, TaggedLeaf, untagTree, valueAt } from "./tagged-tree";
import { suggestKeys } from "./suggest";

interface Replay {
  readonly layers: ReplayLayer[];
  /** Layer numbers in precedence order (lowest first). */
  readonly order: number[];
  readonly values: ValueMap;
}

function add(r: Replay, recorded: ReplayLayer["recorded"], kind: ReplayLayer["kind"]): ValueMap {
  r.layers.push({ recorded, kind });
  return tagTree(recorded.values, r.layers.length - 1) as ValueMap;
}

interface PartReplay {
  readonly defaults: ValueMap;
  readonly values: ValueMap;
  /** Layer numbers of the part's root values and of its environment values, each lowest first. */
  readonly defaultOrder: number[];
  readonly valueOrder: number[];
}

function replayPart(r: Replay, part: PartValuesRecord): PartReplay {
  let defaults = newMap();
  const defaultOrder: number[] = [];
  for (const l of part.defaults) {
    defaults = mergoOverride(defaults, add(r, l, "mergo"));
    defaultOrder.push(r.layers.length - 1);
  }
  const fallback = part.strategy === "fallback";
  // env-values-loader.ts mapMerge: fallback makes the new file the base (first file wins).
  const merge = (dest: ValueMap, m: ValueMap): ValueMap =>
    fallback ? mergeValues(m, dest) : mergoOverride(dest, m);
  const groupOrder: number[] = [];
  let values = newMap();
  for (const l of part.values) {
    values = merge(values, add(r, l, fallback ? "fallback" : "mergo"));
    groupOrder.push(r.layers.length - 1);
  }
  if (part.hcl !== undefined) {
    values = merge(values, add(r, part.hcl, fallback ? "fallback" : "mergo"));
    // Under fallback HCL only fills gaps: it is the lowest of the group.
    if (fallback) groupOrder.unshift(r.layers.length - 1);
    else groupOrder.push(r.layers.length - 1);
  }
  const valueOrder = fallback ? [...groupOrder].reverse() : groupOrder;
  let secrets = newMap();
  for (const l of part.secrets) {
    secrets = mergoOverride(secrets, add(r, l, "mergo"));
    valueOrder.push(r.layers.length - 1);
  }
  return { defaults, values: mergoOverride(values, secrets), defaultOrder, valueOrder };
}

/** The three layers of helmfile's Environment (merge/environment.ts), tagged. */
interface Env {
  readonly defaults: ValueMap;
  readonly values: ValueMap;
  readonly cli: ValueMap;
}

/** merge/environment.ts mergeEnvironments on the value layers. */
function mergeEnv(env: Env | undefined, other: Env | undefined): Env | undefined {
  if (env === undefined || other === undefined) return env ?? other;
  return {
    values: mergeValues(env.values, other.values),
    defaults: mergeValues(env.defaults, other.defaults),
    cli: mergeValues(env.cli, other.cli, { arrays: "merge" }),
  };
}

/**
 * The loader's steps over the parts (state-file-loader.ts loadStateFile, state-creator.ts
 * loadEnvValues / parseAndLoad, mergePart): each part's own values are laid over the
 * accumulated environment of the parts before it merged with the overrides
 * (`--state-values-file`, a sub-helmfile's `values:`); `.Values` is the last part's.
 */
function replayState(record: StateValuesRecord): Replay {
  const r: Replay = { layers: [], order: [], values: newMap() };
  let overValues = newMap();
  const overOrder: number[] = [];
  for (const l of record.overrides ?? []) {
    overValues = mergoOverride(overValues, add(r, l, "mergo"));
    overOrder.push(r.layers.length - 1);
  }
  let cli = newMap();
  const cliOrder: number[] = [];
  for (const l of record.cli) {
    cli = mergeValues(cli, add(r, l, "merge"), { arrays: "merge" });
    cliOrder.push(r.layers.length - 1);
  }
  const overrode: Env | undefined =
    overOrder.length > 0 || cliOrder.length > 0
      ? { defaults: newMap(), values: overValues, cli: mergoOverride(newMap(), cli) }
      : undefined;
  // A sub-helmfile that inherits its parent's environment starts from it (loadStateFile's first `env`).
  const inh = record.inherited;
  const inheritedOrder: number[] = [];
  const tagged = (l: ReplayLayer["recorded"], kind: ReplayLayer["kind"]): ValueMap => {
    const t = add(r, l, kind);
    inheritedOrder.push(r.layers.length - 1);
    return t;
  };
  let acc: Env | undefined =
    inh === undefined
      ? undefined
      : {
          defaults: tagged(inh.defaults, "sparse"),
          values: tagged(inh.values, "sparse"),
          cli: tagged(inh.cli, "merge"),
        };
  let last = newMap();
  const defaultOrder: number[] = [];
  const earlierValues: number[] = [];
  let lastValues: number[] = [];
  for (const part of record.parts) {
    const ctxEnv = mergeEnv(acc, overrode);
    const p = replayPart(r, part);
    const own: Env =
      ctxEnv === undefined
        ? { defaults: newMap(), values: p.values, cli: newMap() }
        : {
            defaults: mergeValues(ctxEnv.defaults, newMap()),
            values: mergeValues(ctxEnv.values, p.values),
            cli: mergeValues(newMap(), ctxEnv.cli, { arrays: "merge" }),
          };
    const env: Env = { ...own, defaults: mergoOverride(own.defaults, p.defaults) };
    last = mergeValues(mergeValues(mergeValues(newMap(), env.defaults), env.values), env.cli, {
      arrays: "merge",
    });
    acc =
      acc === undefined
        ? env
        : {
            values: mergoOverride(acc.values, env.values),
            defaults: mergoOverride(acc.defaults, env.defaults),
            cli: mergoOverride(acc.cli, env.cli),
          };
    defaultOrder.push(...p.defaultOrder);
    earlierValues.push(...lastValues);
    lastValues = p.valueOrder;
  }
  // Precedence for the chain (the winner is found by its tag): root values < environment values
  // of the earlier parts < the overrides < the last part's environment values < the CLI.
  r.order.push(
    ...(inheritedOrder.length > 0 ? [inheritedOrder[0] as number] : []),
    ...defaultOrder,
    ...inheritedOrder.slice(1, 2),
    ...earlierValues,
    ...overOrder,
    ...lastValues,
    ...inheritedOrder.slice(2),
    ...cliOrder,
  );
  return { ...r, values: last };
}

/** The winning layer of a node: its tag, or for null/maps the last layer in the chain. */
function winnerOf(r: Replay, node: Value, path: KeyPath): number | undefined {
  if (node instanceof TaggedLeaf) return node.tag;
  const setters = r.order.filter(
    (t) => valueAt((r.layers[t] as ReplayLayer).recorded.values, path) !== undefined,
  );
  if (node === null) {
    // The null that landed: the first null after the last layer that set a non-null value.
    return [...setters]
      .reverse()
      .find((t) => valueAt((r.layers[t] as ReplayLayer).recorded.values, path) === null);
  }
  return setters[setters.length - 1];
}

/** Explains `path` of a state's values from its recorded layers. */
export function explainStateValue(
  record: StateValuesRecord,
  loaded: ValueMap,
  path: KeyPath,
  key: string,
  stateDir: string,
): ExplainResult {
  const r = replayState(record);
  const exact = sameValue(untagTree(r.values), loaded);
  const node = valueAt(r.values, path);
  if (node === undefined) {
    return {
      release: null,
      key,
      found: false,
      value: null,
      source: { file: "", line: null, layer: "" },
      chain: [],
      suggestions: suggestKeys(key, leafPaths(loaded)),
      exact,
    };
  }
  const winner = winnerOf(r, node, path);
  const w = winner === undefined ? undefined : (r.layers[winner] as ReplayLayer);
  const secret = w?.recorded.secret === true || (winner !== undefined && hasSecretLeaf(r, node));
  return {
    release: null,
    key,
    found: true,
    value: shown(untagTree(node), secret),
    source: w === undefined ? { file: "", line: null, layer: "" } : sourceOf(w, path, stateDir),
    chain: chainOf(r.layers, r.order, winner, path, stateDir),
    suggestions: [],
    exact,
  };
}

/** True when any leaf of a subtree came from a secrets layer. */
export function hasSecretLeaf(r: { readonly layers: readonly ReplayLayer[] }, node: Value): boolean {
  if (node instanceof TaggedLeaf) return r.layers[node.tag]?.recorded.secret === true;
  if (Array.isArray(node)) return node.some((x) => hasSecretLeaf(r, x));
  if (node !== null && typeof node === "object")
    return Object.values(node).some((x) => hasSecretLeaf(r, x as Value));
  return false;
}
