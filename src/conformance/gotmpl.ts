/** `conformance gotmpl <vectors.json>`: Go template + sprig vectors. Not built yet: all fail. */
import { readFileSync } from "node:fs";
import { printReport } from "./report";

export async function runGotmpl(path: string): Promise<boolean> {
  const data = JSON.parse(readFileSync(path, "utf8")) as { vectors: { id: string; topic: string }[] };
  return printReport(
    "gotmpl",
    data.vectors.map((v) => ({ id: v.id, passed: false, reason: "template engine not built yet", group: v.topic })),
    { breakdown: true },
  );
}
