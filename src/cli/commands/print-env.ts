/**
 * `print-env`: each state's environment as helmfile prints it (app/print_env.go): a map of
 * `filePath` (absolute), `name` and `values` (the merged environment values) with keys sorted
 * like Go's map encoders; YAML documents separated by `---`, or one JSON array.
 */
import { ConfigError } from "../../shared/errors";
import { encodeYaml } from "../../shared/yaml/encode";
import { newMap, toPlain, type ValueMap } from "../../shared/value";
import type { CliContext } from "../cli-context";
import { flagString } from "../parse-args";
import { goYamlVersion } from "./build";
import type { CommandSpec } from "./command-spec";

function sortDeep(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortDeep);
  if (v !== null && typeof v === "object")
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, sortDeep((v as Record<string, unknown>)[k])]),
    );
  return v;
}

async function runPrintEnv(ctx: CliContext): Promise<number> {
  const output = flagString(ctx.flags, "output") ?? "yaml";
  if (output !== "yaml" && output !== "json" && output !== "")
    throw new ConfigError(
      "CLI_BAD_FLAG_VALUE",
      `unsupported output format: ${output} (supported: yaml, json)`,
      {
        found: output,
      },
    );
  const desired = await ctx.loadDesiredState({ releaseValues: false, allowNoMatchingRelease: true });
  const docs = desired.states.map((s) => {
    const m: ValueMap = newMap();
    m.filePath = s.file;
    m.name = s.environment;
    m.values = s.values;
    return m;
  });
  if (output === "json") {
    // Go's json.MarshalIndent(output, "  ", "  ") after a two-space lead; <, >, & escaped.
    const body = docs
      .map((d) => `  ${JSON.stringify(sortDeep(toPlain(d)), null, 2).replace(/\n/g, "\n  ")}`)
      .join(",\n")
      .replace(/[<>&]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);
    ctx.host.writeStdout(`[\n${body}\n]\n`);
  } else {
    const version = goYamlVersion(ctx.host.env);
    ctx.host.writeStdout(docs.map((d) => encodeYaml(d, { version, sortKeys: true })).join("---\n"));
  }
  return 0;
}

/** The `print-env` command. */
export const printEnvCommand: CommandSpec = {
  name: "print-env",
  summary: "Print each state's environment name and merged values (secrets decrypted)",
  flags: [{ name: "output", type: "string", help: "yaml (default) or json" }],
  run: runPrintEnv,
};
