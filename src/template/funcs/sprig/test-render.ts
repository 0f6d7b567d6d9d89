/** Test helper: renders a template with sprig's function map, like sprig's own `runt`. */
import { renderTemplate } from "../../index";
import { newGoMap, type GoValue } from "../../types";
import { sprigFunctions } from "./index";

/** Renders `tpl` with `.` = `values` (a map) and sprig's functions. */
export function render(tpl: string, values: Record<string, GoValue> = {}): string {
  const data = newGoMap();
  for (const [k, v] of Object.entries(values)) data[k] = v;
  return renderTemplate(tpl, data, {
    name: "test",
    funcs: sprigFunctions(),
    missingKey: "zero",
    setName: "test",
  });
}

/** Renders and returns the error message (throws if rendering succeeded). */
export function renderError(tpl: string, values: Record<string, GoValue> = {}): string {
  try {
    render(tpl, values);
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
  throw new Error(`expected ${tpl} to fail`);
}
