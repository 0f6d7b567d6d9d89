/**
 * bcrypt (`$2a$`, cost 10) for sprig's `bcrypt` and `htpasswd`. node:crypto has no
 * Blowfish, so this carries a small one. Blowfish's initial state is the fractional hex
 * expansion of pi; it is computed once (Machin's formula on bigints) instead of embedding
 * 4 KiB of constants.
 */
import { randomBytes } from "node:crypto";

const WORDS = 18 + 4 * 256;
let piWords: Uint32Array | undefined;

function arctanInv(x: bigint, scale: bigint): bigint {
  let term = scale / x;
  const x2 = x * x;
  let sum = 0n;
  for (let k = 1n; term !== 0n; k += 2n) {
    sum += (k & 2n) === 0n ? term / k : -(term / k);
    term /= x2;
  }
  return sum;
}

/** The first 1042 32-bit words of pi's fractional part (Blowfish's P-array and S-boxes). */
function piFraction(): Uint32Array {
  if (piWords !== undefined) return piWords;
  const bits = BigInt(WORDS * 32 + 64);
  const scale = 1n << bits;
  const pi = 16n * arctanInv(5n, scale) - 4n * arctanInv(239n, scale);
  const frac = (pi - 3n * scale) >> 64n;
  const out = new Uint32Array(WORDS);
  for (let i = 0; i < WORDS; i++) out[i] = Number((frac >> BigInt((WORDS - 1 - i) * 32)) & 0xffffffffn);
  piWords = out;
  return out;
}

class Blowfish {
  readonly p: Uint32Array;
  readonly s: Uint32Array;
  constructor() {
    const init = piFraction();
    this.p = init.slice(0, 18);
    this.s = init.slice(18);
  }
  private f(x: number): number {
    const s = this.s;
    const a = s[x >>> 24] as number;
    const b = s[256 + ((x >>> 16) & 255)] as number;
    const c = s[512 + ((x >>> 8) & 255)] as number;
    const d = s[768 + (x & 255)] as number;
    return ((((a + b) >>> 0) ^ c) + d) >>> 0;
  }
  encrypt(l0: number, r0: number): [number, number] {
    let l = l0;
    let r = r0;
    for (let i = 0; i < 16; i++) {
      l = (l ^ (this.p[i] as number)) >>> 0;
      r = (r ^ this.f(l)) >>> 0;
      [l, r] = [r, l];
    }
    [l, r] = [r, l];
    r = (r ^ (this.p[16] as number)) >>> 0;
    l = (l ^ (this.p[17] as number)) >>> 0;
    return [l, r];
  }
  /** Blowfish key schedule, optionally mixing in a salt stream (bcrypt's EksBlowfish). */
  expand(key: Uint8Array, salt?: Uint8Array): void {
    const next = cyclicWords(key);
    for (let i = 0; i < 18; i++) this.p[i] = ((this.p[i] as number) ^ next()) >>> 0;
    const saltWord = salt === undefined ? (): number => 0 : cyclicWords(salt);
    let l = 0;
    let r = 0;
    const fill = (arr: Uint32Array): void => {
      for (let i = 0; i < arr.length; i += 2) {
        [l, r] = this.encrypt((l ^ saltWord()) >>> 0, (r ^ saltWord()) >>> 0);
        arr[i] = l;
        arr[i + 1] = r;
      }
    };
    fill(this.p);
    fill(this.s);
  }
}

function cyclicWords(b: Uint8Array): () => number {
  let j = 0;
  return () => {
    let w = 0;
    for (let k = 0; k < 4; k++) {
      w = ((w << 8) | (b[j] as number)) >>> 0;
      j = (j + 1) % b.length;
    }
    return w;
  };
}

const ALPHABET = "./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

function encode64(b: Uint8Array): string {
  const std = Buffer.from(b).toString("base64").replace(/=+$/, "");
  const from = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  return [...std].map((c) => ALPHABET[from.indexOf(c)]).join("");
}

/** bcrypt of `password` with `cost` and a 16-byte `salt` (Go's x/crypto/bcrypt output, `$2a$`). */
export function bcryptWithSalt(password: Uint8Array, cost: number, salt: Uint8Array): string {
  const key = Uint8Array.from([...password, 0]);
  const bf = new Blowfish();
  bf.expand(key, salt);
  for (let i = 0; i < 2 ** cost; i++) {
    bf.expand(key);
    bf.expand(salt);
  }
  const magic = Buffer.from("OrpheanBeholderScryDoubt");
  const words = Array.from({ length: 6 }, (_v, i) => magic.readUInt32BE(i * 4));
  for (let i = 0; i < 6; i += 2) {
    let [l, r] = [words[i] as number, words[i + 1] as number];
    for (let k = 0; k < 64; k++) [l, r] = bf.encrypt(l, r);
    [words[i], words[i + 1]] = [l, r];
  }
  const out = Buffer.alloc(24);
  words.forEach((w, i) => out.writeUInt32BE(w, i * 4));
  return `$2a$${String(cost).padStart(2, "0")}$${encode64(salt)}${encode64(out.subarray(0, 23))}`;
}

/** sprig's `bcrypt`: default cost 10, random salt; errors become sprig's text, not failures. */
export function bcryptHash(password: Uint8Array): string {
  if (password.length > 72)
    return "failed to encrypt string with bcrypt: bcrypt: password length exceeds 72 bytes";
  return bcryptWithSalt(password, 10, randomBytes(16));
}
