/**
 * Which Pulumi CLI runs the stack, and with which home: the user's own where they have one, the
 * engine scripts/build-engine.sh builds only where they have none.
 *
 * Order: `pulumiRoot` (option), then `PULUMI_HELMFILE_PULUMI_ROOT`, then a `pulumi` on `PATH` of a
 * supported version ({@link SUPPORTED_PULUMI}), then the built engine in the cache
 * (`PULUMI_HELMFILE_CACHE`, default `~/.cache/pulumi-helmfile`). A root laid out as the build lays
 * it out (`<root>/pulumi-home/plugins`) runs with that private home, offline; any other CLI runs
 * with the user's own `PULUMI_HOME` (default `~/.pulumi`), plugins and settings.
 */
import { accessSync, constants, existsSync } from "node:fs";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { basename, delimiter, dirname, join, resolve } from "node:path";
import { PulumiCommand } from "@pulumi/pulumi/automation";
import { EngineNotFoundError } from "./errors";
import { binaryIdentity, rememberedVersions, rememberVersion } from "../node/binary-versions";
import { readEnvSettings } from "../shared/settings";

/** The Pulumi CLI versions we run: what this package is tested with (v3.276.0) back to resource hooks' arrival. */
export const SUPPORTED_PULUMI = { minimum: "3.200.0", below: "4.0.0" } as const;

/** The CLI chosen and how to run it. */
export interface PulumiCli {
  readonly command: PulumiCommand;
  /** Where it was found, for messages. */
  readonly binary: string;
  /** `PULUMI_HOME` for it; undefined: the user's own (the environment's, else `~/.pulumi`). */
  readonly home?: string;
  /** True for the engine scripts/build-engine.sh built (its private home, no plugin downloads). */
  readonly builtEngine: boolean;
}

