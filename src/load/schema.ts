/**
 * The strict schema of a helmfile state document (helmfile v1's `ReleaseSetSpec`), in zod.
 * It mirrors go-yaml's strict decoding into helmfile's Go structs: unknown keys are errors,
 * `null` leaves a field unset, any scalar fits a string field (as its text), and helmfile's
 * custom unmarshalers (`inherit` as a single map, `helmfiles` entries as plain strings,
 * `defaultInherit` as a string) are normalised.
 */
import { z } from "zod";
import { formatGoFloat } from "../shared/go/float";
import { formatRfc3339Nano, GoTime, isMap, newMap, type Value, type ValueMap } from "../shared/value";
import { goKeysOf, recordGoKeys } from "../shared/yaml/go-keys";

/**
 * A non-string scalar of a state document together with its source text (`0x1F`, `1.0`, `True`):
 * go-yaml gives a Go string field the scalar's own text, every other field its resolved value.
 * {@link boxScalars} wraps them before the schema runs; the schema unwraps them again.
 */
export class ScalarText {
  constructor(
    readonly value: Value,
    readonly text: string,
  ) {}
}

/** `value` with every non-string scalar that has a source text (`textAt(path)`) wrapped in a {@link ScalarText}. */
export function boxScalars(
  value: Value,
  textAt: (path: ReadonlyArray<string | number>) => string | undefined,
  path: Array<string | number> = [],
): unknown {
  if (typeof value === "bigint" || typeof value === "number" || typeof value === "boolean") {
    const text = textAt(path);
    return text === undefined ? value : new ScalarText(value, text);
  }
  if (Array.isArray(value)) return value.map((v, i) => boxScalars(v, textAt, [...path, i]));
  if (isMap(value)) {
    const out: Record<string, unknown> = newMap();
    for (const [k, v] of Object.entries(value)) out[k] = boxScalars(v, textAt, [...path, k]);
    const keys = goKeysOf(value);
    if (keys !== undefined) recordGoKeys(out as ValueMap, keys);
    return out;
  }
  return value;
}

const unbox = (v: unknown): unknown => (v instanceof ScalarText ? v.value : v);

function unboxDeep(v: unknown): Value {
  if (v instanceof ScalarText) return v.value;
  if (Array.isArray(v)) return v.map(unboxDeep);
  if (isMap(v as Value)) {
    const out = newMap();
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) out[k] = unboxDeep(x);
    // What go-yaml decoded as other than string keys stays known (helmfile's key casting refuses them).
    const keys = goKeysOf(v as ValueMap);
    if (keys !== undefined) recordGoKeys(out, keys);
    return out;
  }
  return v as Value;
}

const nullToUndefined = (v: unknown): unknown => (v === null ? undefined : v);

/** The Go type helmfile decodes a schema into, as go-yaml's errors print it (`reflect.Type.String()`). */
const GO_TYPES = new Map<z.ZodType, string>();
function go<T extends z.ZodType>(type: string, schema: T): T {
  GO_TYPES.set(schema, type);
  return schema;
}

/** An optional field that also accepts YAML null. */
function opt<T extends z.ZodType>(schema: T) {
  return z.preprocess(nullToUndefined, schema.optional());
}

/** Go string field: any scalar, written as its text. */
const goString = go(
  "string",
  z.preprocess((v) => {
    if (v instanceof ScalarText) return v.text;
    if (typeof v === "bigint" || typeof v === "boolean") return String(v);
    if (typeof v === "number") return formatGoFloat(v);
    // go-yaml gives a string field a timestamp's own text.
    if (v instanceof GoTime) return v.sourceText ?? formatRfc3339Nano(v);
    return v;
  }, z.string()),
);

