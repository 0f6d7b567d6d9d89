import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkAssertions } from "./assertions";
import type { Placeholders } from "./case-model";
import { normalize, stripLogLines } from "./normalize";

const p: Placeholders = {
  CASE_DIR: "/cases/x",
  CHARTS_DIR: "/charts",
  HELMFILE_CACHE_HOME: "/cache",
  OUTPUT_DIR: "/out",
  TMP: "/tmp/t",
};

describe("checkAssertions applies the corpus's grep-style checks", () => {
  const input = (text: string, exitCode = 0) => ({ text, exitCode, cwd: "/", placeholders: p });

  test("exit codes, substrings and regexes", () => {
    expect(
      checkAssertions(
        [
          { type: "exitCode", equals: 0 },
          { type: "contains", text: "b" },
          { type: "notContains", text: "z" },
        ],
        input("abc"),
      ),
    ).toBeUndefined();
    expect(checkAssertions([{ type: "exitCode", notEquals: 0 }], input("", 0))).toMatch(/exit code 0/);
    expect(
      checkAssertions([{ type: "matchesRegex", pattern: "^---", flags: "m" }], input("x\n---\n")),
    ).toBeUndefined();
    expect(
      checkAssertions([{ type: "notMatchesRegex", pattern: "^Charts", flags: "m" }], input("a\nCharts here")),
    ).toMatch(/matches/);
  });

  test("section selects sed-style ranges", () => {
    const text = "a\nSTART\nin\nEND\nout-marker\nSTART\nagain\nEND\n";
    const list = [
      {
        type: "section",
        start: "^START",
        end: "^END",
        assertions: [
          { type: "notContains", text: "out-marker" },
          { type: "contains", text: "again" },
        ],
      },
    ];
    expect(checkAssertions(list, input(text))).toBeUndefined();
  });

  test("firstChartPathHasChartYaml looks for Chart.yaml under the first chart path", () => {
    const dir = mkdtempSync(join(tmpdir(), "ph-assert-"));
    try {
      mkdirSync(join(dir, "c"));
      writeFileSync(join(dir, "c", "Chart.yaml"), "name: c\n");
      const ok = `releases:\n- name: x\n  chart: "${join(dir, "c")}"\n`;
      expect(
        checkAssertions(
          [{ type: "firstChartPathHasChartYaml", pattern: "^[ \\t]+(-[ \\t]+)?chart:" }],
          input(ok),
        ),
      ).toBeUndefined();
      const bad = `releases:\n- name: x\n  chart: ${join(dir, "missing")}\n`;
      expect(
        checkAssertions(
          [{ type: "firstChartPathHasChartYaml", pattern: "^[ \\t]+(-[ \\t]+)?chart:" }],
          input(bad),
        ),
      ).toMatch(/no Chart.yaml/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("normalize and stripLogLines", () => {
  test("rules apply in order with placeholders; `$Name` stays literal", () => {
    const rules = [
      { op: "regex" as const, pattern: "v\\d+\\.\\d+\\.\\d+\\+[a-z0-9]+", to: "$HelmVersion" },
      { op: "replace" as const, from: "${CASE_DIR}", to: "__workingdir__" },
    ];
    expect(normalize("helm v3.17.3+ge4da497 at /cases/x/f", rules, p)).toBe(
      "helm $HelmVersion at __workingdir__/f",
    );
  });

  test("log lines of helmfile and helm are removed", () => {
    const text =
      'Adding repo r http://x\n"r" has been added to your repositories\nBuilding dependency release=a, chart=c\nTemplating release=a, chart=c\n---\nk: v\n';
    expect(stripLogLines(text)).toBe("---\nk: v\n");
  });
});
