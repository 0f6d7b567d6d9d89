/**
 * The state document as `helmfile build` prints it: Go struct field order, `omitempty`
 * rules, map keys sorted, `filepath` first and `templates` / `renderedvalues` always present.
 */
import {
  YamlOrderedMap,
  YamlRawScalar,
  encodeYaml,
  sortGoYamlKeys,
  type YamlEncodable,
} from "../shared/yaml/index";
import { GoTime, newMap, type Value, type ValueMap } from "../shared/value";
import {
  environmentSpecSchema,
  helmDefaultsSchema,
  releaseSchema,
  stateSchema,
  type ReleaseSpec,
  type StateSpec,
} from "./schema";
import type { GoYamlVersion } from "./yaml-io";

/** HelmSpec fields without `omitempty` (printed as zero values once helmDefaults is set). */
const HELM_DEFAULTS_ALWAYS = new Set([
  "verify",
  "enableDNS",
  "devel",
  "wait",
  "waitRetries",
  "waitForJobs",
  "timeout",
  "recreatePods",
  "force",
  "atomic",
  "rollbackOnFailure",
  "forceConflicts",
  "skipDeps",
  "skipRefresh",
  "reuseValues",
]);
const HELM_DEFAULT_ZERO: Record<string, Value> = {
  verify: false,
  enableDNS: false,
  devel: false,
  wait: false,
  waitRetries: 0n,
  waitForJobs: false,
  timeout: 0n,
  recreatePods: false,
  force: false,
  atomic: false,
  rollbackOnFailure: false,
  forceConflicts: false,
  skipDeps: false,
  skipRefresh: false,
  reuseValues: false,
};
/**
 * Plain (non-pointer) `omitempty` scalars per Go struct, whose zero value go-yaml drops; a
 * pointer field (`*bool`, `*int`) with `omitempty` keeps an explicit `false`/`0`
 * (pkg/state/state.go ReleaseSpec, HelmSpec, RepositorySpec, SubHelmfileSpec,
 * MissingFileHandlerConfig).
 */
const ZERO_DROPPED = {
  release: new Set(["insecureSkipTLSVerify", "plainHttp", "forceGoGetter"]),
  helmDefaults: new Set([
    "cleanupOnFail",
    "skipCRDs",
    "insecureSkipTLSVerify",
    "plainHttp",
    "deleteWait",
    "deleteTimeout",
    "helmStuckGrace",
  ]),
  repository: new Set(["oci", "verify", "passCredentials", "skipTLSVerify", "plainHttp"]),
  helmfile: new Set(["selectorsInherited"]),
  missingFileHandlerConfig: new Set(["ignoreMissingGitBranch"]),
  none: new Set<string>(),
} as const;
type ZeroDropped = (typeof ZERO_DROPPED)[keyof typeof ZERO_DROPPED];

/** HelmSpec's pointer fields (`*bool`, `*int`, `*string`): set, even to `false`, they are not zero. */
const HELM_DEFAULTS_POINTERS = new Set([
  "skipSchemaValidation",
  "historyMax",
  "createNamespace",
  "postRenderer",
  "cascade",
  "disableAutoDetectedKubeVersionForDiff",
  "disableValidation",
  "disableOpenAPIValidation",
  "syncReleaseLabels",
  "takeOwnership",
  "serverSide",
]);

/**
 * go-yaml's `isZero` for HelmSpec: `helmDefaults` is `omitempty`, so a struct whose fields are all
 * zero (`wait: false`, `cleanupOnFail: false`, `args: []`) is not printed at all.
 */
function isZeroHelmSpec(h: Record<string, unknown>): boolean {
  return Object.entries(h).every(([k, v]) =>
    HELM_DEFAULTS_POINTERS.has(k) ? v === undefined : isEmpty(v) || isZeroScalar(v),
  );
}

/**
 * event.Hook (pkg/event/bus.go) has no `omitempty` except on `kubectlApply`: build prints
 * `name: ""`, `events: []`, `command: ""`, `args: []` and `showlogs: false` when unset.
 */
const HOOK_ORDER = ["name", "events", "command", "kubectlApply", "args", "showlogs"];
const HOOK_ZERO: Record<string, YamlEncodable> = {
  name: "",
  events: [],
  command: "",
  args: [],
  showlogs: false,
};

function isZeroScalar(v: unknown): boolean {
  return v === false || v === 0 || v === 0n;
}

function isEmpty(v: unknown): boolean {
  if (v === undefined || v === null || v === "") return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === "object" && !(v instanceof YamlOrderedMap) && !(v instanceof GoTime))
    return Object.keys(v).length === 0;
  return false;
}

function anyValue(v: unknown): YamlEncodable {
  if (Array.isArray(v)) return v.map(anyValue);
  if (typeof v === "object" && v !== null && !(v instanceof YamlOrderedMap) && !(v instanceof GoTime)) {
    const out: Record<string, YamlEncodable> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>))
      if (x !== undefined) out[k] = anyValue(x);
    return out;
  }
  return (v ?? null) as YamlEncodable;
}

function struct(
  order: readonly string[],
  obj: Record<string, unknown>,
  convert: (k: string, v: unknown) => YamlEncodable,
  keep: (k: string) => boolean = () => false,
  dropZero: ZeroDropped = ZERO_DROPPED.none,
): YamlOrderedMap {
  const entries: Array<[string, YamlEncodable]> = [];
  for (const k of order) {
    const v = obj[k];
    if (!keep(k) && (isEmpty(v) || (dropZero.has(k) && isZeroScalar(v)))) continue;
    entries.push([k, convert(k, v)]);
  }
  return new YamlOrderedMap(entries);
}