const goBool = go("bool", z.preprocess(unbox, z.boolean()));
const goInt = go(
  "int",
  z.preprocess((x) => {
    const v = unbox(x);
    return typeof v === "number" && Number.isInteger(v) ? BigInt(v) : v;
  }, z.bigint()),
);
const goFloat = go(
  "float32",
  z.preprocess((x) => {
    const v = unbox(x);
    return typeof v === "bigint" ? Number(v) : v;
  }, z.number()),
);
const anyValue = go("interface {}", z.custom<Value>(() => true).transform(unboxDeep));
const stringList = go("[]string", z.preprocess(nullToUndefined, z.array(goString).optional()));
const anyList = go("[]interface {}", z.preprocess(nullToUndefined, z.array(anyValue).optional()));
const stringMap = go(
  "map[string]string",
  z.preprocess(
    nullToUndefined,
    z
      .record(
        z.string(),
        z.preprocess((v) => (v === null ? "" : v), goString),
      )
      .optional(),
  ),
);

const missingFileHandlerConfig = go(
  "state.MissingFileHandlerConfig",
  z.strictObject({ ignoreMissingGitBranch: opt(goBool) }),
);

const setValue = go(
  "state.SetValue",
  z.strictObject({
    name: opt(goString),
    value: opt(goString),
    file: opt(goString),
    values: anyList,
  }),
);

const inheritEntry = go("state.Inherit", z.strictObject({ template: opt(goString), except: stringList }));
const inherits = z.preprocess(
  (v) => (v === null ? undefined : v !== undefined && !Array.isArray(v) ? [v] : v),
  z.array(inheritEntry).optional(),
);

const trackResource = go(
  "state.TrackResourceSpec",
  z.strictObject({ kind: opt(goString), name: opt(goString), namespace: opt(goString) }),
);

const hook = go(
  "event.Hook",
  z.strictObject({
    name: opt(goString),
    events: stringList,
    command: opt(goString),
    kubectlApply: opt(go("map[string]string", z.record(z.string(), anyValue))),
    args: stringList,
    showlogs: opt(goBool),
  }),
);

const dependency = go(
  "state.Dependency",
  z.strictObject({ chart: opt(goString), version: opt(goString), alias: opt(goString) }),
);

const releaseFields = {
  chart: opt(goString),
  chartPath: opt(goString),
  directory: opt(goString),
  version: opt(goString),
  verify: opt(goBool),
  keyring: opt(goString),
  enableDNS: opt(goBool),
  devel: opt(goBool),
  wait: opt(goBool),
  waitRetries: opt(goInt),
  waitForJobs: opt(goBool),
  timeout: opt(goInt),
  recreatePods: opt(goBool),
  force: opt(goBool),
  installed: opt(goBool),
  updateStrategy: opt(goString),
  atomic: opt(goBool),
  rollbackOnFailure: opt(goBool),
  cleanupOnFail: opt(goBool),
  forceConflicts: opt(goBool),
  historyMax: opt(goInt),
  condition: opt(goString),
  createNamespace: opt(goBool),
  reuseValues: opt(goBool),
  disableOpenAPIValidation: opt(goBool),
  disableValidation: opt(goBool),
  disableValidationOnInstall: opt(goBool),
  missingFileHandler: opt(goString),
  missingFileHandlerConfig: opt(missingFileHandlerConfig),
  needs: stringList,
  hooks: opt(z.array(hook)),
  unitTests: stringList,
  name: opt(goString),
  description: opt(goString),
  namespace: opt(goString),
  labels: stringMap,
  values: anyList,
  secrets: anyList,
  set: opt(z.array(setValue)),
  setString: opt(z.array(setValue)),
  valuesTemplate: anyList,
  setTemplate: opt(z.array(setValue)),
  apiVersions: stringList,
  kubeVersion: opt(goString),
  env: opt(z.array(setValue)),
  valuesPathPrefix: opt(goString),
  kubeContext: opt(goString),
  insecureSkipTLSVerify: opt(goBool),
  plainHttp: opt(goBool),
  verifyTemplate: opt(goString),
  waitTemplate: opt(goString),
  installedTemplate: opt(goString),
  conditionTemplate: opt(goString),
  dependencies: opt(z.array(dependency)),
  jsonPatches: anyList,
  strategicMergePatches: anyList,
  transformers: anyList,
  adopt: stringList,
  forceGoGetter: opt(goBool),
  forceNamespace: opt(goString),
  skipDeps: opt(goBool),
  skipRefresh: opt(goBool),
  postRenderer: opt(goString),
  skipSchemaValidation: opt(goBool),
  postRendererArgs: stringList,
  cascade: opt(goString),
  suppressOutputLineRegex: stringList,
  disableAutoDetectedKubeVersionForDiff: opt(goBool),
  inherit: inherits,
  suppressDiff: opt(goBool),
  deleteWait: opt(goBool),
  deleteTimeout: opt(goInt),
  syncReleaseLabels: opt(goBool),
  takeOwnership: opt(goBool),
  serverSide: opt(goString),
  trackMode: opt(goString),
  trackTimeout: opt(goInt),
  trackLogs: opt(goBool),
  trackFailedLogs: opt(goBool),
  helmStuckGrace: opt(goInt),
  trackKinds: stringList,
  skipKinds: stringList,
  trackResources: opt(z.array(trackResource)),
  kubedogQPS: opt(goFloat),
  kubedogBurst: opt(goInt),
  trackFailOnError: opt(goBool),
};

