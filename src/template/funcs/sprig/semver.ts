/** sprig's `semver` (a `*semver.Version` with its methods) and `semverCompare`. */
import { fn, FuncError, GoNumber, GoStruct, type FuncSpec, type GoValue } from "../../types";
import { strArg } from "./cast";
import {
  checkConstraints,
  compareVersions,
  parseConstraints,
  parseVersion,
  versionString,
  type SemVersion,
} from "./semver-core";

const u64 = (v: bigint): GoValue => new GoNumber("uint64", v);

function versionOf(v: GoValue | undefined): SemVersion {
  if (v instanceof GoStruct && v.typeName === "semver.Version") {
    const inner = SEMVER_DATA.get(v);
    if (inner !== undefined) return inner;
  }
  throw new FuncError(
    `wrong type for value; expected *semver.Version; got ${v === null || v === undefined ? "<nil>" : typeof v}`,
  );
}

const SEMVER_DATA = new WeakMap<GoStruct, SemVersion>();

function bump(v: SemVersion, part: "major" | "minor" | "patch"): SemVersion {
  const vPrefix = v.original.startsWith("v") ? "v" : "";
  let next: SemVersion;
  if (part === "patch") {
    next =
      v.pre !== "" ? { ...v, pre: "", metadata: "" } : { ...v, patch: v.patch + 1n, pre: "", metadata: "" };
  } else if (part === "minor") next = { ...v, minor: v.minor + 1n, patch: 0n, pre: "", metadata: "" };
  else next = { ...v, major: v.major + 1n, minor: 0n, patch: 0n, pre: "", metadata: "" };
  return { ...next, original: vPrefix + versionString(next) };
}

/** Wraps a parsed version as the template value sprig returns (`*semver.Version`, or a value). */
export function semverValue(v: SemVersion, pointer = true): GoStruct {
  const other = (f: (o: SemVersion) => GoValue): FuncSpec => fn(["interface {}"], ([o]) => f(versionOf(o)));
  const methods = new Map<string, FuncSpec>([
    ["Major", fn([], () => u64(v.major))],
    ["Minor", fn([], () => u64(v.minor))],
    ["Patch", fn([], () => u64(v.patch))],
    ["Prerelease", fn([], () => v.pre)],
    ["Metadata", fn([], () => v.metadata)],
    ["Original", fn([], () => v.original)],
    ["String", fn([], () => versionString(v))],
    ["Compare", other((o) => BigInt(compareVersions(v, o)))],
    ["LessThan", other((o) => compareVersions(v, o) < 0)],
    ["LessThanEqual", other((o) => compareVersions(v, o) <= 0)],
    ["GreaterThan", other((o) => compareVersions(v, o) > 0)],
    ["GreaterThanEqual", other((o) => compareVersions(v, o) >= 0)],
    ["Equal", other((o) => compareVersions(v, o) === 0)],
    ["IncMajor", fn([], () => semverValue(bump(v, "major"), false))],
    ["IncMinor", fn([], () => semverValue(bump(v, "minor"), false))],
    ["IncPatch", fn([], () => semverValue(bump(v, "patch"), false))],
    ["MarshalJSON", fn([], () => versionString(v))],
  ]);
  // The struct's fields are unexported in Go: templates reach the data only through methods.
  // semver's Inc* methods return a Version value, not a pointer.
  const s = new GoStruct("semver.Version", new Map(), methods, pointer);
  SEMVER_DATA.set(s, v);
  return s;
}

/** The semver functions. */
export function semverFuncs(): Map<string, FuncSpec> {
  return new Map<string, FuncSpec>([
    [
      "semver",
      fn(["string"], ([s]) => {
        try {
          return semverValue(parseVersion(strArg(s)));
        } catch (e) {
          throw new FuncError((e as Error).message);
        }
      }),
    ],
    [
      "semverCompare",
      fn(["string", "string"], ([c, v]) => {
        try {
          return checkConstraints(parseConstraints(strArg(c)), parseVersion(strArg(v)));
        } catch (e) {
          throw new FuncError((e as Error).message);
        }
      }),
    ],
  ]);
}
