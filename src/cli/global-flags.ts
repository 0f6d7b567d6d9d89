/**
 * helmfile's global (persistent) flags, accepted before or after the command. Every one of
 * helmfile v1.8.0's global flags is here: handled, or refused with what to use instead.
 */
import type { FlagSpec } from "./parse-args";

/** The global flags. */
export const GLOBAL_FLAGS: readonly FlagSpec[] = [
  { name: "helm-binary", short: "b", type: "string" },
  { name: "kustomize-binary", short: "k", type: "string" },
  { name: "file", short: "f", type: "string" },
  { name: "environment", short: "e", type: "string" },
  { name: "state-values-set", type: "stringArray" },
  { name: "state-values-set-string", type: "stringArray" },
  { name: "state-values-file", type: "stringArray" },
  { name: "skip-deps", type: "bool" },
  { name: "skip-refresh", type: "bool" },
  {
    name: "strip-args-values-on-exit-error",
    type: "bool",
    refuse: "secret values are always removed from error messages",
    refuseWhen: false,
  },
  { name: "disable-force-update", type: "bool" },
  {
    name: "enforce-plugin-verification",
    type: "bool",
    refuse: "pulumi-helmfile installs no helm plugins (there is no `init`)",
  },
  { name: "oci-plain-http", type: "bool" },
  { name: "repo-retries", type: "int" },
  { name: "quiet", short: "q", type: "bool" },
  { name: "kubeconfig", type: "string" },
  { name: "kube-context", type: "string" },
  { name: "debug", type: "bool" },
  { name: "color", type: "bool" },
  { name: "no-color", type: "bool" },
  { name: "log-level", type: "string" },
  { name: "namespace", short: "n", type: "string" },
  { name: "chart", short: "c", type: "string" },
  { name: "selector", short: "l", type: "stringArray" },
  { name: "allow-no-matching-release", type: "bool" },
  {
    name: "allow-failed-releases",
    type: "bool",
    refuse: "a release whose chart cannot be prepared fails the command; select the others with -l",
  },
  { name: "enable-live-output", type: "bool" },
  { name: "interactive", short: "i", type: "bool" },
  {
    name: "otel-tracing",
    type: "bool",
    refuse: "no tracing; `--debug` prints each helm command and the loaded state",
  },
  { name: "sequential-helmfiles", type: "bool" },
  { name: "help", short: "h", type: "bool" },
  { name: "version", short: "v", type: "bool" },
];
