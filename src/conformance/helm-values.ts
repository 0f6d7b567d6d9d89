/** `conformance helm-values <vectors.json>`: helm's -f/--set merge. Not built yet: all fail. */
import { readFileSync } from "node:fs";
import { printReport } from "./report";

export async function runHelmValues(path: string): Promise<boolean> {
  const data = JSON.parse(readFileSync(path, "utf8")) as { vectors: { id: string; topic: string }[] };
  return printReport(
    "helm-values",
    data.vectors.map((v) => ({ id: v.id, passed: false, reason: "helm values merge not built yet", group: v.topic })),
    { breakdown: true },
  );
}
