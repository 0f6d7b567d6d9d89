/**
 * The executor's view of a value: Go's `reflect.Value` reduced to what text/template
 * observes. `v === undefined` is an invalid Value (a missing map key); `null` is a nil
 * interface; `iface` records that the static type is `interface {}` (values read from
 * `[]interface {}` / `map[string]interface {}`), which Go prints in some error messages.
 */
import {
  GoNumber,
  GoTime,
  isGoMap,
  mapElemType,
  newGoMap,
  sliceElemType,
  typeName,
  type GoParamType,
  type GoValue,
} from "../types";

/** An evaluated value. */
export interface RV {
  readonly v: GoValue | undefined;
  readonly iface: boolean;
}

/** The invalid value. */
export const INVALID: RV = { v: undefined, iface: false };

/** Wraps a concrete value. */
export function rv(v: GoValue | undefined, iface = false): RV {
  return { v, iface };
}

/** Go's static type name of a value as seen through `reflect.Value.Type()`. */
export function staticType(x: RV): string {
  if (x.iface || x.v === null) return "interface {}";
  return typeName(x.v as GoValue);
}

/** Whether an untyped nil can be assigned to the parameter type (Go's `canBeNil`). */
export function canBeNil(t: GoParamType): boolean {
  return t === "interface {}" || t === "reflect.Value" || t.startsWith("[]") || t.startsWith("map[");
}

/** Zero value of a parameter type that can be nil. */
export function zeroOf(t: GoParamType): GoValue | undefined {
  if (t === "reflect.Value") return undefined;
  if (t === "interface {}") return null;
  if (t.startsWith("[]")) return [];
  if (t.startsWith("map[")) return newGoMap();
  return null;
}

/** Zero value of a map's element type (for `missingkey=zero`). */
export function zeroOfElem(elemType: string): GoValue {
  switch (elemType) {
    case "string":
      return "";
    case "int":
      return 0n;
    case "float64":
      return 0;
    case "bool":
      return false;
    default:
      return null;
  }
}

/** True when a concrete value has exactly the Go type `t` (assignability for our closed set). */
export function assignable(v: GoValue, t: GoParamType): boolean {
  switch (t) {
    case "interface {}":
    case "reflect.Value":
      return true;
    case "string":
      return typeof v === "string";
    case "bool":
      return typeof v === "boolean";
    case "int":
      return typeof v === "bigint";
    case "float64":
      return typeof v === "number";
    case "[]interface {}":
      return Array.isArray(v) && sliceElemType(v) === "interface {}";
    case "[]string":
      return Array.isArray(v) && sliceElemType(v) === "string";
    case "map[string]interface {}":
      return isGoMap(v) && mapElemType(v) === "interface {}";
    case "time.Time":
      return v instanceof GoTime;
    default:
      return v instanceof GoNumber && v.kind === t;
  }
}

/** Element static-type flag for an element read out of a container. */
export function elemIface(container: GoValue): boolean {
  if (Array.isArray(container)) return sliceElemType(container) === "interface {}";
  if (isGoMap(container)) return mapElemType(container) === "interface {}";
  return false;
}
