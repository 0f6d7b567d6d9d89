/** sprig's random functions: `randAlphaNum`, `randAlpha`, `randAscii`, `randNumeric`, `randBytes`, `uuidv4`. */
import { randomBytes, randomInt, randomUUID } from "node:crypto";
import { fn, FuncError, type FuncSpec } from "../../types";
import { intArg } from "./cast";

const ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const DIGITS = "0123456789";
const ASCII = Array.from({ length: 95 }, (_v, i) => String.fromCharCode(32 + i)).join("");

/** `count` characters drawn uniformly from `alphabet` with a cryptographic source (goutils' CryptoRandom). */
export function randomString(count: number, alphabet: string): string {
  if (count < 0)
    throw new FuncError(
      `randomstringutils illegal argument: Requested random string length ${count} is less than 0.`,
    );
  let out = "";
  for (let i = 0; i < count; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** The random functions. */
export function randomFuncs(): Map<string, FuncSpec> {
  // goutils returns "" with an error for a negative count; sprig drops the error.
  const gen = (alphabet: string): FuncSpec =>
    fn(["int"], ([n]) => (intArg(n) < 0 ? "" : randomString(intArg(n), alphabet)));
  return new Map<string, FuncSpec>([
    ["randAlphaNum", gen(ALPHA + DIGITS)],
    ["randAlpha", gen(ALPHA)],
    ["randAscii", gen(ASCII)],
    ["randNumeric", gen(DIGITS)],
    [
      "randBytes",
      fn(["int"], ([n]) => {
        if (intArg(n) < 0) throw new FuncError("runtime error: makeslice: len out of range");
        return randomBytes(intArg(n)).toString("base64");
      }),
    ],
    ["uuidv4", fn([], () => randomUUID())],
  ]);
}
