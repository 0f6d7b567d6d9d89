/**
 * strconv number parsing. The first cases are Go's strconv rules as spf13/cast's tests use them;
 * the last block renders sprig's `float64`/`int64` (which call strconv) with the real helm.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testHelmBinaries } from "../../node/helm-binaries";
import { toFloat64, toInt64 } from "../../template/funcs/sprig/cast";
import { formatGoFloat } from "./float";
import { parseFloat64, parseInt64, parseIntBase0 } from "./strconv";

describe("strconv", () => {
  it("parses integers with strconv.ParseInt base 0", () => {
    expect(parseInt64("0x1F")).toBe(31n);
    expect(parseInt64("0o17")).toBe(15n);
    expect(parseInt64("017")).toBe(15n);
    expect(parseInt64("0b101")).toBe(5n);
    expect(parseInt64("1_000")).toBe(1000n);
    expect(parseInt64("08")).toBeUndefined();
    expect(parseInt64("_1")).toBeUndefined();
    expect(parseInt64("9223372036854775808")).toBeUndefined();
    expect(parseInt64("-9223372036854775808")).toBe(-(2n ** 63n));
  });

  it("parses floats with strconv.ParseFloat", () => {
    expect(parseFloat64("1e3")).toBe(1000);
    expect(parseFloat64("0x1p-2")).toBe(0.25);
    expect(parseFloat64("1_000.5")).toBe(1000.5);
    expect(parseFloat64("+Inf")).toBe(Infinity);
    expect(parseFloat64("1e400")).toBeUndefined();
    expect(parseFloat64(" 1")).toBeUndefined();
  });

  it("reads ParseInt syntax without a range check", () => {
    expect(parseIntBase0("18446744073709551616")).toBe(2n ** 64n);
    expect(parseIntBase0("-0x_1F")).toBe(-31n);
    expect(parseIntBase0("0x")).toBeUndefined();
    expect(parseIntBase0("")).toBeUndefined();
  });
});

describe("sprig's float64 and int64 of strings match helm", () => {
  const INPUTS = [
    "0x1F",
    "0x1.8p1",
    "0x1.8",
    "0x_1p0",
    "1_000.5",
    "_1",
    "inf",
    "-Infinity",
    "+nan",
    "nan",
    "1e400",
    "017",
    "0b1_1",
    "08",
    "4.0",
  ];
  const helm = testHelmBinaries().find(([label]) => label === "helm4");

  it("has the pinned helm 4 to compare with", () => {
    expect(helm).toBeDefined();
  });

  it.each(INPUTS)("%j", (input) => {
    const dir = mkdtempSync(join(tmpdir(), "strconv-"));
    try {
      mkdirSync(join(dir, "templates"));
      writeFileSync(join(dir, "Chart.yaml"), "apiVersion: v2\nname: c\nversion: 0.1.0\n");
      writeFileSync(
        join(dir, "templates", "cm.yaml"),
        `x: {{ float64 ${JSON.stringify(input)} }} {{ int64 ${JSON.stringify(input)} }}\n`,
      );
      const res = spawnSync(helm![1], ["template", "r", dir], {
        encoding: "utf8",
        env: { PATH: process.env.PATH, HOME: dir },
      });
      expect(res.status).toBe(0);
      const line = /^x: (.*)$/m.exec(res.stdout)?.[1];
      expect(`${formatGoFloat(toFloat64(input))} ${toInt64(input)}`).toBe(line);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
