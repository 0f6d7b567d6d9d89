/**
 * helmfile's `exec` and `envExec`: run a command in the base path and return its stdout.
 * Arguments and environment values must be strings; a non-zero exit is an error that
 * carries the command, its arguments, the exit status and the output, like helmfile's.
 */
import { FuncError, isGoMap, typeName, type GoValue, type TemplateEnv } from "../../types";
import { formatV } from "../sprig/format-v";

function indent(text: string, prefix: string): string {
  const lines = text.split("\n");
  let out = "";
  lines.forEach((line, i) => {
    if (i > 0 && i < lines.length - 1 && line !== "") out += "\n";
    if (line !== "") out += prefix + line;
  });
  return out;
}

function exitMessage(
  command: string,
  args: readonly string[],
  status: number,
  stderr: string,
  combined: string,
): string {
  let out = `PATH:\n${indent(command, "  ")}`;
  out += "\n\nARGS:";
  [command, ...args].forEach((a, i) => {
    out += `\n${indent(`${i}: ${a} (${Buffer.byteLength(a)} bytes)`, "  ")}`;
  });
  out += `\n\nERROR:\n${indent(`exit status ${status}`, "  ")}`;
  out += `\n\nEXIT STATUS\n${indent(String(status), "  ")}`;
  if (stderr.length > 0) out += `\n\nSTDERR:\n${indent(stderr, "  ")}`;
  if (combined.length > 0) out += `\n\nCOMBINED OUTPUT:\n${indent(combined, "  ")}`;
  return `command ${JSON.stringify(command)} exited with non-zero status:\n\n${out}`;
}

function stringArgs(args: GoValue): string[] {
  if (args === null) return [];
  if (!Array.isArray(args))
    throw new FuncError(`unexpected type of args "${typeName(args)}": expected a list`);
  return args.map((a, i) => {
    if (typeof a !== "string") {
      throw new FuncError(`unexpected type of arg "${typeName(a)}" in args ${formatV(args)} at index ${i}`);
    }
    return a;
  });
}

function stringEnvs(envs: GoValue): Record<string, string> | undefined {
  if (envs === null) return undefined;
  if (!isGoMap(envs)) throw new FuncError(`unexpected type of envs "${typeName(envs)}": expected a map`);
  const out: Record<string, string> = {};
  for (const k of Object.keys(envs).sort()) {
    const v = envs[k] as GoValue;
    if (typeof v !== "string") {
      throw new FuncError(`unexpected type of env "${typeName(v)}" in envs ${formatV(envs)} at index ${k}`);
    }
    out[k] = v;
  }
  return out;
}

/** `envExec(envs, command, args, [input])`; `exec` is the same with nil envs. */
export function envExec(
  env: TemplateEnv,
  envs: GoValue,
  command: string,
  args: GoValue,
  inputs: readonly GoValue[],
): string {
  const input = typeof inputs[0] === "string" ? inputs[0] : "";
  const argv = stringArgs(args);
  const extra = stringEnvs(envs);
  if (env.process === undefined)
    throw new FuncError(
      `cannot run ${JSON.stringify(command)}: no process runner was given to the template engine`,
    );
  const childEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries(env.environ ?? {})) if (v !== undefined) childEnv[k] = v;
  if (extra !== undefined) Object.assign(childEnv, extra);
  const result = env.process.runSync(command, argv, {
    ...(env.basePath !== undefined && env.basePath !== "" ? { cwd: env.basePath } : {}),
    env: childEnv,
    ...(input !== "" ? { input } : {}),
  });
  if (result.exitCode !== 0) {
    throw new FuncError(
      exitMessage(command, argv, result.exitCode, result.stderr, result.stdout + result.stderr),
    );
  }
  return result.stdout;
}
