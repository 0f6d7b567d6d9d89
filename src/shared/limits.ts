/**
 * Resource limits that keep hostile or broken state from hanging or exhausting the process:
 * template recursion depth, the size of one template's output, and timeouts on template
 * `exec` and on each helm call. One options object with documented defaults; every limit
 * hit raises a {@link LimitError} whose `code` names the limit.
 */
import { ConfigError, HelmfileError, type ErrorDetails } from "./errors";
import type { CommandOptions, CommandResult, Environment, ProcessRunner } from "./io";

/** Stable codes of the errors raised when a limit is hit. */
export const LIMIT_CODES = {
  templateDepth: "LIMIT_TEMPLATE_DEPTH",
  outputSize: "LIMIT_OUTPUT_SIZE",
  execTimeout: "LIMIT_EXEC_TIMEOUT",
  helmTimeout: "LIMIT_HELM_TIMEOUT",
  collectionSize: "LIMIT_COLLECTION_SIZE",
  subhelmfileDepth: "LIMIT_SUBHELMFILE_DEPTH",
  valuesDepth: "LIMIT_VALUES_DEPTH",
} as const;

/**
 * Most elements a template function may generate in one list (`until`, `untilStep`, `seq`):
 * 1048576. Go and sprig have no bound (`seq 1 100000000` allocates gigabytes there too);
 * a generated string is bounded by the template output limit instead.
 */
export const MAX_GENERATED_ELEMENTS = 1 << 20;

/**
 * Deepest nesting accepted where a path given on the command line builds the value
 * tree (`--state-values-set a.a.a…`, `--set a[0][0]…`): 1000. Go has no bound
 * there (its 1 GB goroutine stack takes 40000 levels); deeper trees would exhaust the
 * JavaScript stack in later recursive stages, so they are refused where they are built.
 */
export const MAX_VALUES_DEPTH = 1000;

/** Raised when a configured limit is exceeded; `code` is one of {@link LIMIT_CODES}. */
export class LimitError extends HelmfileError {}

/** The limits, all resolved (see {@link resolveLimits} for the defaults). */
export interface Limits {
  /**
   * Maximum nesting of `template`/`include`/`tpl` calls in one render. Default 100000, Go's
   * own `maxExecDepth` in text/template (the JavaScript stack usually runs out first; that
   * is reported with the same code).
   */
  readonly templateDepth: number;
  /** Maximum characters one template render may produce. Default 64 Mi (67108864). */
  readonly outputSize: number;
  /** Milliseconds one template `exec`/`envExec` command may run. Default 300000 (5 minutes); 0 disables. */
  readonly execTimeoutMs: number;
  /** Milliseconds one helm call may run. Default 600000 (10 minutes); 0 disables. */
  readonly helmTimeoutMs: number;
}

/** Caller-given limits: any subset of {@link Limits}. */
export type LimitsOptions = Partial<Limits>;

/** The default limits. */
export const DEFAULT_LIMITS: Limits = Object.freeze({
  templateDepth: 100000,
  outputSize: 64 * 1024 * 1024,
  execTimeoutMs: 300000,
  helmTimeoutMs: 600000,
});

/** Environment variables that override the defaults (caller options still win). */
export const LIMIT_ENV_VARS: Readonly<Record<keyof Limits, string>> = {
  templateDepth: "PULUMI_HELMFILE_MAX_TEMPLATE_DEPTH",
  outputSize: "PULUMI_HELMFILE_MAX_TEMPLATE_OUTPUT",
  execTimeoutMs: "PULUMI_HELMFILE_EXEC_TIMEOUT_MS",
  helmTimeoutMs: "PULUMI_HELMFILE_HELM_TIMEOUT_MS",
};

function checked(name: string, value: number, source: string): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new ConfigError("CONFIG_INVALID_LIMIT", `limit ${name} must be a non-negative integer`, {
      keyPath: [name],
      expected: "a non-negative integer",
      found: `${String(value)} (from ${source})`,
    });
  }
  return value;
}

