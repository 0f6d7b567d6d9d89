import * as fs from "node:fs";
import * as path from "node:path";
import { ERROR_CODES, isErrorCode } from "./error-codes";
import { ConfigError, HelmfileError, LoadError } from "./errors";

const DOC = path.join(__dirname, "..", "..", "docs", "errors.md");

/** The rows of the table in docs/errors.md: `| \`CODE\` | meaning |`. */
function documentedCodes(): Map<string, string> {
  const rows = new Map<string, string>();
  for (const line of fs.readFileSync(DOC, "utf8").split("\n")) {
    const m = /^\| `([A-Z0-9_]+)` \| (.*) \|$/.exec(line);
    if (m !== null) {
      expect(rows.has(m[1]!)).toBe(false);
      rows.set(m[1]!, m[2]!);
    }
  }
  return rows;
}

describe("error codes", () => {
  it("docs/errors.md lists exactly the codes of ERROR_CODES, with the same meanings, in order", () => {
    const documented = [...documentedCodes()].map(([code, meaning]) => `${code}: ${meaning}`);
    const source = Object.entries(ERROR_CODES).map(
      ([code, meaning]) => `${code}: ${meaning.replace(/\|/g, "\\|")}`,
    );
    expect(documented).toEqual(source);
  });

  it("lists codes sorted, each with a one-line meaning ending in a full stop", () => {
    const codes = Object.keys(ERROR_CODES);
    expect(codes).toEqual([...codes].sort());
    for (const meaning of Object.values(ERROR_CODES)) expect(meaning).toMatch(/^[^\n]+\.$/);
  });

  it("errors carry their code and isErrorCode tells known codes from others", () => {
    const err = new LoadError("LOAD_UNKNOWN_KEY", "unknown key");
    expect(err).toBeInstanceOf(HelmfileError);
    expect(err.code).toBe("LOAD_UNKNOWN_KEY");
    expect(isErrorCode(err.code)).toBe(true);
    expect(isErrorCode("LOAD_UNKNOWN_KYE")).toBe(false);
    expect(isErrorCode("toString")).toBe(false);
    // A misspelt code does not compile:
    // @ts-expect-error "CONFIG_BAD_INPTU" is not an ErrorCode.
    expect(new ConfigError("CONFIG_BAD_INPTU", "x").code).toBe("CONFIG_BAD_INPTU");
  });
});