const RELEASE_ORDER = Object.keys(releaseSchema.shape);
const SET_ORDER = ["name", "value", "file", "values"];
const REPOSITORY_ORDER = [
  "name",
  "url",
  "caFile",
  "certFile",
  "keyFile",
  "username",
  "password",
  "registryConfig",
  "managed",
  "oci",
  "verify",
  "keyring",
  "passCredentials",
  "skipTLSVerify",
  "plainHttp",
];

function hookDoc(h: Record<string, unknown>): YamlOrderedMap {
  return struct(
    HOOK_ORDER,
    h,
    (k, v) => (v === undefined || v === null ? (HOOK_ZERO[k] ?? null) : anyValue(v)),
    (k) => k !== "kubectlApply",
  );
}

function releaseDoc(r: ReleaseSpec): YamlOrderedMap {
  return struct(
    RELEASE_ORDER,
    r as Record<string, unknown>,
    (k, v) => {
      if ((k === "set" || k === "setString" || k === "setTemplate" || k === "env") && Array.isArray(v)) {
        return v.map((s) => struct(SET_ORDER, s as Record<string, unknown>, (_k, x) => anyValue(x)));
      }
      if (k === "inherit" && Array.isArray(v))
        return v.map((s) =>
          struct(["template", "except"], s as Record<string, unknown>, (_k, x) => anyValue(x)),
        );
      if (k === "hooks" && Array.isArray(v)) return v.map((h) => hookDoc(h as Record<string, unknown>));
      if (k === "missingFileHandlerConfig")
        return struct(
          ["ignoreMissingGitBranch"],
          v as Record<string, unknown>,
          (_k, x) => anyValue(x),
          () => false,
          ZERO_DROPPED.missingFileHandlerConfig,
        );
      return anyValue(v);
    },
    () => false,
    ZERO_DROPPED.release,
  );
}

function helmDefaultsDoc(h: Record<string, unknown>): YamlOrderedMap {
  return struct(
    Object.keys(helmDefaultsSchema.shape),
    h,
    (k, v) => anyValue(v ?? HELM_DEFAULT_ZERO[k] ?? null),
    (k) => HELM_DEFAULTS_ALWAYS.has(k),
    ZERO_DROPPED.helmDefaults,
  );
}

/** Builds the ordered document of a state for `build`. */
export function buildDocument(
  spec: StateSpec,
  releases: readonly ReleaseSpec[],
  filePath: string,
  renderedValues: ValueMap,
): YamlOrderedMap {
  const full: Record<string, unknown> = { ...spec, releases };
  if (spec.helmDefaults !== undefined && isZeroHelmSpec(spec.helmDefaults)) delete full.helmDefaults;
  const body = struct(
    Object.keys(stateSchema.shape),
    full,
    (k, v) => {
      if (k === "releases") return (v as ReleaseSpec[]).map(releaseDoc);
      if (k === "helmDefaults") return helmDefaultsDoc(v as Record<string, unknown>);
      if (k === "templates") {
        const out: Record<string, YamlEncodable> = {};
        for (const [name, t] of Object.entries((v ?? {}) as Record<string, ReleaseSpec>))
          out[name] = releaseDoc(t);
        return out;
      }
      if (k === "environments") {
        const out: Record<string, YamlEncodable> = {};
        for (const [name, e] of Object.entries(v as Record<string, Record<string, unknown>>)) {
          out[name] = struct(Object.keys(environmentSpecSchema.shape), e, (_k, x) => anyValue(x));
        }
        return out;
      }
      if (k === "helmfiles") {
        return (v as Record<string, unknown>[]).map((h) =>
          struct(
            ["path", "selectors", "selectorsInherited", "inherits", "values"],
            h,
            (_k, x) => anyValue(x),
            () => false,
            ZERO_DROPPED.helmfile,
          ),
        );
      }
      if (k === "repositories")
        return (v as Record<string, unknown>[]).map((r) =>
          struct(
            REPOSITORY_ORDER,
            r,
            (_k, x) => anyValue(x),
            () => false,
            ZERO_DROPPED.repository,
          ),
        );
      return anyValue(v);
    },
    (k) => k === "templates",
  );
  return new YamlOrderedMap([
    ["filepath", filePath],
    ...body.entries,
    ["renderedvalues", renderedValues as YamlEncodable],
  ]);
}

/**
 * The build document as a Value tree whose key insertion order is the printed order: struct
 * fields in Go order, Go map keys sorted like go-yaml (encode with `sortKeys: false`).
 */
export function buildDocumentValue(doc: YamlOrderedMap, version: GoYamlVersion): ValueMap {
  return orderedValue(doc, version) as ValueMap;
}

function orderedValue(v: YamlEncodable, version: GoYamlVersion): Value {
  if (v instanceof YamlOrderedMap) {
    const out = newMap();
    for (const [k, x] of v.entries) out[k] = orderedValue(x, version);
    return out;
  }
  if (Array.isArray(v)) return (v as readonly YamlEncodable[]).map((x) => orderedValue(x, version));
  if (typeof v === "object" && v !== null && !(v instanceof YamlRawScalar) && !(v instanceof GoTime)) {
    const obj = v as Record<string, YamlEncodable>;
    const out = newMap();
    for (const k of sortGoYamlKeys(Object.keys(obj), version))
      out[k] = orderedValue(obj[k] as YamlEncodable, version);
    return out;
  }
  return v instanceof YamlRawScalar ? v.text : (v as Value);
}

/** `build` text of one state (without the `---` / `#  Source:` header). */
export function buildYaml(
  spec: StateSpec,
  releases: readonly ReleaseSpec[],
  filePath: string,
  renderedValues: ValueMap,
  version: GoYamlVersion,
): string {
  return encodeYaml(buildDocument(spec, releases, filePath, renderedValues), { version, indent: 2 });
}
