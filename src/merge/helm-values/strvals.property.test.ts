/** Property: whatever the `--set` text, the parsers fail only with helm's error type, never a crash. */
import fc from "fast-check";
import { MergeError } from "../../shared/errors";
import type { SetFlag } from "../../shared/model";
import { newMap } from "../../shared/value";
import { computeHelmValues } from "./compute-helm-values";
import { parseStrvalsInto } from "./strvals";
import { parseLiteralInto } from "./strvals-literal";
import { GoError } from "./strvals-scanner";

const pieces = fc.constantFrom(
  "a",
  "b",
  "0",
  "1",
  "-1",
  "70000",
  ".",
  ",",
  "=",
  "[",
  "]",
  "{",
  "}",
  "\\",
  " ",
  "true",
  "null",
  '"',
  ":",
  "é",
  "😀",
);
const expression = fc.array(pieces, { maxLength: 24 }).map((p) => p.join(""));

describe("strvals parsers", () => {
  it("throw nothing but GoError for any input", () => {
    fc.assert(
      fc.property(
        expression,
        expression,
        fc.constantFrom<"typed" | "string" | "json" | "literal">("typed", "string", "json", "literal"),
        (first, second, kind) => {
          const dest = newMap();
          for (const e of [first, second]) {
            try {
              if (kind === "literal") parseLiteralInto(e, dest);
              else parseStrvalsInto(e, dest, { kind });
            } catch (err) {
              if (!(err instanceof GoError)) throw err;
            }
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it("surface as MergeError through computeHelmValues", () => {
    const kinds: SetFlag["kind"][] = ["set", "set-string", "set-json", "set-file", "set-literal"];
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...kinds), expression), { maxLength: 4 }), (flags) => {
        try {
          computeHelmValues({
            files: [],
            flags: flags.map(([kind, e]) => ({ kind, expression: e, secret: false })),
            readFile: (p) => p,
          });
        } catch (err) {
          if (!(err instanceof MergeError)) throw err;
        }
      }),
      { numRuns: 300 },
    );
  });
});
