/**
 * The environment the Pulumi CLI runs with and where a self-managed backend keeps the stack's
 * state: what both the stack (./stack.ts) and the CLI's early read of the state
 * (./cli-request.ts) need, without the modules of the stack itself.
 */
import type { LocalStateLocation } from "./local-state";
import { callerEnvironment, type ResolvedStackOptions } from "./options";

/** The engine's "as many steps at once as there are" (`--parallel` at its maximum, math.MaxInt32). */
export const UNBOUNDED_PARALLELISM = 2 ** 31 - 1;

/** The Kubernetes provider's client rate limit the engine runs with (requests a second, and bursts). */
export const K8S_CLIENT_QPS = 1000;
export const K8S_CLIENT_BURST = 2000;

/** Go's `GOGC` for the engine and its plugins (Go's default is 100). */
export const ENGINE_GOGC = 200;

/**
 * The environment the Pulumi CLI runs with: offline plugins, no update check, a passphrase, one
 * state write per operation, no bound on the steps run at once and the Kubernetes provider's client
 * rate limit raised, Go's collector run less often. A `PULUMI_SKIP_CHECKPOINTS`, `PULUMI_PARALLEL`,
 * `PULUMI_K8S_CLIENT_QPS`, `PULUMI_K8S_CLIENT_BURST` or `GOGC` of the caller's environment wins.
 */
export function engineEnvironment(options: ResolvedStackOptions, builtEngine = true): Record<string, string> {
  // What the caller set: the process's environment with the options' variables over it.
  const given = callerEnvironment(options);
  // The built engine runs offline with its private home's plugins; a user's own CLI keeps its settings.
  const env: Record<string, string> = builtEngine
    ? {
        PULUMI_SKIP_UPDATE_CHECK: "true",
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
        PULUMI_IGNORE_AMBIENT_PLUGINS: "true",
      }
    : { PULUMI_SKIP_UPDATE_CHECK: "true" };
  // By default the engine writes the whole state after every step (twice for a create): O(steps
  // x state size). Measured on 12 releases of real-shaped charts applied to a cluster, that was 17
  // of the engine's 21 s of CPU, and the state of a release with large CRDs is megabytes. The state
  // is written once instead, when the operation ends: also when a step fails and when the run is
  // cancelled (SIGINT/SIGTERM: src/node/process-cleanup.ts lets the engine save before its plugins
  // stop). Only a run killed outright loses what it did: every object is applied by server-side
  // apply under one field manager, so the next `up` creates it again over the one that exists
  // (docs/component.md, "State writes").
  if (given.PULUMI_SKIP_CHECKPOINTS === undefined) env.PULUMI_SKIP_CHECKPOINTS = "true";
  // helmfile runs every release at once (--concurrency 0) and helm waits for each hook Job in its
  // own process. The engine runs at most PULUMI_PARALLEL steps at once (4 per core by default) and
  // an awaited Job holds its step while it runs: 12 releases' hook Jobs ran in waves of 8.
  if (options.concurrency !== undefined && options.concurrency > 0)
    env.PULUMI_PARALLEL = String(options.concurrency);
  else if (given.PULUMI_PARALLEL === undefined) env.PULUMI_PARALLEL = String(UNBOUNDED_PARALLELISM);
  // The Kubernetes provider's client sends at most 50 requests a second (bursts of 120), and the
  // engine deletes each object with three (the DELETE, then a list and a watch until it is gone):
  // 12 releases of real-shaped charts (~440 objects) took 24 s to destroy at that rate, 6.3 s at
  // 200/400 and 3.8 s at 1000/2000 (helmfile destroy 2.8 s). The API server's own priority and
  // fairness still bounds what each client may have in flight.
  // The engine and the Kubernetes provider (Go, which inherits it) spend much of their CPU in Go's
  // garbage collector: every object's inputs and outputs are copied several times. A first `up` of
  // the public charts on a fresh cluster (254 objects), one run each: at Go's default (100) the
  // engine used 8.6 s of CPU and the provider 5.5 s (peaks 695 and 419 MB); at 200, 7.1 s and
  // 4.4 s (936 and 505 MB); at 400, 6.4 s and 4.2 s (1,099 and 707 MB).
  if (given.GOGC === undefined) env.GOGC = String(ENGINE_GOGC);
  if (given.PULUMI_K8S_CLIENT_QPS === undefined) env.PULUMI_K8S_CLIENT_QPS = String(K8S_CLIENT_QPS);
  if (given.PULUMI_K8S_CLIENT_BURST === undefined) env.PULUMI_K8S_CLIENT_BURST = String(K8S_CLIENT_BURST);
  if (options.secretsProvider === "passphrase" && given.PULUMI_CONFIG_PASSPHRASE_FILE === undefined) {
    env.PULUMI_CONFIG_PASSPHRASE = given.PULUMI_CONFIG_PASSPHRASE ?? "";
  }
  return { ...env, ...(options.envVars ?? {}) };
}

/** Where a self-managed backend keeps the stack's state (./local-state.ts). */
export function stateLocation(options: ResolvedStackOptions): LocalStateLocation {
  return {
    backendUrl: options.backendUrl,
    projectName: options.projectName,
    stackName: options.stackName,
    secretsProvider: options.secretsProvider,
    env: { ...process.env, ...engineEnvironment(options) },
  };
}
