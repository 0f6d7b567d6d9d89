/** Masterminds/semver v3 versions and constraints (as used by sprig's `semver`/`semverCompare`). */

/** A parsed version (semver.Version). */
export interface SemVersion {
  readonly major: bigint;
  readonly minor: bigint;
  readonly patch: bigint;
  readonly pre: string;
  readonly metadata: string;
  readonly original: string;
}

const LOOSE =
  /^v?([0-9]+)(\.[0-9]+)?(\.[0-9]+)?(-([0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*))?(\+([0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*))?$/;
const U64_MAX = 2n ** 64n - 1n;

/** A semver error with the library's message. */
export class SemverError extends Error {}

function segment(s: string): bigint {
  const v = BigInt(s);
  if (v > U64_MAX)
    throw new SemverError(
      `error parsing version segment: strconv.ParseUint: parsing ${JSON.stringify(s)}: value out of range`,
    );
  return v;
}

function validatePre(p: string): void {
  for (const part of p.split(".")) {
    if (part === "") throw new SemverError("invalid prerelease string");
    if (/^[0-9]+$/.test(part)) {
      if (part.length > 1 && part[0] === "0") throw new SemverError("version segment starts with 0");
    } else if (!/^[0-9A-Za-z-]+$/.test(part)) throw new SemverError("invalid prerelease string");
  }
}

/** `semver.NewVersion` (coercing: `1.2` is `1.2.0`, a leading `v` is allowed). */
export function parseVersion(v: string): SemVersion {
  const m = LOOSE.exec(v);
  if (m === null) throw new SemverError("invalid semantic version");
  const pre = m[5] ?? "";
  const metadata = m[8] ?? "";
  if (pre !== "") validatePre(pre);
  return {
    major: segment(m[1] as string),
    minor: m[2] === undefined ? 0n : segment(m[2].slice(1)),
    patch: m[3] === undefined ? 0n : segment(m[3].slice(1)),
    pre,
    metadata,
    original: v,
  };
}

/** `Version.String()`. */
export function versionString(v: SemVersion): string {
  return `${v.major}.${v.minor}.${v.patch}${v.pre !== "" ? `-${v.pre}` : ""}${v.metadata !== "" ? `+${v.metadata}` : ""}`;
}

function cmpPart(s: string, o: string): number {
  if (s === o) return 0;
  if (s === "") return -1;
  if (o === "") return 1;
  const sn = /^[0-9]+$/.test(s);
  const on = /^[0-9]+$/.test(o);
  if (!sn && !on) return s > o ? 1 : -1;
  if (!on) return -1;
  if (!sn) return 1;
  return BigInt(s) > BigInt(o) ? 1 : -1;
}

/** `Version.Compare`: -1, 0 or 1 (metadata ignored). */
export function compareVersions(a: SemVersion, b: SemVersion): number {
  for (const k of ["major", "minor", "patch"] as const) if (a[k] !== b[k]) return a[k] < b[k] ? -1 : 1;
  if (a.pre === b.pre) return 0;
  if (a.pre === "") return 1;
  if (b.pre === "") return -1;
  const sp = a.pre.split(".");
  const op = b.pre.split(".");
  for (let i = 0; i < Math.max(sp.length, op.length); i++) {
    const d = cmpPart(sp[i] ?? "", op[i] ?? "");
    if (d !== 0) return d;
  }
  return 0;
}

interface Constraint {
  readonly op: string;
  readonly con: SemVersion;
  readonly dirty: boolean;
  readonly minorDirty: boolean;
  readonly patchDirty: boolean;
}

const CV = String.raw`v?([0-9|xX*]+)(\.[0-9|xX*]+)?(\.[0-9|xX*]+)?(-([0-9A-Za-z\-]+(\.[0-9A-Za-z\-]+)*))?(\+([0-9A-Za-z\-]+(\.[0-9A-Za-z\-]+)*))?`;
const OPS = String.raw`=|!=|>|<|>=|=>|<=|=<|~|~>|\^`;
const OPS_FIND = String.raw`(?:!=|>=|=>|<=|=<|~>|=|>|<|~|\^)?`;
const CONSTRAINT = new RegExp(String.raw`^\s*(${OPS_FIND})\s*(${CV})\s*$`);
const FIND = new RegExp(String.raw`(${OPS_FIND})\s*(${CV})`, "g");
const VALID = new RegExp(
  String.raw`^(\s*(${OPS_FIND})\s*(${CV})\s*)((?:\s+|,\s*)(${OPS_FIND})\s*(${CV})\s*)*$`,
);
const RANGE = new RegExp(String.raw`\s*(${CV})\s+-\s+(${CV})\s*`, "g");
void OPS;

const isX = (s: string | undefined): boolean => s === "x" || s === "X" || s === "*";

function parseConstraint(text: string): Constraint {
  const m = CONSTRAINT.exec(text);
  if (m === null) throw new SemverError(`improper constraint: ${text}`);
  const op = m[1] ?? "";
  const major = m[3] ?? "";
  const minor = m[4] ?? "";
  const patch = m[5] ?? "";
  const pre = m[6] ?? "";
  let ver = m[2] ?? "";
  let dirty = false;
  let minorDirty = false;
  let patchDirty = false;
  if (isX(major)) {
    ver = `0.0.0${pre}`;
    dirty = true;
  } else if (isX(minor.slice(1)) || minor === "") {
    [minorDirty, dirty, ver] = [true, true, `${major}.0.0${pre}`];
  } else if (isX(patch.slice(1)) || patch === "") {
    [patchDirty, dirty, ver] = [true, true, `${major}${minor}.0${pre}`];
  }
  let con: SemVersion;
  try {
    con = parseVersion(ver);
  } catch {
    throw new SemverError("constraint parser error");
  }
  return { op, con, dirty, minorDirty, patchDirty };
}

/** A parsed constraint set: OR-groups of AND-ed constraints. */
export interface Constraints {
  readonly groups: ReadonlyArray<{ readonly items: readonly Constraint[]; readonly hasPre: boolean }>;
}

/** `semver.NewConstraint`. */
export function parseConstraints(c: string): Constraints {
  const rewritten = c.replace(
    RANGE,
    (_m, a: string, ...rest: unknown[]) => `>= ${a}, <= ${String(rest[9])} `,
  );
  const groups = rewritten.split("||").map((part) => {
    if (!VALID.test(part)) throw new SemverError(`improper constraint: ${part}`);
    const found = [...part.matchAll(FIND)].map((m) => m[0]);
    const items = (found.length > 0 ? found : [part]).map(parseConstraint);
    return { items, hasPre: items.some((i) => i.con.pre !== "") };
  });
  return { groups };
}

function check(v: SemVersion, c: Constraint, includePre: boolean): boolean {
  if (v.pre !== "" && !includePre) return false;
  const cmp = compareVersions(v, c.con);
  switch (c.op) {
    case "":
    case "=":
      return c.dirty ? tilde(v, c) : cmp === 0;
    case "!=":
      return notEqual(v, c, cmp);
    case ">":
      if (!c.dirty) return cmp > 0;
      if (v.major !== c.con.major) return v.major > c.con.major;
      if (c.minorDirty) return false;
      if (c.patchDirty) return v.minor > c.con.minor;
      return cmp > 0;
    case "<":
      return cmp < 0;
    case ">=":
    case "=>":
      return cmp >= 0;
    case "<=":
    case "=<":
      if (!c.dirty) return cmp <= 0;
      if (v.major > c.con.major) return false;
      return !(v.major === c.con.major && v.minor > c.con.minor && !c.minorDirty);
    case "~":
    case "~>":
      return tilde(v, c);
    default:
      return caret(v, c, cmp);
  }
}

function notEqual(v: SemVersion, c: Constraint, cmp: number): boolean {
  if (c.dirty) {
    if (c.con.major !== v.major) return true;
    if (c.con.minor !== v.minor && !c.minorDirty) return true;
    if (c.minorDirty) return false;
    if (c.con.patch !== v.patch && !c.patchDirty) return true;
    if (c.patchDirty) {
      if (v.pre !== "" || c.con.pre !== "")
        return (
          compareVersions(
            { ...v, major: 0n, minor: 0n, patch: 0n },
            { ...c.con, major: 0n, minor: 0n, patch: 0n },
          ) !== 0
        );
      return false;
    }
  }
  return cmp !== 0;
}

function tilde(v: SemVersion, c: Constraint): boolean {
  if (compareVersions(v, c.con) < 0) return false;
  if (c.con.major === 0n && c.con.minor === 0n && c.con.patch === 0n && !c.minorDirty && !c.patchDirty)
    return true;
  if (v.major !== c.con.major) return false;
  return !(v.minor !== c.con.minor && !c.minorDirty);
}

function caret(v: SemVersion, c: Constraint, cmp: number): boolean {
  if (cmp < 0) return false;
  if (c.con.major > 0n || c.minorDirty) return v.major === c.con.major;
  if (v.major > 0n) return false;
  if (c.con.minor > 0n || c.patchDirty) return v.minor === c.con.minor;
  if (v.minor > 0n) return false;
  return c.con.patch === v.patch;
}

/** `Constraints.Check`. */
export function checkConstraints(cs: Constraints, v: SemVersion): boolean {
  return cs.groups.some((g) => g.items.every((c) => check(v, c, g.hasPre)));
}
