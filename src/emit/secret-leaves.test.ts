import fc from "fast-check";
import { carriesSecret, secretNeedles, wrapAllLeaves, wrapSecretLeaves } from "./secret-leaves";

const wrap = (leaf: unknown): { secret: unknown } => ({ secret: leaf });

describe("secretNeedles", () => {
  it("finds a secret base64-encoded at any offset inside a longer text (Node's encoder as the reference)", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 4, maxLength: 40 }),
        fc.string({ maxLength: 20 }),
        fc.string({ maxLength: 20 }),
        (secret, before, after) => {
          const needles = secretNeedles([secret]);
          const text = Buffer.from(`${before}${secret}${after}`, "utf8").toString("base64");
          // Five or more bytes of the secret always give four or more base64 characters
          // that depend on it alone; shorter cores are not looked for.
          return Buffer.byteLength(secret) < 5 || carriesSecret(text, needles);
        },
      ),
    );
  });

  it("finds a secret as JSON text holds it, with Go's HTML escapes too", () => {
    const needles = secretNeedles(['p"a<s>s&w']);
    expect(carriesSecret(JSON.stringify({ p: 'p"a<s>s&w' }), needles)).toBe(true);
    expect(carriesSecret('{"p":"p\\"a\\u003cs\\u003es\\u0026w"}', needles)).toBe(true);
  });

  it("looks for no secret shorter than four characters", () => {
    expect(secretNeedles(["abc", ""])).toEqual([]);
  });

  it("does not match a text that does not carry the secret", () => {
    const needles = secretNeedles(["correct-horse"]);
    expect(carriesSecret("incorrect-pony", needles)).toBe(false);
    expect(carriesSecret(Buffer.from("incorrect-pony").toString("base64"), needles)).toBe(false);
  });
});

describe("wrapSecretLeaves", () => {
  it("wraps only the strings that carry a needle and keeps the rest (and the same object when nothing is)", () => {
    const needles = secretNeedles(["hunter22"]);
    const tree = { a: ["x", "pw=hunter22"], b: { c: 3, d: null, e: [], f: {} } };
    expect(wrapSecretLeaves(tree, needles, wrap)).toEqual({
      a: ["x", { secret: "pw=hunter22" }],
      b: { c: 3, d: null, e: [], f: {} },
    });
    const clean = { a: ["x"], b: { c: 3 } };
    expect(wrapSecretLeaves(clean, needles, wrap)).toBe(clean);
  });
});

describe("wrapAllLeaves", () => {
  it("wraps scalars, never null or empty containers", () => {
    expect(wrapAllLeaves({ a: "x", b: 1, c: false, d: null, e: [], f: {} }, wrap)).toEqual({
      a: { secret: "x" },
      b: { secret: 1 },
      c: { secret: false },
      d: null,
      e: [],
      f: {},
    });
  });
});
