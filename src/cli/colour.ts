/**
 * Colour on stderr as helmfile decides it: `--no-color`, `HELMFILE_NO_COLOR=true` or a
 * non-empty `NO_COLOR` turn it off; `--color` turns it on; otherwise only on a terminal.
 */
import type { EnvSettings } from "../shared/settings";

/** The colours the CLI uses. */
export type Colour = "green" | "yellow" | "red" | "dim" | "bold";

const CODES: Readonly<Record<Colour, string>> = {
  green: "32",
  yellow: "33",
  red: "31",
  dim: "2",
  bold: "1",
};

/** Whether output is coloured. */
export function colourEnabled(
  flags: { readonly color: boolean; readonly noColor: boolean },
  settings: Pick<EnvSettings, "helmfile" | "dumbTerminal">,
  isTTY: boolean,
): boolean {
  if (flags.noColor || settings.helmfile.noColor) return false;
  if (flags.color) return true;
  return isTTY && !settings.dumbTerminal;
}

/** `text` in `colour` when `enabled`. */
export function paint(enabled: boolean, colour: Colour, text: string): string {
  return enabled ? `\u001b[${CODES[colour]}m${text}\u001b[0m` : text;
}
