/** `conformance vectors <dir|file>`: helmfile unit-test vectors with a per-topic breakdown. */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { attempt, printReport, type Outcome } from "./report";
import { HANDLERS, type VectorFile } from "./vectors/index";

export async function runVectors(path: string): Promise<boolean> {
  const files = statSync(path).isDirectory()
    ? readdirSync(path)
        .filter((f) => f.endsWith(".json"))
        .sort()
        .map((f) => join(path, f))
    : [path];
  const outcomes: Outcome[] = [];
  for (const f of files) {
    const data = JSON.parse(readFileSync(f, "utf8")) as VectorFile;
    const handler = HANDLERS[data.topic];
    for (const v of data.vectors) {
      const id = `${data.topic}/${v.id}`;
      if (handler === undefined) {
        outcomes.push({ id, passed: false, reason: `no handler for topic ${data.topic}`, group: data.topic });
        continue;
      }
      outcomes.push(await attempt(id, data.topic, () => handler(v, data)));
    }
  }
  return printReport("vectors", outcomes, { breakdown: true });
}
