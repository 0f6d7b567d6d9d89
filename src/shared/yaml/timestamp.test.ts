import { canonicalJson, cloneValue, GoTime, isMap, toPlain, type ValueMap } from "../value";
import { decodeYaml } from "./decode";
import { encodeYaml } from "./encode";
import { encodeHelmYaml } from "./helm-yaml";
import { goTimeString, parseGoYamlTimestamp } from "./timestamp";

// Every expected string below was printed by a throwaway Go program decoding `d: <input>` with
// go.yaml.in/yaml/v3 v3.0.5 and go.yaml.in/yaml/v2 v2.4.2 into interface{} (TZ=UTC), then
// printing the value with %v / %T, re-marshalling it with both libraries, with encoding/json
// and with sigs.k8s.io/yaml v1.5.0 (helm's toYaml).
const GO_V3: ReadonlyArray<readonly [string, string, string]> = [
  // input, time.Time String(), yaml v3/v2 Marshal of the time
  ["2024-01-02", "2024-01-02 00:00:00 +0000 UTC", "2024-01-02T00:00:00Z"],
  ["2024-1-2", "2024-01-02 00:00:00 +0000 UTC", "2024-01-02T00:00:00Z"],
  ["2001-12-14t21:59:43.10-05:00", "2001-12-14 21:59:43.1 -0500 -0500", "2001-12-14T21:59:43.1-05:00"],
  ["2001-12-14T21:59:43.10-05:00", "2001-12-14 21:59:43.1 -0500 -0500", "2001-12-14T21:59:43.1-05:00"],
  ["2001-12-14T21:59:43Z", "2001-12-14 21:59:43 +0000 UTC", "2001-12-14T21:59:43Z"],
  ["2001-12-15T02:59:43.1Z", "2001-12-15 02:59:43.1 +0000 UTC", "2001-12-15T02:59:43.1Z"],
  ["2001-12-14 21:59:43.10", "2001-12-14 21:59:43.1 +0000 UTC", "2001-12-14T21:59:43.1Z"],
  ["2001-12-14 21:59:43", "2001-12-14 21:59:43 +0000 UTC", "2001-12-14T21:59:43Z"],
  ["2024-01-02T10:00:00+02:00", "2024-01-02 10:00:00 +0200 +0200", "2024-01-02T10:00:00+02:00"],
  ["2024-01-02T10:00:00+00:00", "2024-01-02 10:00:00 +0000 UTC", "2024-01-02T10:00:00Z"],
  ["1999-1-2t3:4:5.123Z", "1999-01-02 03:04:05.123 +0000 UTC", "1999-01-02T03:04:05.123Z"],
  ["0001-01-01", "0001-01-01 00:00:00 +0000 UTC", "0001-01-01T00:00:00Z"],
  [
    "2024-01-02T10:00:00.123456789Z",
    "2024-01-02 10:00:00.123456789 +0000 UTC",
    "2024-01-02T10:00:00.123456789Z",
  ],
];

// go-yaml v3.0.5 keeps these as strings (not valid timestamps for its layouts or ranges).
const NOT_TIMES = ["2001-12-14 21:59:43.10 -5", "2024-02-30", "2024-01-02T10:00:00", "2024-01-02T24:00:00Z"];

function d(text: string, version: "v2" | "v3"): unknown {
  return (decodeYaml(`d: ${text}\n`, { version }) as ValueMap).d;
}

describe("go-yaml v3 timestamps", () => {
  it.each(GO_V3)("v3 decodes %s to a time.Time that prints as Go's String form", (input, str) => {
    const v = d(input, "v3");
    expect(v).toBeInstanceOf(GoTime);
    expect(goTimeString(v as GoTime)).toBe(str);
  });

  it.each(GO_V3)("v3 and v2 re-encode the time decoded from %s as RFC 3339", (input, _s, rfc) => {
    const doc = decodeYaml(`d: ${input}\n`, { version: "v3" });
    expect(encodeYaml(doc, { version: "v3" })).toBe(`d: ${rfc}\n`);
    expect(encodeYaml(doc, { version: "v2" })).toBe(`d: ${rfc}\n`);
  });

  it.each(GO_V3)("encoding/json writes the time decoded from %s as its RFC 3339 string", (input, _s, rfc) => {
    const doc = decodeYaml(`d: ${input}\n`, { version: "v3" });
    expect(canonicalJson(doc)).toBe(`{"d":"${rfc}"}`);
    expect(toPlain(doc)).toEqual({ d: rfc });
  });

  it.each(GO_V3)("v2 keeps %s as the string it was written as", (input) => {
    expect(d(input, "v2")).toBe(input);
  });

  it.each(NOT_TIMES)("v3 keeps the non-timestamp %s a string", (input) => {
    expect(d(input, "v3")).toBe(input);
  });

  it("v3 keeps quoted and !!str timestamps strings, and a !!timestamp tag makes a time", () => {
    expect(d("'2024-01-02'", "v3")).toBe("2024-01-02");
    expect(d("!!str 2024-01-02", "v3")).toBe("2024-01-02");
    expect(d("!!timestamp 2024-01-02", "v3")).toBeInstanceOf(GoTime);
    expect(d("!!timestamp 2024-01-02", "v2")).toBe("2024-01-02");
  });

  it("v3 decodes timestamps inside lists too", () => {
    const doc = decodeYaml("l: [2024-01-02]\n", { version: "v3" }) as ValueMap;
    expect((doc.l as unknown[])[0]).toBeInstanceOf(GoTime);
  });

  it("helm's toYaml (sigs.k8s.io/yaml) quotes the time's RFC 3339 string", () => {
    // sigs.k8s.io/yaml v1.5.0: `d: "2024-01-02T00:00:00Z"`, and a timestamp-like string stays quoted.
    const doc = decodeYaml("d: 2024-01-02\ns: '2024-01-02'\n", { version: "v3" });
    expect(encodeHelmYaml(doc)).toBe('d: "2024-01-02T00:00:00Z"\ns: "2024-01-02"\n');
  });

  it("a time is a leaf: not a map, cloned as itself", () => {
    const t = parseGoYamlTimestamp("2024-01-02") as GoTime;
    expect(isMap(t)).toBe(false);
    expect(cloneValue(t)).toBe(t);
  });

  it("remembers the text it was decoded from (what a Go string field receives)", () => {
    expect(parseGoYamlTimestamp("2001-12-14t21:59:43.10-05:00")?.sourceText).toBe(
      "2001-12-14t21:59:43.10-05:00",
    );
    expect(parseGoYamlTimestamp("2024-02-30")).toBeUndefined();
  });
});
