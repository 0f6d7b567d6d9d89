/** cty's names for the types of HCL values and its conversion errors, as its messages print them. */
import { parseNumberString } from "./convert";
import { HclObj, HclSeq, isNumber, typeName, type HclValue } from "./hcl-value";

/** cty's FriendlyName of a value's type. */
export function friendlyName(v: HclValue): string {
  if (v === null) return "dynamic";
  if (v instanceof HclSeq) {
    if (v.kind === "tuple") return "tuple";
    return `${v.kind} of ${v.items[0] === undefined ? "dynamic" : friendlyName(v.items[0])}`;
  }
  if (v instanceof HclObj) {
    if (v.kind === "object") return "object";
    const first = v.attrs.values().next();
    return `map of ${first.done === true ? "dynamic" : friendlyName(first.value)}`;
  }
  return typeName(v);
}

/**
 * Why cty cannot convert `v` to the primitive type `want` (cty's convert error text), or
 * undefined when it can. Null converts to anything.
 */
export function conversionError(v: HclValue, want: "string" | "number" | "bool"): string | undefined {
  if (v === null) return undefined;
  const primitive = typeof v === "string" || typeof v === "boolean" || isNumber(v);
  if (want === "string") return primitive ? undefined : `string required, but have ${friendlyName(v)}`;
  if (want === "number") {
    if (isNumber(v)) return undefined;
    if (typeof v === "string") return parseNumberString(v) === undefined ? "a number is required" : undefined;
    return `number required, but have ${friendlyName(v)}`;
  }
  if (typeof v === "boolean") return undefined;
  if (typeof v === "string") {
    if (["true", "false", "1", "0"].includes(v)) return undefined;
    const lower = v.toLowerCase();
    return lower === "true" || lower === "false"
      ? `a bool is required; to convert from string, use lowercase "${lower}"`
      : "a bool is required";
  }
  return `bool required, but have ${friendlyName(v)}`;
}