/** One entry of `releases:` (and the body of a release template). */
export const releaseSchema = go("state.ReleaseSpec", z.strictObject(releaseFields));
/** A parsed release (or release template). */
export type ReleaseSpec = z.infer<typeof releaseSchema>;

/** `helmDefaults:` (helmfile's HelmSpec). */
export const helmDefaultsSchema = go(
  "state.HelmSpec",
  z.strictObject({
    kubeContext: opt(goString),
    args: stringList,
    diffArgs: stringList,
    syncArgs: stringList,
    templateArgs: stringList,
    verify: opt(goBool),
    keyring: opt(goString),
    enableDNS: opt(goBool),
    skipSchemaValidation: opt(goBool),
    devel: opt(goBool),
    wait: opt(goBool),
    waitRetries: opt(goInt),
    waitForJobs: opt(goBool),
    timeout: opt(goInt),
    recreatePods: opt(goBool),
    force: opt(goBool),
    atomic: opt(goBool),
    rollbackOnFailure: opt(goBool),
    cleanupOnFail: opt(goBool),
    forceConflicts: opt(goBool),
    historyMax: opt(goInt),
    createNamespace: opt(goBool),
    skipCRDs: opt(goBool),
    skipDeps: opt(goBool),
    skipRefresh: opt(goBool),
    reuseValues: opt(goBool),
    postRenderer: opt(goString),
    postRendererArgs: stringList,
    cascade: opt(goString),
    suppressOutputLineRegex: stringList,
    disableAutoDetectedKubeVersionForDiff: opt(goBool),
    disableValidation: opt(goBool),
    disableOpenAPIValidation: opt(goBool),
    insecureSkipTLSVerify: opt(goBool),
    plainHttp: opt(goBool),
    deleteWait: opt(goBool),
    deleteTimeout: opt(goInt),
    syncReleaseLabels: opt(goBool),
    takeOwnership: opt(goBool),
    serverSide: opt(goString),
    trackMode: opt(goString),
    helmStuckGrace: opt(goInt),
  }),
);
/** Parsed `helmDefaults:`. */
export type HelmDefaults = z.infer<typeof helmDefaultsSchema>;

/** One entry of `environments:`. */
export const environmentSpecSchema = go(
  "state.EnvironmentSpec",
  z.strictObject({
    values: anyList,
    secrets: stringList,
    kubeContext: opt(goString),
    missingFileHandler: opt(goString),
    missingFileHandlerConfig: opt(missingFileHandlerConfig),
    mergeStrategy: opt(goString),
  }),
);
/** A parsed environment spec. */
export type EnvironmentSpec = z.infer<typeof environmentSpecSchema>;

/** The anonymous struct helmfile's SubHelmfileSpec.UnmarshalYAML decodes a map entry into. */
const SUB_HELMFILE_GO_TYPE =
  'struct { Path string "yaml:\\"path\\""; Selectors []string "yaml:\\"selectors\\""; SelectorsInherited bool "yaml:\\"selectorsInherited\\""; Inherits []string "yaml:\\"inherits\\""; Environment state.SubhelmfileEnvironmentSpec "yaml:\\",inline\\"" }';

