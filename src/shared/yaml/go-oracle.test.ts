import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isMap, newMap, type Value } from "../value";
import { LoadError } from "../errors";
import { decodeYaml } from "./decode";
import { encodeYaml } from "./encode";
import { formatGoFloat } from "../go/float";

// Fixtures produced by running go.yaml.in/yaml v2.4.2 and v3.0.5 (the versions helmfile
// pins) on these inputs; see each file's "description".
const load = <T>(name: string): T => JSON.parse(readFileSync(join(__dirname, "testdata", name), "utf8")) as T;

/** Go-typed JSON text: numbers with '.', 'e' or 'E' are float64, the others int. */
function goTyped(text: string): Value {
  const marked = text.replace(
    /("(?:[^"\\]|\\.)*")|(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)/g,
    (_m, s: string | undefined, n: string | undefined) =>
      s !== undefined ? s : /[.eE]/.test(n ?? "") ? `{"$f":"${n}"}` : `{"$i":"${n}"}`,
  );
  const revive = (v: unknown): Value => {
    if (Array.isArray(v)) return v.map(revive);
    if (v !== null && typeof v === "object") {
      const o = v as Record<string, unknown>;
      if (typeof o.$i === "string" && Object.keys(o).length === 1) return BigInt(o.$i);
      if (typeof o.$f === "string" && Object.keys(o).length === 1) return Number(o.$f);
      const m = newMap();
      for (const k of Object.keys(o)) m[k] = revive(o[k]);
      return m;
    }
    return v as Value;
  };
  return revive(JSON.parse(marked));
}

/** A decoded value in the fixture's notation. */
function notation(v: Value): unknown {
  if (v === null || typeof v === "string") return v;
  if (typeof v === "boolean") return `bool:${v}`;
  if (typeof v === "bigint") return v > 2n ** 63n - 1n ? `uint64:${v}` : `int:${v}`;
  if (typeof v === "number") return `float64:${formatGoFloat(v)}`;
  if (Array.isArray(v)) return v.map(notation);
  if (isMap(v)) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) out[k] = notation(v[k] as Value);
    return { $map: out };
  }
  return v;
}

describe("encodeYaml matches go-yaml's Marshal", () => {
  const { cases } = load<{ cases: Array<{ version: "v2" | "v3"; value: string; expected: string }> }>(
    "go-yaml-marshal.json",
  );
  it.each(cases.map((c, i) => [i, c.version, c] as const))("case %i (%s)", (_i, version, c) => {
    expect(encodeYaml(goTyped(c.value), { version })).toBe(c.expected);
  });
});

/** The code our decoder gives the failure go-yaml reports with `message`. */
function codeOfGoError(message: string): string {
  if (message.startsWith("yaml: unmarshal errors:")) return "YAML_DUPLICATE_KEY";
  if (message.startsWith("yaml: invalid map key:")) return "YAML_INVALID_KEY";
  if (message.startsWith("yaml: cannot decode ")) return "YAML_TYPE";
  return "YAML_SYNTAX";
}

describe("decodeYaml matches go-yaml's Unmarshal", () => {
  const { cases } = load<{
    cases: Array<{ version: "v2" | "v3"; text: string; expected?: unknown; error?: string }>;
  }>("go-yaml-unmarshal.json");
  const refused = cases.filter((c) => c.error !== undefined);
  const decoded = cases.filter((c) => c.error === undefined);
  it.each(refused.map((c) => [c.version, JSON.stringify(c.text), c] as const))(
    "%s refuses %s",
    (version, _t, c) => {
      let thrown: unknown;
      try {
        decodeYaml(c.text, { version });
      } catch (err) {
        thrown = err;
      }
      // A LoadError (or its per-document subclass), with go-yaml's kind of failure as the code.
      expect(thrown).toBeInstanceOf(LoadError);
      expect((thrown as LoadError).code).toBe(codeOfGoError(c.error ?? ""));
    },
  );
  it.each(decoded.map((c) => [c.version, JSON.stringify(c.text), c] as const))(
    "%s decodes %s",
    (version, _t, c) => {
      expect(notation(decodeYaml(c.text, { version }))).toEqual(c.expected);
    },
  );
});
