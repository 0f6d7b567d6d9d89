/**
 * Go's `%q` in `--set` errors, checked against the real helm: each expression is given to
 * `helm template` on a one-file chart and our message must be helm's `Error:` line. Before one
 * quoting implementation served every stage, strvals had its own that printed a non-breaking
 * space raw where helm escapes it.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testHelmBinaries } from "../../node/helm-binaries";
import { MergeError } from "../../shared/errors";
import { newMap } from "../../shared/value";
import type { SetFlag } from "../../shared/model";
import { applyFlag } from "./user-values";

const CASES: ReadonlyArray<[SetFlag["kind"], string]> = [
  ["set", "a[0]\u00a0=1"],
  ["set", "a[0]\u00a0\t\u0001é=1"],
  ["set", "a[0]\u{1F600}\u200b'\"\\=1"],
  ["set", "a[0]\u2028\u00ad=1"],
  ["set", 'a[x\u00a0"]=1'],
  ["set-literal", "a[0]\u00a0=1"],
  ["set-string", "a[0]\ufeffz=1"],
];

function chart(): string {
  const dir = mkdtempSync(join(tmpdir(), "set-quoting-"));
  mkdirSync(join(dir, "templates"));
  writeFileSync(join(dir, "Chart.yaml"), "apiVersion: v2\nname: c\nversion: 0.1.0\n");
  writeFileSync(join(dir, "templates", "cm.yaml"), "x: {{ .Values | toJson }}\n");
  return dir;
}

function ours(kind: SetFlag["kind"], expression: string, major: 3 | 4): string {
  try {
    applyFlag(newMap(), { kind, expression, secret: false }, { major, readFile: () => "" });
  } catch (err) {
    expect(err).toBeInstanceOf(MergeError);
    expect((err as MergeError).code).toBe("HELM_SET_SYNTAX");
    return (err as MergeError).detail;
  }
  return "no error";
}

describe("--set error quoting matches helm", () => {
  const binaries = testHelmBinaries();
  const dir = chart();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("has the pinned helm 4 to compare with", () => {
    expect(binaries.map(([label]) => label)).toContain("helm4");
  });

  describe.each(binaries)("%s", (label, helm) => {
    it.each(CASES)("--%s %j", (kind, expression) => {
      const res = spawnSync(helm, ["template", "r", dir, `--${kind}`, expression], {
        encoding: "utf8",
        env: { PATH: process.env.PATH, HOME: dir },
      });
      expect(res.status).toBe(1);
      const helmLine = res.stderr.split("\n").find((l) => l.startsWith("Error: "));
      expect(`Error: ${ours(kind, expression, label === "helm3" ? 3 : 4)}`).toBe(helmLine);
    });
  });
});
