/**
 * helmfile's parser for free-form extra helm arguments (`--args`, `helmDefaults.args`,
 * `--template-args`, `helmDefaults.templateArgs`): split on single spaces, group repeated
 * flags at the place of their first occurrence, keep `--flag=value` joined and
 * `--flag value` apart. Words that are neither a flag nor a flag's value are dropped, as
 * helmfile drops them.
 */

interface FlagValue {
  readonly value: string;
  readonly spaced: boolean;
}

/** Parses an argument string the way helmfile does before appending it to a helm command. */
export function collectArgs(args: string): string[] {
  const words = args.split(" ").filter((w) => w.length > 0);
  const order: string[] = [];
  const values = new Map<string, FlagValue[]>();
  const add = (flag: string, value: string, spaced: boolean): void => {
    if (flag === "") return;
    const list = values.get(flag);
    if (list === undefined) {
      values.set(flag, [{ value, spaced }]);
      order.push(flag);
    } else list.push({ value, spaced });
  };
  words.forEach((word, i) => {
    if (!word.startsWith("-")) return;
    const eq = word.indexOf("=");
    if (eq >= 0) {
      add(word.slice(0, eq), word.slice(eq + 1), false);
      return;
    }
    const next = words[i + 1];
    if (next !== undefined && !next.startsWith("-")) add(word, next, true);
    else add(word, "", false);
  });
  const out: string[] = [];
  for (const flag of order) {
    for (const v of values.get(flag) ?? []) {
      if (v.value === "") out.push(flag);
      else if (v.spaced) out.push(flag, v.value);
      else out.push(`${flag}=${v.value}`);
    }
  }
  return out;
}

/** `--args` from the CLI followed by `helmDefaults.args`, both parsed with {@link collectArgs}. */
export function extraHelmArgs(cliArgs: string, helmDefaultsArgs: readonly string[] | undefined): string[] {
  const base = cliArgs.length > 0 ? collectArgs(cliArgs) : [];
  const fromState =
    helmDefaultsArgs !== undefined && helmDefaultsArgs.length > 0
      ? collectArgs(helmDefaultsArgs.join(" "))
      : [];
  return [...base, ...fromState];
}
