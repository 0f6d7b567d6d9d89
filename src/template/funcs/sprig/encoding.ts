/** sprig's encoding family: base64/base32, hashes (sha1/sha256/sha512/adler32). */
import { createHash } from "node:crypto";
import { fn, goStringFromBytes, goStringToBytes, type FuncSpec } from "../../types";
import { decodeBase32Go, decodeBase64Go, encodeBase32Go } from "./base-codec";
import { strArg } from "./cast";

/** zlib's Adler-32 checksum. */
export function adler32(data: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (const x of data) {
    a = (a + x) % 65521;
    b = (b + a) % 65521;
  }
  return (b * 65536 + a) >>> 0;
}

function decoded(f: (b: Uint8Array) => Uint8Array, s: string): string {
  try {
    return goStringFromBytes(f(goStringToBytes(s)));
  } catch (e) {
    // sprig returns the error text in place of the decoded value.
    return (e as Error).message;
  }
}

const hash = (alg: string) =>
  fn(["string"], ([s]) =>
    createHash(alg)
      .update(goStringToBytes(strArg(s)))
      .digest("hex"),
  );

/** The encoding functions. */
export function encodingFuncs(): Map<string, FuncSpec> {
  return new Map<string, FuncSpec>([
    ["b64enc", fn(["string"], ([s]) => Buffer.from(goStringToBytes(strArg(s))).toString("base64"))],
    ["b64dec", fn(["string"], ([s]) => decoded(decodeBase64Go, strArg(s)))],
    ["b32enc", fn(["string"], ([s]) => encodeBase32Go(goStringToBytes(strArg(s))))],
    ["b32dec", fn(["string"], ([s]) => decoded(decodeBase32Go, strArg(s)))],
    ["sha1sum", hash("sha1")],
    ["sha256sum", hash("sha256")],
    ["sha512sum", hash("sha512")],
    ["adler32sum", fn(["string"], ([s]) => String(adler32(goStringToBytes(strArg(s)))))],
  ]);
}
