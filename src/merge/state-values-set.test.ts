import fc from "fast-check";
import { canonicalJson, fromPlain, type ValueMap } from "../shared/value";
import {
  parseCliStateValues,
  parseKey,
  parseStateValuesSet,
  parseStateValuesSetString,
  setValueAtKey,
  typedValue,
} from "./state-values-set";

const m = (x: unknown): ValueMap => fromPlain(x) as ValueMap;

describe("state values set parsing", () => {
  it("refuses a key of more than 1000 parts with LIMIT_VALUES_DEPTH (helmfile has no bound)", () => {
    const key = Array(40000).fill("a").join(".");
    expect(() => parseStateValuesSet([`${key}=1`])).toThrow(
      expect.objectContaining({ code: "LIMIT_VALUES_DEPTH" }),
    );
    expect(() => parseStateValuesSetString([`${key}=1`])).toThrow(
      expect.objectContaining({ code: "LIMIT_VALUES_DEPTH" }),
    );
    expect(parseStateValuesSet([`${Array(1000).fill("a").join(".")}=1`])).toBeDefined();
  });

  it("refuses a list index above helm's MaxIndex with helm's message (helmfile allocates the list and runs out of memory)", () => {
    expect(() => parseStateValuesSet(["a[999999999]=x"])).toThrow(
      "index of 999999999 is greater than maximum supported index of 65536",
    );
    expect(() => parseStateValuesSet(["a.b[65537].c=x"])).toThrow(/index of 65537 is greater than maximum/);
    expect(parseStateValuesSet(["a[2]=x"])).toEqual({ a: [null, null, "x"] });
  });

  it("splits keys on unescaped dots", () => {
    expect(parseKey("a\\.b.c")).toEqual(["a.b", "c"]);
  });

  it("types true/false/null case-insensitively and decimal ints without a leading zero", () => {
    expect([
      typedValue("TRUE"),
      typedValue("False"),
      typedValue("NULL"),
      typedValue("0"),
      typedValue("42"),
      typedValue("042"),
    ]).toEqual([true, false, null, 0n, 42n, "042"]);
  });

  it("keeps values too large for int64 as strings", () => {
    expect(typedValue("9223372036854775808")).toBe("9223372036854775808");
  });

  it("creates lists with null holes for indexed keys", () => {
    expect(canonicalJson(setValueAtKey(m({}), ["a", "b[1]"], "x"))).toBe(
      canonicalJson(m({ a: { b: [null, "x"] } })),
    );
  });

  it("applies comma-separated pairs in order", () => {
    expect(canonicalJson(parseStateValuesSet(["l[0]=a,l[1]=b", "n=5"]))).toBe(
      canonicalJson(m({ l: ["a", "b"], n: 5 })),
    );
  });

  it("keeps quoted commas and quotes for set-string", () => {
    expect(canonicalJson(parseStateValuesSetString(['zone="a,b",n=5']))).toBe(
      canonicalJson(m({ zone: '"a,b"', n: "5" })),
    );
  });

  it("lets set win over set-string for the same key", () => {
    expect(canonicalJson(parseCliStateValues(["a=1"], ["a=x"]))).toBe(canonicalJson(m({ a: 1 })));
  });

  // helmfile's getCursor replaces brackets by spaces and scans "%s %d" with Go's fmt.Sscanf;
  // when no index scans, the bracket-replaced text itself is the key (checked with Go 1.24).
  it("keeps the bracket-replaced segment as the key when no index can be scanned", () => {
    expect(canonicalJson(parseStateValuesSet(["a[=1"]))).toBe(canonicalJson(m({ "a ": 1 })));
    expect(canonicalJson(parseStateValuesSet(["[1]=x"]))).toBe(canonicalJson(m({ " 1 ": "x" })));
    expect(canonicalJson(parseStateValuesSet(["a]b[2]=x"]))).toBe(canonicalJson(m({ "a b 2 ": "x" })));
  });

  it("reads the index like Sscanf's %d: sign allowed, trailing junk ignored, no base prefix", () => {
    expect(canonicalJson(parseStateValuesSet(["a[+1]=x"]))).toBe(canonicalJson(m({ a: [null, "x"] })));
    expect(canonicalJson(parseStateValuesSet(["a[1x]=x"]))).toBe(canonicalJson(m({ a: [null, "x"] })));
    expect(canonicalJson(parseStateValuesSet(["a[0x1]=x"]))).toBe(canonicalJson(m({ a: ["x"] })));
    expect(canonicalJson(parseStateValuesSet(["a[ 1]=x"]))).toBe(canonicalJson(m({ a: [null, "x"] })));
  });

  it("rejects an entry without '='", () => {
    expect(() => parseStateValuesSet(["novalue"])).toThrow(
      expect.objectContaining({ code: "CONFIG_BAD_STATE_VALUES_SET" }),
    );
  });

  const seg = fc.stringMatching(/^[a-z][a-z0-9]{0,4}$/);
  it("round-trips a dotted key of simple segments", () => {
    fc.assert(
      fc.property(
        fc.array(seg, { minLength: 1, maxLength: 4 }),
        (parts) => JSON.stringify(parseKey(parts.join("."))) === JSON.stringify(parts),
      ),
      {
        numRuns: 200,
      },
    );
  });

  it("stores any non-special text of --state-values-set-string unchanged", () => {
    fc.assert(
      fc.property(seg, fc.stringMatching(/^[a-zA-Z0-9_./-]{1,8}$/), (k, v) => {
        const out = parseStateValuesSetString([`${k}=${v}`]);
        return out[k] === v;
      }),
      { numRuns: 200 },
    );
  });

  it("stores typed values at the parsed path", () => {
    fc.assert(
      fc.property(
        fc.array(seg, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 100000 }),
        (parts, n) => {
          let cur: unknown = parseStateValuesSet([`${parts.join(".")}=${n}`]);
          for (const p of parts) cur = (cur as Record<string, unknown>)[p];
          return cur === BigInt(n);
        },
      ),
      { numRuns: 200 },
    );
  });
});
