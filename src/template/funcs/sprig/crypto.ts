/**
 * sprig's crypto family on node:crypto: `derivePassword` (Master Password algorithm),
 * `encryptAES`/`decryptAES` (AES-256-CBC, sprig's key and padding rules), `bcrypt`/`htpasswd`,
 * and `genPrivateKey`.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, scryptSync } from "node:crypto";
import { fn, FuncError, goStringFromBytes, goStringToBytes, type FuncSpec } from "../../types";
import { intArg, strArg } from "./cast";
import { decodeBase64Go } from "./base-codec";
import { bcryptHash } from "./bcrypt";
import { generatePrivateKeyPem } from "./keys";

const TEMPLATES: Readonly<Record<string, readonly string[]>> = {
  maximum: ["anoxxxxxxxxxxxxxxxxx", "axxxxxxxxxxxxxxxxxno"],
  long: [
    "CvcvnoCvcvCvcv",
    "CvcvCvcvnoCvcv",
    "CvcvCvcvCvcvno",
    "CvccnoCvcvCvcv",
    "CvccCvcvnoCvcv",
    "CvccCvcvCvcvno",
    "CvcvnoCvccCvcv",
    "CvcvCvccnoCvcv",
    "CvcvCvccCvcvno",
    "CvcvnoCvcvCvcc",
    "CvcvCvcvnoCvcc",
    "CvcvCvcvCvccno",
    "CvccnoCvccCvcv",
    "CvccCvccnoCvcv",
    "CvccCvccCvcvno",
    "CvcvnoCvccCvcc",
    "CvcvCvccnoCvcc",
    "CvcvCvccCvccno",
    "CvccnoCvcvCvcc",
    "CvccCvcvnoCvcc",
    "CvccCvcvCvccno",
  ],
  medium: ["CvcnoCvc", "CvcCvcno"],
  short: ["Cvcn"],
  basic: ["aaanaaan", "aannaaan", "aaannaaa"],
  pin: ["nnnn"],
};
const CHARS: Readonly<Record<string, string>> = {
  V: "AEIOU",
  C: "BCDFGHJKLMNPQRSTVWXYZ",
  v: "aeiou",
  c: "bcdfghjklmnpqrstvwxyz",
  A: "AEIOUBCDFGHJKLMNPQRSTVWXYZ",
  a: "AEIOUaeiouBCDFGHJKLMNPQRSTVWXYZbcdfghjklmnpqrstvwxyz",
  n: "0123456789",
  o: "@&%?,=[]_:-+*$#!'^~;()/.",
  x: "AEIOUaeiouBCDFGHJKLMNPQRSTVWXYZbcdfghjklmnpqrstvwxyz0123456789!@#$%^&*()",
};
const SEED = "com.lyndir.masterpassword";

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
}

/** The Master Password algorithm (scrypt key, HMAC-SHA256 seed, character templates). */
export function derivePassword(
  counter: number,
  type: string,
  password: string,
  user: string,
  site: string,
): string {
  const templates = TEMPLATES[type];
  if (templates === undefined) return `cannot find password template ${type}`;
  const userBytes = Buffer.from(goStringToBytes(user));
  const siteBytes = Buffer.from(goStringToBytes(site));
  const salt = Buffer.concat([Buffer.from(SEED), u32(userBytes.length), userBytes]);
  const key = scryptSync(Buffer.from(goStringToBytes(password)), salt, 64, {
    N: 32768,
    r: 8,
    p: 2,
    maxmem: 256 * 1024 * 1024,
  });
  const seed = createHmac("sha256", key)
    .update(Buffer.concat([Buffer.from(SEED), u32(siteBytes.length), siteBytes, u32(counter)]))
    .digest();
  const tmpl = templates[(seed[0] as number) % templates.length] as string;
  let out = "";
  for (let i = 0; i < tmpl.length; i++) {
    const set = CHARS[tmpl[i] as string] as string;
    out += set[(seed[i + 1] as number) % set.length];
  }
  return out;
}

function aesKey(password: string): Buffer {
  const key = Buffer.alloc(32);
  Buffer.from(goStringToBytes(password)).copy(key, 0, 0, 32);
  return key;
}

function encryptAES(password: string, plaintext: string): string {
  if (plaintext === "") return "";
  const content = Buffer.from(goStringToBytes(plaintext));
  const pad = 16 - (content.length % 16);
  const iv = randomBytes(16);
  const c = createCipheriv("aes-256-cbc", aesKey(password), iv).setAutoPadding(false);
  const body = Buffer.concat([c.update(Buffer.concat([content, Buffer.alloc(pad, pad)])), c.final()]);
  return Buffer.concat([iv, body]).toString("base64");
}

function decryptAES(password: string, crypt64: string): string {
  if (crypt64 === "") return "";
  const crypt = Buffer.from(decodeBase64Go(goStringToBytes(crypt64)));
  // DecodeString's buffer has room for len/4*3 bytes: Go reports that capacity.
  const capacity = Math.floor(goStringToBytes(crypt64).length / 4) * 3;
  if (crypt.length < 16)
    throw new FuncError(`runtime error: slice bounds out of range [:16] with capacity ${capacity}`);
  const body = crypt.subarray(16);
  if (body.length % 16 !== 0) throw new FuncError("crypto/cipher: input not full blocks");
  if (body.length === 0) throw new FuncError("runtime error: index out of range [-1]");
  const d = createDecipheriv("aes-256-cbc", aesKey(password), crypt.subarray(0, 16)).setAutoPadding(false);
  const plain = Buffer.concat([d.update(body), d.final()]);
  const cut = plain.length - (plain[plain.length - 1] as number);
  if (cut < 0) throw new FuncError(`runtime error: slice bounds out of range [:${cut}]`);
  return goStringFromBytes(plain.subarray(0, cut));
}

/** The crypto functions (certificates live in `certs.ts`). */
export function cryptoFuncs(): Map<string, FuncSpec> {
  return new Map<string, FuncSpec>([
    [
      "derivePassword",
      fn(["uint32", "string", "string", "string", "string"], ([c, t, p, u, s]) =>
        derivePassword(intArg(c), strArg(t), strArg(p), strArg(u), strArg(s)),
      ),
    ],
    ["encryptAES", fn(["string", "string"], ([p, t]) => encryptAES(strArg(p), strArg(t)))],
    [
      "decryptAES",
      fn(["string", "string"], ([p, c]) => {
        try {
          return decryptAES(strArg(p), strArg(c));
        } catch (e) {
          throw e instanceof FuncError ? e : new FuncError((e as Error).message);
        }
      }),
    ],
    ["bcrypt", fn(["string"], ([s]) => bcryptHash(goStringToBytes(strArg(s))))],
    [
      "htpasswd",
      fn(["string", "string"], ([u, p]) => {
        if (strArg(u).includes(":")) return `invalid username: ${strArg(u)}`;
        return `${strArg(u)}:${bcryptHash(goStringToBytes(strArg(p)))}`;
      }),
    ],
    ["genPrivateKey", fn(["string"], ([t]) => generatePrivateKeyPem(strArg(t)))],
  ]);
}
