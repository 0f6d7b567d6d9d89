import {
  matchLabels,
  parseLabels,
  releaseSelectorLabels,
  selectorsAreCompatible,
  subhelmfileSelectorsConflict,
} from "./selectors";

describe("selectors", () => {
  it("splits a selector into positive and negative terms", () => {
    expect(parseLabels("a=b,c!=d")).toEqual({ positive: [["a", "b"]], negative: [["c", "d"]] });
  });

  it("rejects a term without a value with helmfile's message", () => {
    expect(() => parseLabels("a=b,name")).toThrow(
      "malformed label: name. Expected label in form k=v or k!=v",
    );
  });

  it("matches a negative term when the label is absent", () => {
    expect(matchLabels(parseLabels("tier!=fe"), {})).toBe(true);
  });

  it("treats selectors with the same key and different values as incompatible", () => {
    expect(selectorsAreCompatible(["name=a"], ["name=b"]).compatible).toBe(false);
    expect(selectorsAreCompatible(["name=a"], ["env=x"]).compatible).toBe(true);
  });

  it("never reports a conflict when the sub-helmfile inherits selectors", () => {
    expect(
      subhelmfileSelectorsConflict(["name=a"], { selectors: ["name=b"], selectorsInherited: true }),
    ).toBe(false);
  });

  it("derives the chart label from the last path segment and lets implicit labels win", () => {
    expect(
      releaseSelectorLabels({
        name: "r",
        namespace: "n",
        chart: "repo/sub/app",
        labels: { name: "user", x: "1" },
      }),
    ).toEqual({
      name: "r",
      namespace: "n",
      chart: "app",
      x: "1",
    });
  });
});