const subHelmfileFields = z.strictObject({
  path: opt(goString),
  selectors: z.preprocess((v) => v, z.array(goString).nullable().optional()),
  selectorsInherited: opt(goBool),
  inherits: stringList,
  values: anyList,
});

const subHelmfileObject = go(
  SUB_HELMFILE_GO_TYPE,
  subHelmfileFields.superRefine((hf, ctx) => {
    if (hf.selectors !== undefined && hf.selectors !== null && (hf.path ?? "") === "") {
      ctx.addIssue({
        code: "custom",
        message: `found 'selectors' definition without path: [${hf.selectors.join(" ")}]`,
      });
    }
    if (hf.selectorsInherited === true && (hf.selectors ?? []).length > 0) {
      ctx.addIssue({
        code: "custom",
        message: `you cannot use 'SelectorsInherited: true' along with and explicit selector for path: ${hf.path ?? ""}`,
      });
    }
    if ((hf.inherits ?? []).length > 0 && (hf.path ?? "") === "") {
      ctx.addIssue({
        code: "custom",
        message: `found 'inherits' definition without path: [${(hf.inherits ?? []).join(" ")}]`,
      });
    }
    for (const key of hf.inherits ?? []) {
      if (!INHERIT_KEYS.includes(key)) {
        ctx.addIssue({
          code: "custom",
          path: ["inherits"],
          message: `invalid inherits entry "${key}" for path "${hf.path ?? ""}": allowed values are [${INHERIT_KEYS.join(" ")}]`,
        });
      }
    }
  }),
);

/** Categories a sub-helmfile may inherit. */
export const ALLOWED_INHERITS = [
  "repositories",
  "helmDefaults",
  "commonLabels",
  "apiVersions",
  "kubeVersion",
  "templates",
  "environments",
] as const;
const INHERIT_KEYS: readonly string[] = ALLOWED_INHERITS;

/**
 * helmfile's SubHelmfileSpec.UnmarshalYAML decodes an entry into `any` first: a string is the
 * path, a map is decoded into the struct, anything else (a number, a list) leaves every field
 * empty (so the path is the state's own folder). go-yaml never calls it for a null entry, which
 * it leaves out of the list.
 */
const subHelmfile = z.preprocess((x) => {
  if (x === null) return null;
  const v = unbox(x);
  if (typeof v === "string") return { path: v };
  return isMap(v as Value) ? v : {};
}, subHelmfileObject.nullable());
/** A parsed `helmfiles:` entry (plain strings become `{path}`). */
export type SubHelmfileEntry = z.infer<typeof subHelmfileObject>;

const repositorySchema = go(
  "state.RepositorySpec",
  z.strictObject({
    name: opt(goString),
    url: opt(goString),
    caFile: opt(goString),
    certFile: opt(goString),
    keyFile: opt(goString),
    username: opt(goString),
    password: opt(goString),
    registryConfig: opt(goString),
    managed: opt(goString),
    oci: opt(goBool),
    verify: opt(goBool),
    keyring: opt(goString),
    passCredentials: opt(goBool),
    skipTLSVerify: opt(goBool),
    plainHttp: opt(goBool),
  }),
);

const defaultInherit = z.preprocess((v) => {
  if (v === null || v === undefined) return undefined;
  const list = (Array.isArray(v) ? v : [v]).map((x: unknown) => (x instanceof ScalarText ? x.text : x));
  const out = list.map((x) => (typeof x === "string" ? x.trim() : x)).filter((x) => x !== "");
  return out.length === 0 ? undefined : out;
}, z.array(z.string()).optional());

