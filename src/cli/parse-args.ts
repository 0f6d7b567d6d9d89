/**
 * A small pflag-compatible parser: global flags are accepted before or after the command
 * (cobra's persistent flags), `--name=value`, `--name value`, `-n value`, `-nvalue`,
 * repeatable array flags, booleans with an optional `=true|false`, and `--` ends flags.
 */
import { ConfigError } from "../shared/errors";
import { REFUSED_COMMANDS } from "./helmfile-commands";
import { didYouMean, suggestionsFor } from "./suggest";

/** One flag definition. */
export interface FlagSpec {
  readonly name: string;
  readonly short?: string;
  readonly type: "string" | "bool" | "int" | "stringArray";
  /** Default for `bool`/`int`/`string` flags when not given. */
  readonly default?: string | boolean | number;
  /** One-line description for `--help`; default: the shared description in ./flag-help.ts. */
  readonly help?: string;
  /**
   * A helmfile flag we do not support: giving it fails with `CLI_UNSUPPORTED` and this hint
   * (what to use instead). For a bool, {@link refuseWhen} limits the refusal to one value.
   */
  readonly refuse?: string;
  /** With {@link refuse} on a bool flag: refuse only this value (the other one is our behaviour). */
  readonly refuseWhen?: boolean;
}

/** Parsed flag values; arrays for `stringArray`. Flags not given are absent. */
export type FlagValues = Record<string, string | boolean | number | string[]>;

/** The result of {@link parseArgs}. */
export interface ParsedArgs {
  readonly command: string | undefined;
  readonly flags: FlagValues;
  /** Names of flags given explicitly (for flag-over-env precedence). */
  readonly given: ReadonlySet<string>;
  readonly positionals: readonly string[];
}

/**
 * Parses `argv` with the global flags plus the flags of whichever command appears first.
 * `commandFlags(name)` returns the command's flags, or undefined for an unknown command.
 */
export function parseArgs(
  argv: readonly string[],
  globalFlags: readonly FlagSpec[],
  commandFlags: (command: string) => readonly FlagSpec[] | undefined,
  commandNames: readonly string[] = [],
): ParsedArgs {
  let command: string | undefined;
  let specs = [...globalFlags];
  const flags: FlagValues = {};
  const given = new Set<string>();
  const positionals: string[] = [];
  const find = (token: string): FlagSpec | undefined =>
    token.startsWith("--")
      ? specs.find((s) => s.name === token.slice(2))
      : specs.find((s) => s.short === token.slice(1));
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--") {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith("-") || arg === "-") {
      if (command === undefined) {
        const own = commandFlags(arg);
        if (own === undefined) throw unknownCommand(arg, commandNames);
        command = arg;
        specs = [...globalFlags, ...own];
      } else positionals.push(arg);
      continue;
    }
    const { token, inline } = splitFlag(arg);
    const spec = find(token);
    if (spec === undefined) throw unknownFlag(token, arg, specs);
    given.add(spec.name);
    if (spec.type === "bool") {
      const value = parseBool(spec, inline);
      if (spec.refuse !== undefined && (spec.refuseWhen === undefined || spec.refuseWhen === value))
        throw refusedFlag(spec, arg);
      flags[spec.name] = value;
      continue;
    }
    if (spec.refuse !== undefined) throw refusedFlag(spec, arg);
    let value = inline;
    if (value === undefined) {
      value = argv[i + 1];
      if (value === undefined)
        throw new ConfigError(
          "CLI_FLAG_NEEDS_VALUE",
          // pflag's two wordings.
          token.startsWith("--")
            ? `flag needs an argument: ${token}`
            : `flag needs an argument: '${token.slice(1)}' in ${arg}`,
        );
      i++;
    }
    setValue(flags, spec, value);
  }
  return { command, flags, given, positionals };
}

/** A helmfile command we refuse names what to use instead; any other gets cobra's suggestions. */
function unknownCommand(arg: string, commandNames: readonly string[]): ConfigError {
  const refused = REFUSED_COMMANDS[arg];
  if (refused !== undefined)
    return new ConfigError(
      refused.code,
      `helmfile's "${arg}" is not a pulumi-helmfile command: ${refused.hint}`,
    );
  return new ConfigError(
    "CLI_UNKNOWN_COMMAND",
    `unknown command "${arg}" for "pulumi-helmfile"${didYouMean(suggestionsFor(arg, commandNames))}`,
  );
}

