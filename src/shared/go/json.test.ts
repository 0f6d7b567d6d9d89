/**
 * encoding/json decoding, checked against the real helm: each text reaches `mustFromJson` through
 * `--set-file` and our error must be the one helm prints; the valid ones must decode to what
 * helm's `toJson` prints back.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testHelmBinaries } from "../../node/helm-binaries";
import { LimitError } from "../limits";
import { newMap } from "../value";
import { decodeGoJson, decodeGoJsonPrefix, GoJsonError } from "./json";

const INVALID = [
  "\u00e9",
  "\u00a0",
  "tru\u00e9",
  "'",
  '"x\\q"',
  "[1 2]",
  '{"a" 1}',
  '{"a":1,}',
  "-",
  "1.",
  "1e+",
  "nul",
  '{"a":1} x',
];
const VALID = [
  '{"a":1,"a":2,"b":[1.5e300,-0,"\\ud83d\\ude00\\u00e9"],"c":null}',
  "[".repeat(1000) + "]".repeat(1000),
];

function goMessage(text: string): string {
  try {
    decodeGoJson(text);
  } catch (err) {
    expect(err).toBeInstanceOf(GoJsonError);
    return (err as Error).message;
  }
  return "no error";
}

describe("decodeGoJson matches helm's mustFromJson", () => {
  const binaries = testHelmBinaries().filter(([label]) => label === "helm4");
  const dir = mkdtempSync(join(tmpdir(), "go-json-"));
  mkdirSync(join(dir, "templates"));
  writeFileSync(join(dir, "Chart.yaml"), "apiVersion: v2\nname: c\nversion: 0.1.0\n");
  writeFileSync(join(dir, "templates", "cm.yaml"), "x: {{ mustFromJson .Values.j | toJson }}\n");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function helm(text: string): { status: number | null; stdout: string; stderr: string } {
    const file = join(dir, "input.json");
    writeFileSync(file, text);
    const [[, bin]] = binaries as [[string, string]];
    return spawnSync(bin, ["template", "r", dir, "--set-file", `j=${file}`], {
      encoding: "utf8",
      env: { PATH: process.env.PATH, HOME: dir },
    });
  }

  it("has the pinned helm 4 to compare with", () => {
    expect(binaries).toHaveLength(1);
  });

  it.each(INVALID.map((t) => [t.length > 40 ? `${t.slice(0, 20)}…(${t.length})` : t, t]))(
    "refuses %j with helm's message",
    (_shown, text) => {
      const res = helm(text);
      expect(res.status).toBe(1);
      const line = res.stderr.split("\n").find((l) => l.startsWith("Error: ")) ?? "";
      expect(line.replace(/^.*error calling mustFromJson: /, "")).toBe(goMessage(text));
    },
  );

  it.each(VALID.map((t) => [t.length > 80 ? `${t.slice(0, 20)}…(${t.length})` : t, t]))(
    "decodes %j as helm does",
    (_shown, text) => {
      const res = helm(text);
      expect(res.status).toBe(0);
      const helmJson = /^x: (.*)$/m.exec(res.stdout)?.[1] ?? "";
      expect(decodeGoJson(text)).toEqual(JSON.parse(helmJson));
    },
  );
});

describe("JSON nesting", () => {
  // encoding/json's limit, measured with helmfile v1.8.0's mustFromJson: 10000 levels decode, the
  // 10001st opening fails with `invalid character '[' exceeded max depth` (the CLI reaches it:
  // src/template/nesting-depth.property.test.ts). Here, on Jest's stack, the stack may end first.
  it("decodes 1001 levels (more than the old bound)", () => {
    const text = `${'{"a":'.repeat(600)}${"[".repeat(401)}${"]".repeat(401)}${"}".repeat(600)}`;
    expect(() => decodeGoJson(text)).not.toThrow();
  });

  it("past Go's 10000 levels fails in Go's words, or as a limit error where this stack ends first, never a RangeError", () => {
    const text = `${"[".repeat(200_000)}${"]".repeat(200_000)}`;
    for (const run of [() => decodeGoJson(text), () => decodeGoJsonPrefix(`x=${text}`, 2)]) {
      let caught: unknown;
      try {
        run();
      } catch (err) {
        caught = err;
      }
      expect(caught instanceof RangeError).toBe(false);
      expect(
        (caught instanceof GoJsonError && caught.message === "invalid character '[' exceeded max depth") ||
          (caught instanceof LimitError && caught.code === "LIMIT_VALUES_DEPTH"),
      ).toBe(true);
    }
  });
});

describe("decodeGoJsonPrefix", () => {
  it("reads one value and leaves the rest", () => {
    expect(decodeGoJsonPrefix('x= {"a":[1]},b=2', 2)).toEqual({ value: { a: [1] }, end: 12 });
  });

  it("keeps the last of duplicate keys in a null-prototype map", () => {
    const { value } = decodeGoJsonPrefix('{"a":1,"a":2}', 0);
    const want = newMap();
    want.a = 2;
    expect(value).toEqual(want);
    expect(Object.getPrototypeOf(value)).toBeNull();
  });
});