/** A whole state document (one `---` part). */
export const stateSchema = go(
  "state.helmStateAlias",
  z.strictObject({
    helmBinary: opt(goString),
    kustomizeBinary: opt(goString),
    values: anyList,
    environments: opt(
      go(
        "map[string]state.EnvironmentSpec",
        z.record(
          z.string(),
          z.preprocess((v) => (v === null ? {} : v), environmentSpecSchema),
        ),
      ),
    ),
    bases: stringList,
    helmDefaults: opt(helmDefaultsSchema),
    helmfiles: opt(
      go(
        "[]state.SubHelmfileSpec",
        z.array(subHelmfile).transform((l) => l.filter((h): h is SubHelmfileEntry => h !== null)),
      ),
    ),
    kubeContext: opt(goString),
    namespace: opt(goString),
    chart: opt(goString),
    repositories: opt(z.array(repositorySchema)),
    commonLabels: stringMap,
    releases: opt(z.array(releaseSchema)),
    llm: opt(anyValue),
    apiVersions: stringList,
    kubeVersion: opt(goString),
    hooks: opt(z.array(hook)),
    templates: opt(
      z.record(
        z.string(),
        go(
          "state.TemplateSpec",
          z.preprocess((v) => (v === null ? {} : v), releaseSchema),
        ),
      ),
    ),
    defaultInherit,
    missingFileHandler: opt(goString),
    missingFileHandlerConfig: opt(missingFileHandlerConfig),
    lockFilePath: opt(goString),
  }),
);
/** A parsed state document. */
export type StateSpec = z.infer<typeof stateSchema>;

interface ZodDef {
  readonly type: string;
  readonly in?: z.ZodType;
  readonly out?: z.ZodType;
  readonly innerType?: z.ZodType;
  readonly shape?: Record<string, z.ZodType>;
  readonly element?: z.ZodType;
  readonly valueType?: z.ZodType;
}

function defOf(schema: z.ZodType): ZodDef {
  return (schema as unknown as { _zod: { def: ZodDef } })._zod.def;
}

/** What a pipe decodes into: its output, or its input when the output is a `.transform()`. */
function pipeTarget(def: ZodDef & { readonly out: z.ZodType }): z.ZodType {
  const out = def.out;
  return defOf(out).type === "transform" && def.in !== undefined ? def.in : out;
}

/** The schema itself once the wrappers (preprocess, optional, nullable) are peeled, stopping at a named Go type. */
function peel(schema: z.ZodType): z.ZodType {
  let cur = schema;
  for (;;) {
    if (GO_TYPES.has(cur)) return cur;
    const def = defOf(cur);
    if (def.type === "pipe" && def.out !== undefined) cur = pipeTarget({ ...def, out: def.out });
    else if ((def.type === "optional" || def.type === "nullable") && def.innerType !== undefined)
      cur = def.innerType;
    else return cur;
  }
}

function goTypeName(schema: z.ZodType): string | undefined {
  const s = peel(schema);
  const named = GO_TYPES.get(s);
  if (named !== undefined) return named;
  const def = defOf(s);
  if (def.type === "array" && def.element !== undefined) {
    const el = goTypeName(def.element);
    return el === undefined ? undefined : `[]${el}`;
  }
  if (def.type === "record" && def.valueType !== undefined) {
    const v = goTypeName(def.valueType);
    return v === undefined ? undefined : `map[string]${v}`;
  }
  return undefined;
}

/** A named schema's children: the object's fields, the list's items, the map's values. */
function child(schema: z.ZodType, key: string | number): z.ZodType | undefined {
  let cur = schema;
  for (;;) {
    const def = defOf(cur);
    if (def.type === "object") return def.shape?.[String(key)];
    if (def.type === "array") return def.element;
    if (def.type === "record") return def.valueType;
    if (def.type === "pipe" && def.out !== undefined) cur = pipeTarget({ ...def, out: def.out });
    else if ((def.type === "optional" || def.type === "nullable") && def.innerType !== undefined)
      cur = def.innerType;
    else return undefined;
  }
}

/**
 * The Go type helmfile decodes the value at `path` of a state document into, as go-yaml prints
 * it in `cannot unmarshal … into T` and `field f not found in type T`; `undefined` when unknown.
 */
export function goTypeAt(path: ReadonlyArray<string | number>): string | undefined {
  let cur: z.ZodType | undefined = stateSchema;
  for (const key of path) {
    cur = cur === undefined ? undefined : child(cur, key);
    if (cur === undefined) return undefined;
  }
  return goTypeName(cur);
}
