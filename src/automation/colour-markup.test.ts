import { renderColourMarkup } from "./colour-markup";

describe("renderColourMarkup", () => {
  const text = "Resources:\n    <{%fg 1%}>1 errored<{%reset%}>\n    <{%bold%}>2 unchanged<{%reset%}>";

  it("removes the engine's markup when output is not coloured", () => {
    expect(renderColourMarkup(text, false)).toBe("Resources:\n    1 errored\n    2 unchanged");
  });

  it("renders it as ANSI escapes when it is", () => {
    expect(renderColourMarkup(text, true)).toBe(
      "Resources:\n    \u001b[38;5;1m1 errored\u001b[0m\n    \u001b[1m2 unchanged\u001b[0m",
    );
  });

  it("leaves text without markup as it is", () => {
    expect(renderColourMarkup("a <b> {c} %d%", false)).toBe("a <b> {c} %d%");
  });
});
