/** Vectors `state-values-set`: `--state-values-set(-string)` parsing and typing. */
import {
  parseKey,
  parseCliStateValues,
  parseStateValuesSet,
  setValueAtKey,
  typedValue,
} from "../../merge/index";
import { fromPlain, newMap } from "../../shared/value";
import type { VectorHandler } from "./types";
import { checkResult, mapOf, sameValue } from "./maputil-merge-maps";

export const stateValuesSet: VectorHandler = (v) => {
  const input = v.input as Record<string, unknown>;
  switch (v.function) {
    case "parseKey":
      return sameValue(fromPlain(parseKey(input.key as string)), v.expected);
    case "typedValue": {
      const text = input.value as string;
      const out = newMap();
      out.set = typedValue(text);
      out.setString = typedValue(text, true);
      return sameValue(out, v.expected);
    }
    case "set": {
      let m = mapOf(input.start);
      for (const op of input.ops as { key: string[]; value: string }[])
        m = setValueAtKey(m, op.key, typedValue(op.value));
      return checkResult(v, m);
    }
    case "parseStateValuesSet":
      return checkResult(v, parseStateValuesSet(input.stateValuesSet as string[]));
    case "parseStateValuesSetString":
      return checkResult(
        v,
        parseCliStateValues(
          (input.stateValuesSet as string[] | undefined) ?? [],
          (input.stateValuesSetString as string[] | undefined) ?? [],
        ),
      );
    default:
      return `unknown function ${String(v.function)}`;
  }
};