/** The first executable `pulumi` on `path`, if any. */
export function pulumiOnPath(path: string | undefined): string | undefined {
  for (const dir of (path ?? "").split(delimiter)) {
    if (dir === "") continue;
    const candidate = join(dir, "pulumi");
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** `major.minor.patch` of a version is inside {@link SUPPORTED_PULUMI}. */
export function isSupportedPulumi(version: string): boolean {
  const parse = (v: string): number[] => (/^v?(\d+)\.(\d+)\.(\d+)/.exec(v)?.slice(1) ?? []).map(Number);
  const v = parse(version);
  if (v.length !== 3) return false;
  const cmp = (a: number[], b: number[]): number => {
    for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
    return 0;
  };
  return cmp(v, parse(SUPPORTED_PULUMI.minimum)) >= 0 && cmp(v, parse(SUPPORTED_PULUMI.below)) < 0;
}

/**
 * The SDK's `PulumiCommand` for a remembered version, made as `PulumiCommand.get` makes it (its
 * command and the version parsed by the SDK's own semver) without running `pulumi version`; undefined
 * when the SDK's class does not take them as expected.
 */
function rememberedCommand(command: string, version: string): PulumiCommand | undefined {
  try {
    const semver = createRequire(require.resolve("@pulumi/pulumi/automation/cmd.js"))("semver") as {
      parse(v: string): { version?: unknown } | null;
    };
    const parsed = semver.parse(version);
    if (parsed === null || parsed.version !== version) return undefined;
    const Made = PulumiCommand as unknown as new (command: string, version: unknown) => PulumiCommand;
    const made = new Made(command, parsed);
    return made instanceof PulumiCommand && made.command === command && made.version === parsed
      ? made
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `PulumiCommand.get` (`root`: the binary is `<root>/bin/pulumi`, else PATH's `pulumi`), whose
 * `pulumi version` run (0.15–0.3 s before every stack command) is made once per binary: the
 * version is remembered in `versions` by the binary's path, size and modification time, beside
 * helm's (next to the render cache); undefined (the render cache turned off): always asked.
 */
async function commandFor(
  binary: string,
  root: string | undefined,
  versions: string | undefined,
): Promise<PulumiCommand> {
  const identity = versions === undefined ? undefined : binaryIdentity(binary);
  const known =
    identity === undefined || versions === undefined ? undefined : rememberedVersions(versions)[identity];
  const command = root === undefined ? "pulumi" : resolve(join(root, "bin", "pulumi"));
  const made = typeof known === "string" ? rememberedCommand(command, known) : undefined;
  if (made !== undefined) return made;
  const asked = await PulumiCommand.get({ ...(root === undefined ? {} : { root }), skipVersionCheck: true });
  const version = asked.version?.version;
  if (versions !== undefined && identity !== undefined && typeof version === "string")
    rememberVersion(versions, identity, version);
  return asked;
}

/** A root holding the engine as scripts/build-engine.sh lays it out (`bin/pulumi`, `pulumi-home/plugins`). */
async function atRoot(root: string, versions: string | undefined): Promise<PulumiCli> {
  const binary = join(root, "bin", "pulumi");
  if (!existsSync(binary)) {
    throw new EngineNotFoundError("ENGINE_NOT_FOUND", `no Pulumi CLI at ${binary}`, {
      expected: "a root holding bin/pulumi (pulumiRoot or PULUMI_HELMFILE_PULUMI_ROOT)",
    });
  }
  const home = join(root, "pulumi-home");
  const builtEngine = existsSync(join(home, "plugins"));
  const command = await commandFor(binary, root, versions);
  const version = command.version?.version ?? "unknown";
  if (!isSupportedPulumi(version)) {
    throw new EngineNotFoundError(
      "ENGINE_NOT_FOUND",
      `${binary} is Pulumi ${version}, outside the supported range`,
      {
        expected: `pulumi >=${SUPPORTED_PULUMI.minimum} <${SUPPORTED_PULUMI.below}`,
        found: version,
      },
    );
  }
  return { command, binary, ...(builtEngine ? { home } : {}), builtEngine };
}

/** Finds the CLI (see the module comment); `ENGINE_NOT_FOUND` naming what was tried when there is none. */
export async function findPulumiCli(
  pulumiRoot: string | undefined,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<PulumiCli> {
  const cache = env.PULUMI_HELMFILE_CACHE || join(homedir(), ".cache", "pulumi-helmfile");
  const renderCache = readEnvSettings(env, homedir()).renderCache;
  const versions = renderCache.disabled ? undefined : join(renderCache.dir, "..", "pulumi-versions.json");
  if (pulumiRoot !== undefined) return atRoot(resolve(pulumiRoot), versions);
  if (env.PULUMI_HELMFILE_PULUMI_ROOT) return atRoot(resolve(env.PULUMI_HELMFILE_PULUMI_ROOT), versions);
  let refused = "";
  const onPath = pulumiOnPath(env.PATH);
  if (onPath !== undefined) {
    const found = await commandFor(onPath, pathRoot(onPath).root, versions).catch(() => undefined);
    const version = found?.version?.version ?? "unknown";
    if (found !== undefined && isSupportedPulumi(version))
      return { command: found, binary: onPath, builtEngine: false };
    refused = `; ${onPath} is Pulumi ${version}, outside the supported >=${SUPPORTED_PULUMI.minimum} <${SUPPORTED_PULUMI.below}`;
  }
  if (existsSync(join(cache, "bin", "pulumi"))) return atRoot(resolve(cache), versions);
  throw new EngineNotFoundError(
    "ENGINE_NOT_FOUND",
    `no Pulumi CLI: none on PATH${refused}, and no engine built in ${cache}`,
    {
      expected: `pulumi >=${SUPPORTED_PULUMI.minimum} <${SUPPORTED_PULUMI.below} on PATH (https://www.pulumi.com/docs/install/), or the engine of scripts/build-engine.sh`,
    },
  );
}

/** `PulumiCommand.get` runs `<root>/bin/pulumi`: the root of a binary in a `bin` folder, else PATH's own lookup. */
function pathRoot(binary: string): { root?: string } {
  const dir = dirname(binary);
  return basename(dir) === "bin" ? { root: dirname(dir) } : {};
}
