import { render } from "./test-render";

// Random output is checked by properties (length and alphabet), as sprig's own tests do.
describe("sprig random functions", () => {
  it.each([
    ["randAlphaNum", /^[A-Za-z0-9]{24}$/],
    ["randAlpha", /^[A-Za-z]{24}$/],
    ["randNumeric", /^[0-9]{24}$/],
    ["randAscii", /^[ -~]{24}$/],
  ])("%s 24 draws 24 characters from its alphabet", (name, re) => {
    expect(render(`{{ ${name} 24 }}`)).toMatch(re);
  });

  it("gives an empty string for a zero count", () => {
    expect(render("[{{ randAlpha 0 }}]")).toBe("[]");
  });

  it("encodes randBytes as base64 of the requested size", () => {
    expect(Buffer.from(render("{{ randBytes 12 }}"), "base64")).toHaveLength(12);
  });

  it("formats uuidv4 as a version-4 UUID", () => {
    expect(render("{{ uuidv4 }}")).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
