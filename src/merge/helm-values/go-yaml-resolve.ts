/**
 * go-yaml v2's scalar resolution (YAML 1.1 flavoured): booleans `y/yes/on/…`, base-prefixed
 * and underscored integers, `.inf`/`.nan`, explicit `!!tags`. Written from go-yaml's documented
 * behaviour; the result is a Go-typed scalar.
 */

/** A resolved scalar with its Go type. `int` covers Go int/int64 and, with `unsigned`, uint64. */
export type GoScalar =
  | { readonly t: "null" }
  | { readonly t: "str"; readonly v: string }
  | { readonly t: "bool"; readonly v: boolean }
  | { readonly t: "int"; readonly v: bigint; readonly unsigned?: boolean }
  | { readonly t: "float"; readonly v: number };

const P = "tag:yaml.org,2002:";
const STR = `${P}str`;
const BINARY = `${P}binary`;
const RESOLVABLE = new Set(["", STR, `${P}bool`, `${P}int`, `${P}float`, `${P}null`, `${P}timestamp`]);

const WORDS = new Map<string, GoScalar>();
for (const w of ["y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"])
  WORDS.set(w, { t: "bool", v: true });
for (const w of ["n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"])
  WORDS.set(w, { t: "bool", v: false });
for (const w of ["", "~", "null", "Null", "NULL"]) WORDS.set(w, { t: "null" });
for (const w of [".nan", ".NaN", ".NAN"]) WORDS.set(w, { t: "float", v: NaN });
for (const w of [".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF"])
  WORDS.set(w, { t: "float", v: Infinity });
for (const w of ["-.inf", "-.Inf", "-.INF"]) WORDS.set(w, { t: "float", v: -Infinity });

const YAML_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const INT64_MAX = (1n << 63n) - 1n;
const UINT64_MAX = (1n << 64n) - 1n;

/** Thrown when an explicit tag does not fit the text (`!!int abc`). */
export class GoResolveError extends Error {}

/**
 * Resolves a scalar. `tag` is the long tag or undefined; `implicit` is true for an untagged
 * plain scalar (quoted and block scalars without a tag are always strings).
 */
export function resolveGoScalar(
  tag: string | undefined,
  text: string,
  implicit: boolean,
  _plain: boolean,
): GoScalar {
  if (tag === undefined && !implicit) return { t: "str", v: text };
  const want = tag ?? "";
  if (!RESOLVABLE.has(want)) {
    if (want === BINARY) return { t: "str", v: decodeBase64(text) };
    return { t: "str", v: text };
  }
  const got = resolvePlain(want, text);
  if (want === "" || want === STR || tagOf(got) === want) return got;
  if (want === `${P}float` && got.t === "int") return { t: "float", v: Number(got.v) };
  if (want === `${P}timestamp` && got.t === "str" && /^\d{4}-\d{1,2}-\d{1,2}/.test(text)) return got;
  throw new GoResolveError(
    `yaml: cannot decode !!${tagOf(got).slice(P.length)} \`${text}\` as a !!${want.slice(P.length)}`,
  );
}

function tagOf(s: GoScalar): string {
  return `${P}${s.t === "str" ? "str" : s.t}`;
}

function resolvePlain(tag: string, text: string): GoScalar {
  if (tag === STR) return { t: "str", v: text };
  const c = text[0];
  const hint =
    text === ""
      ? "N"
      : c === "+" || c === "-"
        ? "S"
        : c !== undefined && c >= "0" && c <= "9"
          ? "D"
          : c !== undefined && "yYnNtTfFoO~".includes(c)
            ? "M"
            : c === "."
              ? "."
              : "";
  if (hint === "") return { t: "str", v: text };
  const word = WORDS.get(text);
  if (word !== undefined) return word;
  if (hint === ".") {
    return /^\.[0-9]+([eE][-+]?[0-9]+)?$/.test(text)
      ? { t: "float", v: Number(text) }
      : { t: "str", v: text };
  }
  if (hint !== "D" && hint !== "S") return { t: "str", v: text };
  const plain = text.replace(/_/g, "");
  const asInt = parseGoInt(plain);
  if (asInt !== undefined) {
    if (asInt >= -INT64_MAX - 1n && asInt <= INT64_MAX) return { t: "int", v: asInt };
    if (asInt >= 0n && asInt <= UINT64_MAX && !/^[+-]/.test(plain))
      return { t: "int", v: asInt, unsigned: true };
  }
  if (YAML_FLOAT.test(plain)) {
    const f = Number(plain);
    if (Number.isFinite(f)) return { t: "float", v: f };
  }
  return { t: "str", v: text };
}

/** `strconv.ParseInt(s, 0, …)` syntax (sign, 0x/0o/0b prefixes, leading-0 octal), unbounded. */
function parseGoInt(s: string): bigint | undefined {
  const m = /^([+-]?)(.*)$/.exec(s);
  if (m === null) return undefined;
  const sign = m[1] === "-" ? -1n : 1n;
  const body = m[2] ?? "";
  let digits: string;
  let radix: number;
  if (/^0[xX]/.test(body)) [digits, radix] = [body.slice(2), 16];
  else if (/^0[oO]/.test(body)) [digits, radix] = [body.slice(2), 8];
  else if (/^0[bB]/.test(body)) [digits, radix] = [body.slice(2), 2];
  else if (/^0./.test(body)) [digits, radix] = [body.slice(1), 8];
  else [digits, radix] = [body, 10];
  const valid = { 16: /^[0-9a-fA-F]+$/, 8: /^[0-7]+$/, 2: /^[01]+$/, 10: /^[0-9]+$/ }[
    radix as 16 | 8 | 2 | 10
  ];
  if (!valid.test(digits)) return undefined;
  const prefix = { 16: "0x", 8: "0o", 2: "0b", 10: "" }[radix as 16 | 8 | 2 | 10];
  return sign * BigInt(`${prefix}${digits}`);
}

function decodeBase64(text: string): string {
  const clean = text.replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 !== 0) {
    throw new GoResolveError("yaml: !!binary value contains invalid base64 data");
  }
  return Buffer.from(clean, "base64").toString("utf8");
}
