/**
 * Flags of the stack commands, kept apart from ./cli-commands.ts so the CLI's command table
 * and `--help` never load the Pulumi SDK. helmfile's `diff`/`apply`/`sync`/`destroy` flags
 * that have no Pulumi counterpart are listed too, refused with what to use instead.
 */
import type { FlagSpec } from "../cli/parse-args";

const HELM_ARGS_HINT =
  "Pulumi, not helm, applies the manifests; set helm options in the state (helmDefaults/release fields)";
const DIFF_HINT = "preview prints Pulumi's per-release summary; use --json for machine-readable output";
const APPLY_HINT = "Pulumi waits for each resource and reports failures itself";

/** Flags every stack command adds to the global ones. */
export const STACK_COMMAND_FLAGS: readonly FlagSpec[] = [
  { name: "stack", type: "string" },
  { name: "project", type: "string" },
  { name: "backend", type: "string" },
  { name: "json", type: "bool" },
  { name: "render-to-directory", type: "string" },
  { name: "apply-to-cluster", type: "bool" },
  { name: "project-dir", type: "string" },
  { name: "include-needs", type: "bool" },
  { name: "include-transitive-needs", type: "bool" },
  { name: "skip-needs", type: "bool" },
  { name: "skip-crds", type: "bool" },
  { name: "suppress-secrets", type: "bool", refuse: "secret values are always hidden", refuseWhen: false },
  {
    name: "concurrency",
    type: "int",
    help: "releases rendered and resources changed at once (0: no limit on changes)",
  },
  {
    name: "enforce-needs-are-installed",
    type: "bool",
    refuse: "use --include-needs; Pulumi orders releases by needs",
  },
  { name: "post-renderer", type: "string", refuse: "set postRenderer in the state file" },
  { name: "post-renderer-args", type: "stringArray", refuse: "set postRendererArgs in the state file" },
  { name: "template-args", type: "string", refuse: HELM_ARGS_HINT },
  { name: "no-hooks", type: "bool", refuse: HELM_ARGS_HINT },
  { name: "include-tests", type: "bool", refuse: HELM_ARGS_HINT },
  { name: "validate", type: "bool", refuse: "the cluster validates what `up` applies" },
  { name: "reset-values", type: "bool", refuse: "values always come from the state; nothing is reused" },
  { name: "reuse-values", type: "bool", refuse: "values always come from the state; nothing is reused" },
  { name: "server-side", type: "string", refuse: HELM_ARGS_HINT },
  { name: "take-ownership", type: "bool", refuse: HELM_ARGS_HINT },
  { name: "skip-schema-validation", type: "bool", refuse: HELM_ARGS_HINT },
  { name: "skip-cleanup", type: "bool", refuse: "temporary files are always removed" },
];

/** helmfile's per-run value and helm flags of `diff`/`apply`/`sync` (src/emit/command-line.ts). */
const RELEASE_OVERRIDE_FLAGS: readonly FlagSpec[] = [
  { name: "set", type: "stringArray", help: "helm --set for every release, after the release's own" },
  { name: "values", type: "stringArray", help: "values file for every release, after the release's own" },
  { name: "args", type: "string", help: "extra helm arguments for every release's render" },
];

/** helmfile's diff-output flags of `diff`/`apply`: a few accepted (see each), the rest refused. */
const DIFF_FLAGS: readonly FlagSpec[] = [
  {
    name: "context",
    type: "int",
    help: "accepted for helmfile's scripts; the per-release summary has no context lines",
  },
  { name: "diff-args", type: "string", refuse: DIFF_HINT },
  { name: "output", type: "string", refuse: DIFF_HINT },
  { name: "show-secrets", type: "bool", refuse: "secret values are always hidden" },
  { name: "suppress", type: "stringArray", refuse: DIFF_HINT },
  { name: "suppress-output-line-regex", type: "stringArray", refuse: DIFF_HINT },
  { name: "strip-trailing-cr", type: "bool", refuse: DIFF_HINT },
  {
    name: "skip-diff-on-install",
    type: "bool",
    help: "accepted for helmfile's scripts; a new release is listed as created, never diffed",
  },
  { name: "skip-diff-validation-on-install", type: "bool", refuse: DIFF_HINT },
];

/** Flags of `preview` only. */
export const PREVIEW_FLAGS: readonly FlagSpec[] = [
  { name: "detailed-exitcode", type: "bool" },
  {
    name: "engine-diff",
    type: "bool",
    help: "run the engine's diff even when every release is as the stack's record has it",
  },
  {
    name: "forget-helm-releases",
    type: "bool",
    help: "mode manifests: delete helm's release records of adopted releases (`helm list` forgets them)",
  },
  ...RELEASE_OVERRIDE_FLAGS,
  ...DIFF_FLAGS,
];

/** Flags of `up` only (helmfile's `apply`/`sync` flags). */
export const UP_FLAGS: readonly FlagSpec[] = [
  { name: "detailed-exitcode", type: "bool" },
  {
    name: "engine-diff",
    type: "bool",
    help: "apply every release through the engine, also those the stack's record has as they are",
  },
  {
    name: "forget-helm-releases",
    type: "bool",
    help: "mode manifests: delete helm's release records of adopted releases (`helm list` forgets them)",
  },
  ...RELEASE_OVERRIDE_FLAGS,
  ...DIFF_FLAGS,
  {
    name: "suppress-diff",
    type: "bool",
    help: "accepted for helmfile's scripts; up prints no diff, only the summary",
  },
  { name: "description", type: "string", refuse: "Pulumi records each update in the stack history" },
  { name: "hide-notes", type: "bool", refuse: "chart NOTES are never printed" },
  { name: "sync-args", type: "string", refuse: HELM_ARGS_HINT },
  { name: "sync-release-labels", type: "bool", refuse: HELM_ARGS_HINT },
  { name: "timeout", type: "int", help: "seconds each release may wait (over the state's timeout)" },
  { name: "wait", type: "bool", help: "every release waits for its objects to be ready, as helm --wait" },
  { name: "wait-for-jobs", type: "bool", help: "every waiting release also waits for its Jobs" },
  { name: "helm-stuck-grace", type: "int", refuse: APPLY_HINT },
  { name: "cascade", type: "string", refuse: APPLY_HINT },
  { name: "track-mode", type: "string", refuse: APPLY_HINT },
  { name: "track-timeout", type: "int", refuse: APPLY_HINT },
  { name: "track-logs", type: "bool", refuse: APPLY_HINT },
  { name: "track-failed-logs", type: "bool", refuse: APPLY_HINT },
  { name: "track-fail-on-error", type: "bool", refuse: APPLY_HINT },
];

/** Flags of `destroy` only (helmfile's `destroy` flags). */
export const DESTROY_FLAGS: readonly FlagSpec[] = [
  { name: "args", type: "string", refuse: "Pulumi, not helm, deletes the objects" },
  { name: "cascade", type: "string", refuse: APPLY_HINT },
  { name: "deleteTimeout", type: "int", refuse: APPLY_HINT },
  { name: "deleteWait", type: "bool", refuse: APPLY_HINT },
  { name: "skip-charts", type: "bool", refuse: "destroy needs the rendered releases to know what to delete" },
];
