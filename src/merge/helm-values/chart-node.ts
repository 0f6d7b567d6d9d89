/** The in-memory chart tree the coalescing steps work on (a small mirror of helm's `chart.Chart`). */
import type { ValueMap } from "../../shared/value";

/** One `import-values` entry of a dependency: `exports.<name>` or a child→parent mapping. */
export type ImportValue = string | { readonly child: string; readonly parent: string };

/** One entry of `dependencies:` in Chart.yaml, mutable like helm's during processing. */
export interface DependencySpec {
  name: string;
  alias: string | undefined;
  condition: string;
  tags: readonly string[];
  importValues: readonly ImportValue[];
  enabled: boolean;
}

/** A chart: its name (after aliasing), default values, loaded subcharts and declared dependencies. */
export interface ChartNode {
  name: string;
  values: ValueMap;
  dependencies: ChartNode[];
  /** null when Chart.yaml declares no dependencies (helm then skips dependency processing). */
  metadataDeps: DependencySpec[] | null;
}

/** `prefix.name`, or `name` alone at the top. */
export function concatPrefix(a: string, b: string): string {
  return a === "" ? b : `${a}.${b}`;
}
