/** A minimal ASN.1 DER encoder/decoder for building certificates and DSA keys. */

function lengthBytes(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** A TLV with the given tag byte. */
export function tlv(tag: number, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), lengthBytes(body.length), body]);
}

export const seq = (...items: Buffer[]): Buffer => tlv(0x30, Buffer.concat(items));
export const set = (...items: Buffer[]): Buffer => tlv(0x31, Buffer.concat(items));
export const nullValue = (): Buffer => Buffer.from([0x05, 0x00]);
export const bool = (v: boolean): Buffer => tlv(0x01, Buffer.from([v ? 0xff : 0x00]));
export const octets = (b: Buffer): Buffer => tlv(0x04, b);
export const bitString = (b: Buffer): Buffer => tlv(0x03, Buffer.concat([Buffer.from([0]), b]));
export const explicit = (n: number, body: Buffer): Buffer => tlv(0xa0 + n, body);

/** INTEGER from a non-negative bigint (minimal two's complement). */
export function integer(v: bigint): Buffer {
  let hex = v.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  let b = Buffer.from(hex, "hex");
  if ((b[0] as number) & 0x80) b = Buffer.concat([Buffer.from([0]), b]);
  return tlv(0x02, b);
}

/** OBJECT IDENTIFIER from dotted text. */
export function oid(dotted: string): Buffer {
  const parts = dotted.split(".").map(Number);
  const out: number[] = [40 * (parts[0] ?? 0) + (parts[1] ?? 0)];
  for (const p of parts.slice(2)) {
    const stack: number[] = [p & 0x7f];
    for (let v = Math.floor(p / 128); v > 0; v = Math.floor(v / 128)) stack.unshift(0x80 | (v & 0x7f));
    out.push(...stack);
  }
  return tlv(0x06, Buffer.from(out));
}

/** A directory string as Go writes it: PrintableString when allowed, else UTF8String. */
export function dirString(s: string): Buffer {
  const printable = /^[A-Za-z0-9 '()+,\-./:=?*&]*$/.test(s);
  return tlv(printable ? 0x13 : 0x0c, Buffer.from(s, "utf8"));
}

/** UTCTime before 2050, GeneralizedTime after (RFC 5280). */
export function time(d: Date): Buffer {
  const y = d.getUTCFullYear();
  const p = (n: number): string => String(n).padStart(2, "0");
  const rest = `${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}Z`;
  if (y >= 1950 && y < 2050) return tlv(0x17, Buffer.from(p(y % 100) + rest));
  return tlv(0x18, Buffer.from(String(y).padStart(4, "0") + rest));
}

/** A decoded TLV. */
export interface Node {
  readonly tag: number;
  readonly body: Buffer;
  readonly children: Node[];
}

/** Decodes one DER value (constructed values get their children decoded). */
export function decode(b: Buffer, offset = 0): Node & { end: number } {
  const tag = b[offset] as number;
  let len = b[offset + 1] as number;
  let pos = offset + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + (b[pos + i] as number);
    pos += n;
  }
  const body = b.subarray(pos, pos + len);
  const children: Node[] = [];
  if (tag & 0x20) {
    for (let p = 0; p < body.length;) {
      const c = decode(body, p);
      children.push(c);
      p = c.end;
    }
  }
  return { tag, body, children, end: pos + len };
}

/** The value of a decoded INTEGER. */
export function intValue(n: Node): bigint {
  return n.body.length === 0 ? 0n : BigInt(`0x${n.body.toString("hex")}`);
}
