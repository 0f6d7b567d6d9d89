/**
 * The "insecure features" switch, like helmfile's `HELMFILE_DISABLE_INSECURE_FEATURES`:
 * when on, templates may not run commands (`exec`, `envExec`), file functions may not reach
 * outside the folder tree of the state being rendered, and remote (go-getter) sources are
 * refused. Each refusal is a {@link PolicyError} naming the function or source and the file.
 *
 * helmfile itself refuses `readFile` altogether under this switch; we keep reads inside the
 * state's own folder tree working, since a state reading its own values files is not the
 * risk the switch guards against (untrusted state reaching the rest of the machine).
 */
import { HelmfileError, type ErrorDetails } from "./errors";
import type { Environment } from "./io";

/** The environment variable helmfile reads (Go `strconv.ParseBool` truthy values turn it on). */
export const DISABLE_INSECURE_FEATURES_ENV = "HELMFILE_DISABLE_INSECURE_FEATURES";

/** Stable codes of policy refusals. */
export const POLICY_CODES = {
  exec: "POLICY_INSECURE_EXEC",
  fileOutsideTree: "POLICY_FILE_OUTSIDE_TREE",
  remote: "POLICY_REMOTE_SOURCE",
} as const;

/** Raised when the security policy refuses an operation. */
export class PolicyError extends HelmfileError {}

/** What the loader and template functions may do. */
export interface SecurityPolicy {
  /** True when insecure features are disabled. Default false (helmfile's default). */
  readonly disableInsecureFeatures: boolean;
}

/** Options of {@link resolvePolicy}. */
export interface PolicyOptions {
  /** Forces the switch on or off; default: the {@link DISABLE_INSECURE_FEATURES_ENV} variable. */
  readonly disableInsecureFeatures?: boolean;
}

const GO_TRUE = new Set(["1", "t", "T", "TRUE", "true", "True"]);

/** Resolves the policy from an explicit option, else from the environment (Go ParseBool rules). */
export function resolvePolicy(options: PolicyOptions = {}, env: Environment = {}): SecurityPolicy {
  if (options.disableInsecureFeatures !== undefined) {
    return { disableInsecureFeatures: options.disableInsecureFeatures };
  }
  return { disableInsecureFeatures: GO_TRUE.has(env[DISABLE_INSECURE_FEATURES_ENV] ?? "") };
}

const PREFIX = `${DISABLE_INSECURE_FEATURES_ENV} is active, insecure function calls are disabled`;

/** Throws when `funcName` (`exec`, `envExec`) may not run commands; `file` is the template. */
export function checkExecAllowed(policy: SecurityPolicy, funcName: string, file?: string): void {
  if (!policy.disableInsecureFeatures) return;
  throw new PolicyError(POLICY_CODES.exec, `${PREFIX}: ${funcName} may not run commands`, withFile(file));
}

/** True when `path` (absolute, POSIX) is `root` or below it, after resolving `.` and `..`. */
export function isInsideTree(root: string, path: string): boolean {
  const r = normalizeAbs(root);
  const p = normalizeAbs(path);
  return r === "/" || p === r || p.startsWith(`${r}/`);
}

function normalizeAbs(path: string): string {
  const out: string[] = [];
  for (const part of path.replace(/\\/g, "/").split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") out.pop();
    else out.push(part);
  }
  return `/${out.join("/")}`;
}

/**
 * Throws when `funcName` may not read `path` (absolute): outside `root`, the folder tree of
 * the state being rendered. `file` is the template the call is in.
 */
export function checkFileAllowed(
  policy: SecurityPolicy,
  funcName: string,
  path: string,
  root: string,
  file?: string,
): void {
  if (!policy.disableInsecureFeatures || isInsideTree(root, path)) return;
  throw new PolicyError(
    POLICY_CODES.fileOutsideTree,
    `${PREFIX}: ${funcName} may not read "${path}" outside the state's folder "${root}"`,
    { ...withFile(file), expected: `a path under ${root}`, found: path },
  );
}

/** Throws when remote `source` (a go-getter URL) may not be fetched; `file` refers to it. */
export function checkRemoteAllowed(policy: SecurityPolicy, source: string, file?: string): void {
  if (!policy.disableInsecureFeatures) return;
  throw new PolicyError(
    POLICY_CODES.remote,
    `remote sources are disabled because ${DISABLE_INSECURE_FEATURES_ENV} is active: "${source}"`,
    withFile(file),
  );
}

function withFile(file: string | undefined): ErrorDetails {
  return file === undefined || file === "" ? {} : { file };
}
