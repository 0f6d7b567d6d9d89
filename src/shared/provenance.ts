/**
 * What the loader records, only when asked (`explain: true`), so that a value can later be
 * traced back to the layer that set it. Plain data: the layers' own value maps and the text
 * their lines are looked up in (lazily, at explain time).
 */
import type { ValueMap } from "./value";

/** A path in a values tree: map keys and list indices. */
export type KeyPath = readonly (string | number)[];

/** One layer of values as it entered a merge. */
export interface RecordedLayer {
  /** Layer name, e.g. `root values`, `base 1`, `environment values file 2`, `HCL`, `secrets`. */
  readonly layer: string;
  /** Absolute path of the file that holds it (the state file for inline maps); empty for a flag. */
  readonly file: string;
  /** The flag that set it (`--state-values-set a.b=1`), for CLI layers. */
  readonly flag?: string;
  /** The layer's own values. */
  readonly values: ValueMap;
  /** YAML text the layer was decoded from (the rendered text for `.gotmpl`); absent: no lines. */
  readonly text?: string;
  /** The template source of a `.gotmpl` layer (its lines are mapped back to it); absent otherwise. */
  readonly source?: string;
  /** Where the layer's map sits inside {@link text} (e.g. `["values", 0]` for an inline entry). */
  readonly prefix?: KeyPath;
  /** The HCL files of an HCL layer with their text (lines are found per top-level attribute). */
  readonly hclFiles?: readonly { readonly file: string; readonly text: string }[];
  /** True for decrypted secrets: their values are never shown. */
  readonly secret: boolean;
  /** For a layer whose secret references were resolved: its values with the references, which explain names. */
  readonly references?: ValueMap;
}

/** The layers one `---` part of a state file merged into `.Values`. */
export interface PartValuesRecord {
  /** Root `values:` entries (bases' first), merged with mergo's WithOverride. */
  readonly defaults: readonly RecordedLayer[];
  /** The environment's `values:` entries except HCL, in list order. */
  readonly values: readonly RecordedLayer[];
  /** The environment's HCL files (values and HCL secrets), evaluated as one layer. */
  readonly hcl?: RecordedLayer;
  /** The environment's non-HCL `secrets:`, merged last. */
  readonly secrets: readonly RecordedLayer[];
  /** The environment's `mergeStrategy` (empty: override). */
  readonly strategy: "" | "override" | "fallback";
}

/** Everything recorded for one state file's `.Values`. */
export interface StateValuesRecord {
  /** One record per `---` part, in order. */
  readonly parts: readonly PartValuesRecord[];
  /**
   * `--state-values-file` entries (top level) or the including sub-helmfile entry's `values:`,
   * one layer each, merged with mergo's WithOverride and laid over each part's inherited values.
   */
  readonly overrides?: readonly RecordedLayer[];
  /** A sub-helmfile's `inherits: [environments]`: the parent environment's three layers it starts from. */
  readonly inherited?: {
    readonly defaults: RecordedLayer;
    readonly values: RecordedLayer;
    readonly cli: RecordedLayer;
  };
  /** `--state-values-set-string`, then `--state-values-set`, then the `stateValues` option, one layer each. */
  readonly cli: readonly RecordedLayer[];
}
