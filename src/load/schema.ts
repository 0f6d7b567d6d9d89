/**
 * The strict schema of a helmfile state document (helmfile v1's `ReleaseSetSpec`), in zod.
 * It mirrors go-yaml's strict decoding into helmfile's Go structs: unknown keys are errors,
 * `null` leaves a field unset, any scalar fits a string field (as its text), and helmfile's
 * custom unmarshalers (`inherit` as a single map, `helmfiles` entries as plain strings,
 * `defaultInherit` as a string) are normalised.
 */
import { z } from "zod";
import { formatGoFloat } from "../shared/go/float";
import { formatRfc3339Nano, GoTime, type Value } from "../shared/value";

const nullToUndefined = (v: unknown): unknown => (v === null ? undefined : v);

/** An optional field that also accepts YAML null. */
function opt<T extends z.ZodType>(schema: T) {
  return z.preprocess(nullToUndefined, schema.optional());
}

/** Go string field: any scalar, written as its text. */
const goString = z.preprocess((v) => {
  if (typeof v === "bigint" || typeof v === "boolean") return String(v);
  if (typeof v === "number") return formatGoFloat(v);
  // go-yaml gives a string field a timestamp's own text.
  if (v instanceof GoTime) return v.sourceText ?? formatRfc3339Nano(v);
  return v;
}, z.string());

const goBool = z.boolean();
const goInt = z.preprocess((v) => (typeof v === "number" && Number.isInteger(v) ? BigInt(v) : v), z.bigint());
const goFloat = z.preprocess((v) => (typeof v === "bigint" ? Number(v) : v), z.number());
const anyValue = z.custom<Value>(() => true);
const stringList = z.preprocess(nullToUndefined, z.array(goString).optional());
const anyList = z.preprocess(nullToUndefined, z.array(anyValue).optional());
const stringMap = z.preprocess(
  nullToUndefined,
  z
    .record(
      z.string(),
      z.preprocess((v) => (v === null ? "" : v), goString),
    )
    .optional(),
);

const missingFileHandlerConfig = z.strictObject({ ignoreMissingGitBranch: opt(goBool) });

const setValue = z.strictObject({
  name: opt(goString),
  value: opt(goString),
  file: opt(goString),
  values: anyList,
});

const inheritEntry = z.strictObject({ template: opt(goString), except: stringList });
const inherits = z.preprocess(
  (v) => (v === null ? undefined : v !== undefined && !Array.isArray(v) ? [v] : v),
  z.array(inheritEntry).optional(),
);

const trackResource = z.strictObject({ kind: opt(goString), name: opt(goString), namespace: opt(goString) });

const hook = z.strictObject({
  name: opt(goString),
  events: stringList,
  command: opt(goString),
  kubectlApply: opt(z.record(z.string(), anyValue)),
  args: stringList,
  showlogs: opt(goBool),
});

const dependency = z.strictObject({ chart: opt(goString), version: opt(goString), alias: opt(goString) });

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
export const releaseSchema = z.strictObject(releaseFields);
/** A parsed release (or release template). */
export type ReleaseSpec = z.infer<typeof releaseSchema>;

/** `helmDefaults:` (helmfile's HelmSpec). */
export const helmDefaultsSchema = z.strictObject({
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
});
/** Parsed `helmDefaults:`. */
export type HelmDefaults = z.infer<typeof helmDefaultsSchema>;

/** One entry of `environments:`. */
export const environmentSpecSchema = z.strictObject({
  values: anyList,
  secrets: stringList,
  kubeContext: opt(goString),
  missingFileHandler: opt(goString),
  missingFileHandlerConfig: opt(missingFileHandlerConfig),
  mergeStrategy: opt(goString),
});
/** A parsed environment spec. */
export type EnvironmentSpec = z.infer<typeof environmentSpecSchema>;

const subHelmfileObject = z
  .strictObject({
    path: opt(goString),
    selectors: z.preprocess((v) => v, z.array(goString).nullable().optional()),
    selectorsInherited: opt(goBool),
    inherits: stringList,
    values: anyList,
  })
  .superRefine((hf, ctx) => {
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
  });

const INHERIT_KEYS = [
  "repositories",
  "helmDefaults",
  "commonLabels",
  "apiVersions",
  "kubeVersion",
  "templates",
  "environments",
];

const subHelmfile = z.preprocess((v) => (typeof v === "string" ? { path: v } : v), subHelmfileObject);
/** A parsed `helmfiles:` entry (plain strings become `{path}`). */
export type SubHelmfileEntry = z.infer<typeof subHelmfileObject>;

const repositorySchema = z.strictObject({
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
});

const defaultInherit = z.preprocess((v) => {
  if (v === null || v === undefined) return undefined;
  const list = Array.isArray(v) ? v : [v];
  const out = list.map((x) => (typeof x === "string" ? x.trim() : x)).filter((x) => x !== "");
  return out.length === 0 ? undefined : out;
}, z.array(z.string()).optional());

/** A whole state document (one `---` part). */
export const stateSchema = z.strictObject({
  helmBinary: opt(goString),
  kustomizeBinary: opt(goString),
  values: anyList,
  environments: opt(
    z.record(
      z.string(),
      z.preprocess((v) => (v === null ? {} : v), environmentSpecSchema),
    ),
  ),
  bases: stringList,
  helmDefaults: opt(helmDefaultsSchema),
  helmfiles: opt(z.array(subHelmfile)),
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
      z.preprocess((v) => (v === null ? {} : v), releaseSchema),
    ),
  ),
  defaultInherit,
  missingFileHandler: opt(goString),
  missingFileHandlerConfig: opt(missingFileHandlerConfig),
  lockFilePath: opt(goString),
});
/** A parsed state document. */
export type StateSpec = z.infer<typeof stateSchema>;
