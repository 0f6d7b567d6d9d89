/**
 * sprig's certificate functions (`genCA`, `genSelfSignedCert`, `genSignedCert`, their
 * `…WithKey` forms, `buildCustomCert`): X.509 v3 certificates built in DER with the same
 * template Go's sprig uses (serial < 2^128, key usages, SANs, CA flag), signed with node:crypto.
 */
import {
  createHash,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  X509Certificate,
  type KeyObject,
} from "node:crypto";
import { isIP } from "node:net";
import { fn, FuncError, GoStruct, type FuncSpec, type GoValue } from "../../types";
import { intArg, strArg } from "./cast";
import { decodeBase64Go } from "./base-codec";
import {
  bitString,
  bool,
  decode,
  dirString,
  explicit,
  integer,
  nullValue,
  octets,
  oid,
  seq,
  set,
  time,
  tlv,
} from "./der";
import { parsePrivateKeyPem, privateKeyPem } from "./keys";

interface CertInput {
  readonly cn: string;
  readonly ips: readonly string[];
  readonly dns: readonly string[];
  readonly days: number;
  readonly isCA: boolean;
}

interface Signer {
  readonly key: KeyObject;
  readonly subject: Buffer;
  readonly subjectKeyId: Buffer | undefined;
}

/** The `certificate` struct sprig returns: `.Cert` and `.Key` PEM strings. */
export function certificateValue(cert: string, key: string): GoStruct {
  return new GoStruct(
    "sprig.certificate",
    new Map<string, GoValue>([
      ["Cert", cert],
      ["Key", key],
    ]),
  );
}

function algorithm(key: KeyObject): Buffer {
  if (key.asymmetricKeyType === "rsa") return seq(oid("1.2.840.113549.1.1.11"), nullValue());
  if (key.asymmetricKeyType === "ec") return seq(oid("1.2.840.10045.4.3.2"));
  if (key.asymmetricKeyType === "ed25519") return seq(oid("1.3.101.112"));
  throw new Error(`x509: only RSA, ECDSA and Ed25519 keys supported`);
}

function ipBytes(ip: string): Buffer {
  if (isIP(ip) === 4) return Buffer.from(ip.split(".").map(Number));
  const [head = "", tail = ""] = ip.split("::");
  const groups = (s: string): string[] => (s === "" ? [] : s.split(":"));
  const h = groups(head);
  const t = groups(tail);
  const all = ip.includes("::") ? [...h, ...Array<string>(8 - h.length - t.length).fill("0"), ...t] : h;
  return Buffer.from(all.map((g) => g.padStart(4, "0")).join(""), "hex");
}

function extensions(
  input: CertInput,
  spki: Buffer,
  signer: Signer | undefined,
): [Buffer, Buffer | undefined] {
  const exts: Buffer[] = [];
  const ext = (id: string, critical: boolean, value: Buffer): void => {
    exts.push(seq(oid(id), ...(critical ? [bool(true)] : []), octets(value)));
  };
  // digitalSignature | keyEncipherment (| certSign for a CA), as a DER bit string.
  const usage = input.isCA ? Buffer.from([0x02, 0xa4]) : Buffer.from([0x05, 0xa0]);
  ext("2.5.29.15", true, tlv(0x03, usage));
  ext("2.5.29.37", false, seq(oid("1.3.6.1.5.5.7.3.1"), oid("1.3.6.1.5.5.7.3.2")));
  ext("2.5.29.19", true, input.isCA ? seq(bool(true)) : seq());
  let skid: Buffer | undefined;
  if (input.isCA) {
    const pubBits = decode(spki).children[1]?.body.subarray(1) ?? Buffer.alloc(0);
    skid = createHash("sha1").update(pubBits).digest();
    ext("2.5.29.14", false, octets(skid));
  }
  if (signer?.subjectKeyId !== undefined) ext("2.5.29.35", false, seq(tlv(0x80, signer.subjectKeyId)));
  if (input.dns.length > 0 || input.ips.length > 0) {
    const names = [
      ...input.dns.map((d) => tlv(0x82, Buffer.from(d))),
      ...input.ips.map((ip) => tlv(0x87, ipBytes(ip))),
    ];
    ext("2.5.29.17", false, seq(...names));
  }
  return [explicit(3, seq(...exts)), skid];
}

