import { readFileSync } from "node:fs";
import { isLocalChart, isOciChart, normalizeChart, resolveRemoteChart, safeVersionPath } from "./chart-ref";
import { corpusPath } from "../../tests/support/corpus";

interface ChartVector {
  id: string;
  function: string;
  input: { chart?: string; basePath?: string; version?: string };
  expected: unknown;
}

const corpus = corpusPath("helmfile", "vectors", "chart-paths.json");
const vectors = (JSON.parse(readFileSync(corpus, "utf8")) as { vectors: ChartVector[] }).vectors;

describe("chart references are classified like helmfile", () => {
  test.each(vectors.map((v) => [v.id, v] as const))("%s", (_id, v) => {
    const i = v.input;
    const got =
      v.function === "isLocalChart"
        ? isLocalChart(i.chart ?? "")
        : v.function === "resolveRemoteChart"
          ? resolveRemoteChart(i.chart ?? "")
          : v.function === "normalizeChart"
            ? normalizeChart(i.basePath ?? "", i.chart ?? "")
            : safeVersionPath(i.version ?? "");
    expect(got).toEqual(v.expected);
  });

  test("oci:// references are OCI charts and not local", () => {
    expect(isOciChart("oci://registry.example.com/charts/app")).toBe(true);
    expect(isLocalChart("oci://registry.example.com/charts/app")).toBe(false);
  });
});
