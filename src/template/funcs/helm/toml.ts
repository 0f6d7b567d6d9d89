/** helm's `toToml` and `fromToml`: neither fails; errors come back as text. */
import { newGoMap, type GoMap, type GoValue } from "../../types";
import { decodeToml } from "./toml-decode";
import { encodeToml } from "./toml-encode";

/** `toToml`: the TOML text, or the error's text. */
export function toToml(v: GoValue): string {
  try {
    return encodeToml(v);
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/** `fromToml`: a map; a parse error goes into the `Error` key. */
export function fromToml(text: string): GoMap {
  try {
    return decodeToml(text);
  } catch (e) {
    const m = newGoMap();
    m["Error"] = e instanceof Error ? e.message : String(e);
    return m;
  }
}
