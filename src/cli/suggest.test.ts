import { didYouMean, levenshtein, suggestionsFor } from "./suggest";

describe("suggest", () => {
  test("levenshtein counts insertions, deletions and substitutions, ignoring case", () => {
    expect(levenshtein("list", "list")).toBe(0);
    expect(levenshtein("lsit", "list")).toBe(2);
    expect(levenshtein("LIST", "list")).toBe(0);
    expect(levenshtein("", "abc")).toBe(3);
    expect(levenshtein("template", "templates")).toBe(1);
  });

  test("suggests names within distance 2 or starting with what was typed, in the given order", () => {
    const names = ["init", "list", "lint", "template", "write-values"];
    expect(suggestionsFor("lsit", names)).toEqual(["init", "list", "lint"]);
    expect(suggestionsFor("wr", names)).toEqual(["write-values"]);
    expect(suggestionsFor("zzzzzz", names)).toEqual([]);
  });

  test("never suggests the name that was typed", () => {
    expect(suggestionsFor("list", ["list", "lint"])).toEqual(["lint"]);
  });

  test("didYouMean is cobra's suffix, and empty without suggestions", () => {
    expect(didYouMean(["list", "lint"])).toBe("\n\nDid you mean this?\n\tlist\n\tlint\n");
    expect(didYouMean([])).toBe("");
  });
});
