/** Go's `%#v` (Go-syntax) representation of template values. */
import { GoComplex, GoNumber, GoStruct, GoTime, isGoMap, typeName, type GoValue } from "../types";
import { formatFloat } from "../../shared/go/float";
import { compareKeys } from "./sort-keys";
import { goQuote } from "../../shared/go/quote";
import { goTimeString as timeString } from "../../shared/go-time";

/** Formats `v` as Go source, as `fmt` does for `%#v`. */
export function goSyntax(v: GoValue, depth: number): string {
  if (v === null) return depth === 0 ? "<nil>" : "interface {}(nil)";
  switch (typeof v) {
    case "boolean":
      return v ? "true" : "false";
    case "string":
      return goQuote(v);
    case "bigint":
      return v.toString();
    case "number":
      return formatFloat(v, "g", -1);
    default:
      break;
  }
  if (v instanceof GoNumber) {
    if (v.kind === "float32") return formatFloat(v.value as number, "g", -1, 32);
    return v.kind.startsWith("u") ? `0x${(v.value as bigint).toString(16)}` : (v.value as bigint).toString();
  }
  if (v instanceof GoComplex)
    return `(${formatFloat(v.re, "g", -1)}${v.im < 0 ? "" : "+"}${formatFloat(v.im, "g", -1)}i)`;
  if (v instanceof GoTime) return goQuote(timeString(v));
  if (v instanceof Uint8Array) return `[]byte{${[...v].map((b) => `0x${b.toString(16)}`).join(", ")}}`;
  if (Array.isArray(v)) return `${typeName(v)}{${v.map((e) => goSyntax(e, depth + 1)).join(", ")}}`;
  if (v instanceof GoStruct) {
    const fields = [...v.fields].map(([k, x]) => `${k}:${goSyntax(x, depth + 1)}`);
    return `${v.pointer ? "&" : ""}${v.typeName}{${fields.join(", ")}}`;
  }
  if (isGoMap(v)) {
    const keys = Object.keys(v).sort(compareKeys);
    return `${typeName(v)}{${keys.map((k) => `${goQuote(k)}:${goSyntax(v[k] as GoValue, depth + 1)}`).join(", ")}}`;
  }
  return typeName(v);
}
