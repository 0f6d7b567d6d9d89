/** Go's base64/base32 StdEncoding decoders with Go's `illegal base64 data at input byte N` errors. */

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function corrupt(kind: "base64" | "base32", at: number): Error {
  return new Error(`illegal ${kind} data at input byte ${at}`);
}

/** `base64.StdEncoding.DecodeString`. */
export function decodeBase64Go(src: Uint8Array): Uint8Array {
  const out: number[] = [];
  const isNl = (c: number | undefined): boolean => c === 10 || c === 13;
  let si = 0;
  while (si < src.length) {
    const buf: number[] = [];
    let dlen = 4;
    let trailingErr: number | undefined;
    for (let j = 0; j < 4; j++) {
      if (si === src.length) {
        if (j === 0) return Uint8Array.from(out);
        throw corrupt("base64", si - j);
      }
      const c = src[si] as number;
      si++;
      const d = B64.indexOf(String.fromCharCode(c));
      if (d >= 0 && c < 128) {
        buf[j] = d;
        continue;
      }
      if (isNl(c)) {
        j--;
        continue;
      }
      if (c !== 61 || j < 2) throw corrupt("base64", si - 1);
      if (j === 2) {
        while (si < src.length && isNl(src[si])) si++;
        if (si === src.length) throw corrupt("base64", src.length);
        if (src[si] !== 61) throw corrupt("base64", si - 1);
        si++;
      }
      while (si < src.length && isNl(src[si])) si++;
      if (si < src.length) trailingErr = si;
      dlen = j;
      break;
    }
    const val = ((buf[0] ?? 0) << 18) | ((buf[1] ?? 0) << 12) | ((buf[2] ?? 0) << 6) | (buf[3] ?? 0);
    const bytes = [(val >> 16) & 0xff, (val >> 8) & 0xff, val & 0xff];
    out.push(...bytes.slice(0, dlen - 1));
    if (trailingErr !== undefined) throw corrupt("base64", trailingErr);
    if (dlen < 4) return Uint8Array.from(out);
  }
  return Uint8Array.from(out);
}

/** `base32.StdEncoding.EncodeToString`. */
export function encodeBase32Go(data: Uint8Array): string {
  let out = "";
  for (let i = 0; i < data.length; i += 5) {
    const chunk = data.subarray(i, i + 5);
    let bits = 0n;
    for (let k = 0; k < 5; k++) bits = (bits << 8n) | BigInt(chunk[k] ?? 0);
    const chars = Math.ceil((chunk.length * 8) / 5);
    for (let k = 0; k < 8; k++) out += k < chars ? B32[Number((bits >> BigInt(35 - k * 5)) & 31n)] : "=";
  }
  return out;
}

/** `base32.StdEncoding.DecodeString`. */
export function decodeBase32Go(input: Uint8Array): Uint8Array {
  const src = input.filter((c) => c !== 10 && c !== 13);
  const olen = src.length;
  const out: number[] = [];
  let p = 0;
  let end = false;
  while (p < src.length && !end) {
    const dbuf: number[] = [];
    let dlen = 8;
    for (let j = 0; j < 8;) {
      const remaining = src.length - p;
      if (remaining === 0) throw corrupt("base32", olen - remaining - j);
      const c = src[p] as number;
      p++;
      const left = src.length - p;
      if (c === 61 && j >= 2 && left < 8) {
        if (left + j < 7) throw corrupt("base32", olen);
        for (let k = 0; k < 7 - j; k++)
          if (left > k && src[p + k] !== 61) throw corrupt("base32", olen - left + k - 1);
        dlen = j;
        end = true;
        if (dlen === 1 || dlen === 3 || dlen === 6) throw corrupt("base32", olen - left - 1);
        break;
      }
      const d = B32.indexOf(String.fromCharCode(c));
      if (d < 0 || c >= 128) throw corrupt("base32", olen - left - 1);
      dbuf[j] = d;
      j++;
    }
    let bits = 0n;
    for (let k = 0; k < 8; k++) bits = (bits << 5n) | BigInt(dbuf[k] ?? 0);
    const n = [0, 0, 1, 1, 2, 3, 3, 4, 5][dlen] ?? 5;
    for (let k = 0; k < n; k++) out.push(Number((bits >> BigInt(32 - k * 8)) & 0xffn));
  }
  return Uint8Array.from(out);
}
