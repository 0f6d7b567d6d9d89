/** `version` and `-v/--version`: our version, and the version of the helm we would run. */
import { ownVersion } from "../../shared/own-version";
import { ConfigError } from "../../shared/errors";
import { encodeYaml } from "../../shared/yaml/encode";
import type { CliContext } from "../cli-context";
import { flagString } from "../parse-args";
import type { CommandSpec } from "./command-spec";

export { ownVersion };

async function runVersion(ctx: CliContext): Promise<number> {
  const output = flagString(ctx.flags, "output") ?? "";
  const version = ownVersion();
  if (output === "short") {
    ctx.host.writeStdout(`${version}\n`);
    return 0;
  }
  let helm: string;
  try {
    helm = (await ctx.helm()).raw;
  } catch (err) {
    helm = `not found (${err instanceof Error ? err.message.split("\n")[0] : String(err)})`;
  }
  const info = {
    version,
    helmVersion: helm,
    nodeVersion: process.version,
    platform: `${process.platform}/${process.arch}`,
  };
  if (output === "json") ctx.host.writeStdout(`${JSON.stringify(info, null, 2)}\n`);
  else if (output === "yaml") ctx.host.writeStdout(encodeYaml(info, { sortKeys: false }));
  else if (output === "")
    ctx.host.writeStdout(
      `pulumi-helmfile  ${version}\nhelm             ${helm}\nnode             ${process.version}\nplatform         ${info.platform}\n`,
    );
  else
    throw new ConfigError("CLI_BAD_FLAG_VALUE", `unsupported output format "${output}"`, {
      expected: "short, json or yaml",
      found: output,
    });
  return 0;
}

/** The `version` command. */
export const versionCommand: CommandSpec = {
  name: "version",
  summary: "Print the pulumi-helmfile version and the helm it runs",
  flags: [{ name: "output", short: "o", type: "string", help: "short, json or yaml (default: a table)" }],
  run: runVersion,
};
