/** sprig's JSON family: `toJson`, `toPrettyJson`, `toRawJson`, `fromJson` and their `must` forms. */
import { fn, FuncError, type FuncSpec, type GoValue } from "../../types";
import { strArg } from "./cast";
import { decodeGoJson } from "../../../shared/go/json";
import { encodeGoJson, type JsonEncodeOptions } from "./go-json-encode";

function encoder(options: JsonEncodeOptions, onError: "empty" | "throw"): FuncSpec {
  return fn(["interface {}"], ([v]) => {
    try {
      return encodeGoJson(v ?? null, options);
    } catch (e) {
      if (onError === "empty") return "";
      throw new FuncError((e as Error).message);
    }
  });
}

/** The JSON functions. */
export function jsonFuncs(): Map<string, FuncSpec> {
  const pretty = { indent: "  " };
  const raw = { escapeHTML: false };
  return new Map<string, FuncSpec>([
    ["toJson", encoder({}, "empty")],
    ["mustToJson", encoder({}, "throw")],
    ["toPrettyJson", encoder(pretty, "empty")],
    ["mustToPrettyJson", encoder(pretty, "throw")],
    // sprig's toRawJson panics on failure instead of returning "".
    ["toRawJson", encoder(raw, "throw")],
    ["mustToRawJson", encoder(raw, "throw")],
    [
      "fromJson",
      fn(["string"], ([s]): GoValue => {
        try {
          return decodeGoJson(strArg(s));
        } catch {
          return null;
        }
      }),
    ],
    [
      "mustFromJson",
      fn(["string"], ([s]) => {
        try {
          return decodeGoJson(strArg(s));
        } catch (e) {
          throw new FuncError((e as Error).message);
        }
      }),
    ],
  ]);
}
