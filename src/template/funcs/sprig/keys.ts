/** Private keys in sprig's PEM forms (PKCS#1 RSA, SEC1 EC, sprig's DSA layout, PKCS#8 otherwise). */
import { createPrivateKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { decode, integer, intValue, seq } from "./der";

function pem(type: string, der: Buffer): string {
  const lines = der.toString("base64").match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${type}-----\n${lines.join("\n")}\n-----END ${type}-----\n`;
}

function modPow(base: bigint, exp: bigint, mod: bigint): bigint {
  let r = 1n;
  let b = base % mod;
  for (let e = exp; e > 0n; e >>= 1n) {
    if (e & 1n) r = (r * b) % mod;
    b = (b * b) % mod;
  }
  return r;
}

/** sprig's DSA key layout: SEQUENCE { version, P, Q, G, Y, X }. */
function dsaPem(key: KeyObject): string {
  const pk8 = decode(key.export({ format: "der", type: "pkcs8" }));
  const algParams = pk8.children[1]?.children[1];
  const xWrapped = pk8.children[2];
  if (algParams === undefined || xWrapped === undefined) throw new Error("unexpected DSA key encoding");
  const [p, q, g] = algParams.children.map(intValue) as [bigint, bigint, bigint];
  const x = intValue(decode(xWrapped.body));
  const y = modPow(g, x, p);
  return pem("DSA PRIVATE KEY", seq(integer(0n), integer(p), integer(q), integer(g), integer(y), integer(x)));
}

/** Encodes a private key the way sprig's `pemBlockForKey` does. */
export function privateKeyPem(key: KeyObject): string {
  switch (key.asymmetricKeyType) {
    case "rsa":
      return key.export({ format: "pem", type: "pkcs1" }).toString();
    case "ec":
      return key.export({ format: "pem", type: "sec1" }).toString();
    case "dsa":
      return dsaPem(key);
    default:
      return key.export({ format: "pem", type: "pkcs8" }).toString();
  }
}

/** sprig's `genPrivateKey`: "rsa" (4096 bits, the default), "dsa", "ecdsa" (P-256), "ed25519". */
export function generatePrivateKeyPem(type: string): string {
  switch (type) {
    case "":
    case "rsa":
      return privateKeyPem(generateKeyPairSync("rsa", { modulusLength: 4096 }).privateKey);
    case "dsa":
      return privateKeyPem(
        generateKeyPairSync("dsa", { modulusLength: 2048, divisorLength: 256 }).privateKey,
      );
    case "ecdsa":
      return privateKeyPem(generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey);
    case "ed25519":
      return privateKeyPem(generateKeyPairSync("ed25519").privateKey);
    default:
      return `Unknown type ${type}`;
  }
}

/** sprig's `parsePrivateKeyPEM`, with its error texts. */
export function parsePrivateKeyPem(text: string): KeyObject {
  const m = /-----BEGIN ([^-]+)-----\r?\n([\s\S]*?)-----END \1-----/.exec(text);
  if (m === null) throw new Error("no PEM data in input");
  const type = m[1] as string;
  const der = Buffer.from((m[2] as string).replace(/[^A-Za-z0-9+/=]/g, ""), "base64");
  if (type === "PRIVATE KEY")
    return wrap(() => createPrivateKey({ key: der, format: "der", type: "pkcs8" }), "decoding PEM as PKCS#8");
  if (!type.endsWith(" PRIVATE KEY")) throw new Error(`no private key data in PEM block of type ${type}`);
  const kind = type.slice(0, -12);
  if (kind === "RSA")
    return wrap(
      () => createPrivateKey({ key: der, format: "der", type: "pkcs1" }),
      "parsing RSA private key from PEM",
    );
  if (kind === "EC")
    return wrap(
      () => createPrivateKey({ key: der, format: "der", type: "sec1" }),
      "parsing EC private key from PEM",
    );
  throw new Error(`invalid private key type ${type}`);
}

function wrap(f: () => KeyObject, what: string): KeyObject {
  try {
    return f();
  } catch (e) {
    throw new Error(`${what}: ${(e as Error).message}`);
  }
}