/**
 * Resolves limits: `options` first, then the environment variables of
 * {@link LIMIT_ENV_VARS}, then {@link DEFAULT_LIMITS}. Throws a `ConfigError`
 * (`CONFIG_INVALID_LIMIT`) for a negative or non-integer value.
 */
export function resolveLimits(options: LimitsOptions = {}, env: Environment = {}): Limits {
  const out: Record<keyof Limits, number> = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(DEFAULT_LIMITS) as (keyof Limits)[]) {
    const given = options[key];
    const fromEnv = env[LIMIT_ENV_VARS[key]];
    if (given !== undefined) out[key] = checked(key, given, "options");
    else if (fromEnv !== undefined && fromEnv !== "") {
      out[key] = checked(key, /^\d+$/.test(fromEnv) ? Number(fromEnv) : NaN, LIMIT_ENV_VARS[key]);
    }
  }
  return out;
}

/** Creates the error for an exceeded limit with the limit's name and value in the message. */
export function limitError(
  code: (typeof LIMIT_CODES)[keyof typeof LIMIT_CODES],
  message: string,
  details: ErrorDetails = {},
): LimitError {
  return new LimitError(code, message, details);
}

function timeoutError(
  kind: "exec" | "helm",
  command: string,
  args: readonly string[],
  ms: number,
): LimitError {
  const shown = shortCommand(command, args);
  return kind === "exec"
    ? limitError(
        LIMIT_CODES.execTimeout,
        `exec command "${shown}" did not finish within ${ms} ms (limit execTimeoutMs)`,
      )
    : limitError(
        LIMIT_CODES.helmTimeout,
        `helm call "${shown}" did not finish within ${ms} ms (limit helmTimeoutMs)`,
      );
}

function shortCommand(command: string, args: readonly string[]): string {
  const text = [command, ...args].join(" ");
  return text.length <= 120 ? text : `${text.slice(0, 119)}…`;
}

/** Extra time a runner gets past its own timeout before the wrapper gives up on it. */
const GRACE_MS = 2000;

/**
 * Wraps a {@link ProcessRunner} so each synchronous command (template `exec`) gets the
 * `execTimeoutMs` limit and each asynchronous one (helm) the `helmTimeoutMs` limit. A
 * command that runs out of time raises a {@link LimitError} instead of returning; an async
 * command whose runner does not stop it (a child keeping the pipes open) is abandoned
 * shortly after the limit so the caller never hangs.
 */
export function withProcessLimits(
  runner: ProcessRunner,
  limits: Pick<Limits, "execTimeoutMs" | "helmTimeoutMs">,
): ProcessRunner {
  return {
    runSync(command: string, args: readonly string[], options: CommandOptions = {}): CommandResult {
      const ms = limits.execTimeoutMs;
      if (ms === 0) return runner.runSync(command, args, options);
      const started = Date.now();
      const result = runner.runSync(command, args, { ...options, timeoutMs: options.timeoutMs ?? ms });
      if (result.exitCode !== 0 && Date.now() - started >= ms) throw timeoutError("exec", command, args, ms);
      return result;
    },
    async run(
      command: string,
      args: readonly string[],
      options: CommandOptions = {},
    ): Promise<CommandResult> {
      const ms = limits.helmTimeoutMs;
      if (ms === 0) return runner.run(command, args, options);
      const started = Date.now();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const abandoned = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(timeoutError("helm", command, args, ms)), ms + GRACE_MS);
        timer.unref?.();
      });
      try {
        const result = await Promise.race([
          runner.run(command, args, { ...options, timeoutMs: options.timeoutMs ?? ms }),
          abandoned,
        ]);
        if (result.exitCode !== 0 && Date.now() - started >= ms)
          throw timeoutError("helm", command, args, ms);
        return result;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
