/**
 * `ref+exec://COMMAND/ARG/…` as vals v0.46 runs it (pkg/providers/exec): the first path segment is
 * the command and the others its arguments (a path that starts with `/` is a command of its own),
 * `args=a,b` appends more, `env_X=v` adds to the environment, `timeout` in seconds (default 30), and
 * the output's trailing white space is trimmed unless `trim=false`; a fragment reads the output as
 * YAML. It runs a program the state names, so it is refused unless the user opts in with
 * `PULUMI_HELMFILE_INSECURE_REFS=true`, and always under `HELMFILE_DISABLE_INSECURE_FEATURES`
 * (docs/secrets.md).
 */
import { spawnSync } from "node:child_process";
import type { RefBackend } from "../secrets/ref-backends";
import type { SecretRef } from "../secrets/secret-ref";
import { SecretError } from "../shared/errors";
import type { Environment } from "../shared/io";
import { isMap, newMap } from "../shared/value";
import { decodeYaml } from "../shared/yaml/decode";

/** What allows references to run programs: the user's opt-in, and the policy not refusing insecure features. */
export interface ExecAllowance {
  /** `PULUMI_HELMFILE_INSECURE_REFS` (src/shared/settings.ts `insecureRefs`). */
  readonly optedIn: boolean;
  /** `HELMFILE_DISABLE_INSECURE_FEATURES` (the settings' `policy`). */
  readonly disabledByPolicy: boolean;
}

function failure(ref: SecretRef, reason: string): SecretError {
  return new SecretError("SECRET_REF_FAILED", `expand ${ref.key}: ${reason}`);
}

function run(ref: SecretRef, env: Environment): string {
  const path = ref.path.replace(/\/+$/, "");
  const parts = path.startsWith("/") ? [path] : path.split("/");
  const command = parts[0] ?? "";
  if (command === "") throw failure(ref, "exec provider: empty command");
  const args = [...parts.slice(1), ...(ref.params.get("args") ?? "").split(",").filter((a) => a !== "")];
  const extra: Record<string, string> = {};
  for (const [k, v] of ref.params) if (k.startsWith("env_")) extra[k.slice(4)] = v;
  const seconds = Number(ref.params.get("timeout") ?? "30");
  const r = spawnSync(command, args, {
    env: { ...env, ...extra },
    encoding: "utf8",
    timeout: (Number.isFinite(seconds) && seconds > 0 ? seconds : 30) * 1000,
    maxBuffer: 64 << 20,
  });
  if (r.error !== undefined || r.status !== 0) {
    const why =
      r.error !== undefined
        ? r.error.message
        : r.signal !== null
          ? `signal: ${r.signal}`
          : `exit status ${String(r.status)}`;
    // The command's stderr is its own words (it may echo what it read): only whether there was some.
    throw failure(
      ref,
      `exec provider: command "${command}" failed: ${why}${r.stderr ? " (stderr withheld)" : ""}`,
    );
  }
  const out = r.stdout;
  return ref.params.get("trim") === "false" ? out : out.replace(/[ \t\n\r]+$/, "");
}

/** The exec backend: programs run with `env`, refused unless the user opted in and the policy allows it. */
export function execBackend(env: Environment, allowance: ExecAllowance): RefBackend {
  const allowed = allowance.optedIn && !allowance.disabledByPolicy;
  const refuse = (ref: SecretRef): never => {
    throw new SecretError(
      "SECRET_BACKEND_UNSUPPORTED",
      `secret reference backend "exec" is refused: it runs a program named by the state (${ref.path.split("/")[0] ?? ""}); set PULUMI_HELMFILE_INSECURE_REFS=true to allow it${allowance.disabledByPolicy ? " (and unset HELMFILE_DISABLE_INSECURE_FEATURES, which refuses it always)" : ""}`,
      { found: "exec" },
    );
  };
  return {
    getString(ref) {
      if (!allowed) return refuse(ref);
      return run(ref, env);
    },
    getStringMap(ref, ctx) {
      if (!allowed) return refuse(ref);
      const out = run(ref, env);
      let v: unknown;
      try {
        v = decodeYaml(out, { version: ctx.yamlVersion });
      } catch {
        throw failure(ref, "exec provider: failed to parse output as YAML/JSON");
      }
      if (v === null) return newMap();
      if (!isMap(v)) throw failure(ref, "exec provider: failed to parse output as YAML/JSON");
      return v;
    },
  };
}
