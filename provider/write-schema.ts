/**
 * Writes provider/schema.json from the component sources, without a Pulumi CLI, using the same
 * provider the plugin serves. Run: `npx tsx provider/write-schema.ts`.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { HelmfileComponentProvider } from "./helmfile-provider";

/** Generates the schema as pretty JSON. */
export async function generateSchema(): Promise<string> {
  const provider = new HelmfileComponentProvider(__dirname);
  return `${JSON.stringify(JSON.parse(await provider.getSchema()), null, 2)}\n`;
}

if (require.main === module) {
  void generateSchema().then((schema) => writeFileSync(join(__dirname, "schema.json"), schema));
}