function pemBlock(type: string, der: Buffer): string {
  const lines = der.toString("base64").match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${type}-----\n${lines.join("\n")}\n-----END ${type}-----\n`;
}

function createCertificate(input: CertInput, key: KeyObject, signer: Signer | undefined): GoStruct {
  const signingKey = signer?.key ?? key;
  const spki = createPublicKey(key).export({ format: "der", type: "spki" });
  const subject = seq(set(seq(oid("2.5.4.3"), dirString(input.cn))));
  const now = new Date();
  const serial = BigInt(`0x${randomBytes(16).toString("hex")}`);
  const [exts] = extensions(input, spki, signer);
  const alg = algorithm(signingKey);
  const tbs = seq(
    explicit(0, integer(2n)),
    integer(serial),
    alg,
    signer?.subject ?? subject,
    seq(time(now), time(new Date(now.getTime() + input.days * 86_400_000))),
    subject,
    spki,
    exts,
  );
  const digest = signingKey.asymmetricKeyType === "ed25519" ? null : "sha256";
  const sig = sign(digest, tbs, signingKey);
  const der = seq(tbs, alg, bitString(sig));
  return certificateValue(pemBlock("CERTIFICATE", der), privateKeyPem(key));
}

function stringList(v: GoValue | undefined, what: string): string[] {
  if (v === null || v === undefined) return [];
  if (!Array.isArray(v)) throw new FuncError(`error parsing ${what}: ${String(v)} is not a list`);
  return v.map((x) => {
    if (typeof x !== "string")
      throw new FuncError(
        what === "ip"
          ? `error parsing ip: ${String(x)} is not a string`
          : `error processing alternate dns name: ${String(x)} is not a string`,
      );
    if (what === "ip" && isIP(x) === 0) throw new FuncError(`error parsing ip: ${x}`);
    return x;
  });
}

function keyFrom(pemText: GoValue | undefined): KeyObject {
  if (pemText === undefined) return generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
  try {
    return parsePrivateKeyPem(strArg(pemText));
  } catch (e) {
    throw new FuncError(`parsing private key: ${(e as Error).message}`);
  }
}

function signerFrom(ca: GoValue | undefined): Signer {
  if (!(ca instanceof GoStruct)) throw new FuncError("unable to decode certificate");
  const certPem = ca.fields.get("Cert");
  const keyPem = ca.fields.get("Key");
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(strArg(certPem ?? null));
  } catch (e) {
    throw new FuncError(`error parsing certificate: decodedSignerCert.Bytes: ${(e as Error).message}`);
  }
  let key: KeyObject;
  try {
    key = parsePrivateKeyPem(strArg(keyPem ?? null));
  } catch (e) {
    throw new FuncError(`error parsing private key: ${(e as Error).message}`);
  }
  const tbs = decode(x509.raw).children[0];
  const fields = tbs?.children ?? [];
  const subjectNode = fields[5];
  const subject = subjectNode === undefined ? seq() : tlv(subjectNode.tag, subjectNode.body);
  return { key, subject, subjectKeyId: subjectKeyId(fields) };
}

function subjectKeyId(fields: ReturnType<typeof decode>["children"]): Buffer | undefined {
  const extsNode = fields.find((f) => f.tag === 0xa3)?.children[0];
  for (const e of extsNode?.children ?? []) {
    const id = e.children[0];
    if (id !== undefined && id.body.equals(oid("2.5.29.14").subarray(2))) {
      const value = e.children[e.children.length - 1];
      return value === undefined ? undefined : decode(value.body).body;
    }
  }
  return undefined;
}

function guarded(f: (args: GoValue[]) => GoValue): FuncSpec["impl"] {
  return (args) => {
    try {
      return f(args);
    } catch (e) {
      throw e instanceof FuncError ? e : new FuncError((e as Error).message);
    }
  };
}

function buildCustomCert(b64cert: string, b64key: string): GoStruct {
  const strict = (b64: string, what: string): string => {
    try {
      return Buffer.from(decodeBase64Go(Buffer.from(b64, "latin1"))).toString("latin1");
    } catch {
      throw new FuncError(`unable to decode base64 ${what}`);
    }
  };
  const cert = strict(b64cert, "certificate");
  const key = strict(b64key, "private key");
  if (!/-----BEGIN/.test(cert)) throw new FuncError("unable to decode certificate");
  try {
    new X509Certificate(cert);
  } catch (e) {
    throw new FuncError(`error parsing certificate: decodedCert.Bytes: ${(e as Error).message}`);
  }
  try {
    parsePrivateKeyPem(key);
  } catch (e) {
    throw new FuncError(`error parsing private key: ${(e as Error).message}`);
  }
  return certificateValue(cert, key);
}

/** The certificate functions. */
export function certFuncs(): Map<string, FuncSpec> {
  const ca = (withKey: boolean): FuncSpec =>
    fn(
      withKey ? ["string", "int", "string"] : ["string", "int"],
      guarded(([cn, days, k]) =>
        createCertificate(
          { cn: strArg(cn), ips: [], dns: [], days: intArg(days), isCA: true },
          keyFrom(withKey ? k : undefined),
          undefined,
        ),
      ),
    );
  // genSelfSignedCert and genSignedCert take the same leading arguments; the signed ones add
  // the CA before the optional key.
  const leaf = (signed: boolean, withKey: boolean): FuncSpec =>
    fn(
      [
        "string",
        "[]interface {}",
        "[]interface {}",
        "int",
        ...(signed ? (["interface {}"] as const) : []),
        ...(withKey ? (["string"] as const) : []),
      ],
      guarded((args) => {
        const [cn, ips, dns, days] = args;
        const signer = signed ? signerFrom(args[4]) : undefined;
        return createCertificate(
          {
            cn: strArg(cn),
            ips: stringList(ips, "ip"),
            dns: stringList(dns, "dns"),
            days: intArg(days),
            isCA: false,
          },
          keyFrom(withKey ? args[signed ? 5 : 4] : undefined),
          signer,
        );
      }),
    );
  return new Map<string, FuncSpec>([
    ["genCA", ca(false)],
    ["genCAWithKey", ca(true)],
    ["genSelfSignedCert", leaf(false, false)],
    ["genSelfSignedCertWithKey", leaf(false, true)],
    ["genSignedCert", leaf(true, false)],
    ["genSignedCertWithKey", leaf(true, true)],
    [
      "buildCustomCert",
      fn(
        ["string", "string"],
        guarded(([c, k]) => buildCustomCert(strArg(c), strArg(k))),
      ),
    ],
  ]);
}