/**
 * pflag's wording (`unknown flag: --x`, `unknown shorthand flag: 'x' in -x`); unlike cobra we
 * also suggest the nearest flags of the command.
 */
function unknownFlag(token: string, arg: string, specs: readonly FlagSpec[]): ConfigError {
  if (!token.startsWith("--")) {
    return new ConfigError("CLI_UNKNOWN_FLAG", `unknown shorthand flag: '${token.slice(1)}' in ${arg}`);
  }
  const names = [...new Set(specs.map((s) => s.name))].sort();
  const near = suggestionsFor(token.slice(2), names).map((n) => `--${n}`);
  return new ConfigError("CLI_UNKNOWN_FLAG", `unknown flag: ${token}${didYouMean(near)}`);
}

function refusedFlag(spec: FlagSpec, arg: string): ConfigError {
  return new ConfigError("CLI_UNSUPPORTED", `pulumi-helmfile does not support ${arg}: ${spec.refuse ?? ""}`);
}

function splitFlag(arg: string): { token: string; inline: string | undefined } {
  if (arg.startsWith("--")) {
    const eq = arg.indexOf("=");
    return eq < 0
      ? { token: arg, inline: undefined }
      : { token: arg.slice(0, eq), inline: arg.slice(eq + 1) };
  }
  // `-fvalue` and `-f=value` like pflag.
  const token = arg.slice(0, 2);
  const rest = arg.slice(2);
  return { token, inline: rest === "" ? undefined : rest.startsWith("=") ? rest.slice(1) : rest };
}

function parseBool(spec: FlagSpec, inline: string | undefined): boolean {
  if (
    inline === undefined ||
    inline === "true" ||
    inline === "1" ||
    inline === "t" ||
    inline === "TRUE" ||
    inline === "True"
  )
    return true;
  if (inline === "false" || inline === "0" || inline === "f" || inline === "FALSE" || inline === "False")
    return false;
  throw badValue(spec, inline, `strconv.ParseBool: parsing "${inline}": invalid syntax`);
}

/**
 * pflag's wording (the flag named `-s, --name` when it has a shorthand, Go's strconv reason);
 * the message names the value found, and the reason what was expected.
 */
function badValue(spec: FlagSpec, value: string, reason: string): ConfigError {
  const name = spec.short === undefined ? `--${spec.name}` : `-${spec.short}, --${spec.name}`;
  return new ConfigError("CLI_BAD_FLAG_VALUE", `invalid argument "${value}" for "${name}" flag: ${reason}`);
}

function setValue(flags: FlagValues, spec: FlagSpec, value: string): void {
  if (spec.type === "stringArray") {
    const list = flags[spec.name];
    flags[spec.name] = Array.isArray(list) ? [...list, value] : [value];
  } else if (spec.type === "int") {
    // pflag's int flags: strconv.ParseInt(value, 0, 64): optional sign, decimal or 0x/0o/0b/0 prefix.
    const m = /^([+-]?)(0[xX][0-9a-fA-F_]+|0[oO]?[0-7_]+|0[bB][01_]+|[1-9][0-9_]*|0)$/.exec(value);
    if (m === null || /(^|[xXoObB_])_|_$/.test(value.replace(/^[+-]/, "")))
      throw badValue(spec, value, `strconv.ParseInt: parsing "${value}": invalid syntax`);
    const digits = (m[2] ?? "").replace(/_/g, "");
    const n = BigInt(/^0[0-7]/.test(digits) ? `0o${digits.slice(1)}` : digits.replace(/^0[oO]/, "0o"));
    const signed = m[1] === "-" ? -n : n;
    if (signed > 9223372036854775807n || signed < -9223372036854775808n)
      throw badValue(spec, value, `strconv.ParseInt: parsing "${value}": value out of range`);
    flags[spec.name] = Number(signed);
  } else flags[spec.name] = value;
}

/** Reads a string flag. */
export function flagString(flags: FlagValues, name: string): string | undefined {
  const v = flags[name];
  return typeof v === "string" ? v : undefined;
}

/** Reads a boolean flag (false when absent). */
export function flagBool(flags: FlagValues, name: string): boolean {
  return flags[name] === true;
}

/** Reads an int flag. */
export function flagInt(flags: FlagValues, name: string): number | undefined {
  const v = flags[name];
  return typeof v === "number" ? v : undefined;
}

/** Reads a repeatable flag (empty when absent). */
export function flagList(flags: FlagValues, name: string): string[] {
  const v = flags[name];
  return Array.isArray(v) ? v : [];
}
