/** Orders definitions so each comes after what it references; undefined names and cycles are errors. */
import { hclError } from "./hcl-errors";

/** Returns the names of `deps` in an order where dependencies come first. */
export function planOrder(
  deps: ReadonlyMap<string, readonly string[]>,
  fileOf: (name: string) => string | undefined,
): string[] {
  for (const [name, ds] of deps) {
    const missing = ds.find((d) => !deps.has(d));
    if (missing !== undefined) {
      const dependents = [...deps].filter(([, x]) => x.includes(missing)).map(([n]) => JSON.stringify(n));
      const file = fileOf(name);
      throw hclError(
        "HCL_UNKNOWN_REFERENCE",
        `variables ${dependents.join(", ")} depend(s) on undefined vars "${missing}"`,
        {
          ...(file === undefined ? {} : { file }),
          key: name,
        },
      );
    }
  }
  const order: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (name: string, path: string[]): void => {
    const st = state.get(name);
    if (st === "done") return;
    if (st === "visiting") {
      // helmfile's text (pkg/hcllang): the DAG library walks the cycle against the references.
      const cycle = [...path.slice(path.indexOf(name)), name].reverse();
      const file = fileOf(name);
      throw hclError(
        "HCL_CYCLE",
        `error while building the DAG variable graph : cycle detected: ${cycle.join(" -> ")}`,
        {
          ...(file === undefined ? {} : { file }),
          key: name,
        },
      );
    }
    state.set(name, "visiting");
    for (const d of deps.get(name) ?? []) visit(d, [...path, name]);
    state.set(name, "done");
    order.push(name);
  };
  for (const name of deps.keys()) visit(name, []);
  return order;
}
