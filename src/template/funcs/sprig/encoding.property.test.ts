import fc from "fast-check";
import { goStringFromBytes, goStringToBytes } from "../../types";
import { decodeBase32Go, decodeBase64Go, encodeBase32Go } from "./base-codec";
import { byteSlice } from "./bytes";

describe("byte-exact encodings (properties)", () => {
  it("decodes what Node's base64 encoder produced, byte for byte", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const text = Buffer.from(bytes).toString("base64");
        expect(Buffer.from(decodeBase64Go(Buffer.from(text)))).toEqual(Buffer.from(bytes));
      }),
    );
  });

  it("round-trips base32 and always pads to a multiple of eight characters", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const text = encodeBase32Go(bytes);
        expect(text.length % 8).toBe(0);
        expect(Buffer.from(decodeBase32Go(Buffer.from(text)))).toEqual(Buffer.from(bytes));
      }),
    );
  });

  it("keeps Go strings byte-exact through a cut at any byte offset", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 32 }), fc.nat(), (bytes, n) => {
        const s = goStringFromBytes(bytes);
        const cut = n % (bytes.length + 1);
        const joined = Buffer.concat([
          goStringToBytes(byteSlice(s, 0, cut)),
          goStringToBytes(byteSlice(s, cut)),
        ]);
        expect(joined).toEqual(Buffer.from(bytes));
      }),
    );
  });
});
