/**
 * The "insecure features" switch, like helmfile's `HELMFILE_DISABLE_INSECURE_FEATURES`:
 * when on, templates may not run commands (`exec`, `envExec`), file functions may not reach
 * outside the folder tree of the state being rendered, and remote (go-getter) sources are
 * refused. Each refusal is a {@link PolicyError} naming the function or source and the file.
 *
 * This is the one policy module: every way state can read a file or run a program asks
 * {@link checkAccess} (template file functions, `ref+file://`/`ref+sops://` references through
 * `fetchSecretValue`, `expandSecretRefs` and values files, `exec`-like helpers, post-renderers
 * named by the state, and helmfile hooks through {@link checkHookAllowed}).
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

/** True for the words Go's strconv.ParseBool reads as true (how helmfile reads its switches). */
export function isGoTrue(value: string | undefined): boolean {
  return GO_TRUE.has(value ?? "");
}

/** Resolves the policy from an explicit option, else from the environment (Go ParseBool rules). */
export function resolvePolicy(options: PolicyOptions = {}, env: Environment = {}): SecurityPolicy {
  if (options.disableInsecureFeatures !== undefined) {
    return { disableInsecureFeatures: options.disableInsecureFeatures };
  }
  return { disableInsecureFeatures: isGoTrue(env[DISABLE_INSECURE_FEATURES_ENV]) };
}

const PREFIX = `${DISABLE_INSECURE_FEATURES_ENV} is active, insecure function calls are disabled`;

/** One question to the policy: read a file, run a program, or fetch a remote source. */
export type AccessRequest =
  | {
      readonly kind: "read";
      /** What reads: `readFile`, `ref+file`, … */
      readonly via: string;
      /** Absolute path. */
      readonly path: string;
      /** The folder tree the read must stay in. */
      readonly root: string;
    }
  | {
      readonly kind: "run";
      /** What runs it: `exec`, `postRenderer`, `hooks`, … */
      readonly via: string;
      /** The program, when known (shown in the message). */
      readonly program?: string;
    }
  | { readonly kind: "remote"; readonly source: string };

/** True when the policy allows `request`. */
export function isAccessAllowed(policy: SecurityPolicy, request: AccessRequest): boolean {
  if (!policy.disableInsecureFeatures) return true;
  return request.kind === "read" && isInsideTree(request.root, request.path);
}

/** Throws a {@link PolicyError} when the policy refuses `request`; `where` locates the request. */
export function checkAccess(policy: SecurityPolicy, request: AccessRequest, where: ErrorDetails = {}): void {
  if (isAccessAllowed(policy, request)) return;
  switch (request.kind) {
    case "run": {
      const what = request.program === undefined ? "" : ` (${JSON.stringify(request.program)})`;
      throw new PolicyError(
        POLICY_CODES.exec,
        `${PREFIX}: ${request.via} may not run commands${what}`,
        where,
      );
    }
    case "read":
      throw new PolicyError(
        POLICY_CODES.fileOutsideTree,
        `${PREFIX}: ${request.via} may not read "${request.path}" outside the state's folder "${request.root}"`,
        { ...where, expected: `a path under ${request.root}`, found: request.path },
      );
    case "remote":
      throw new PolicyError(
        POLICY_CODES.remote,
        `remote sources are disabled because ${DISABLE_INSECURE_FEATURES_ENV} is active: "${request.source}"`,
        where,
      );
  }
}

/** Throws when `funcName` (`exec`, `envExec`) may not run commands; `file` is the template. */
export function checkExecAllowed(policy: SecurityPolicy, funcName: string, file?: string): void {
  checkAccess(policy, { kind: "run", via: funcName }, withFile(file));
}

/**
 * Throws when a helmfile hook (`hooks:` of a release or state, `events` such as `prepare`)
 * may not run `command`; for a hooks runner to call before it starts anything.
 */
export function checkHookAllowed(policy: SecurityPolicy, command: string, where: ErrorDetails = {}): void {
  checkAccess(policy, { kind: "run", via: "hooks", program: command }, where);
}

/** Throws when a post-renderer the state names (`postRenderer`) may not run. */
export function checkPostRendererAllowed(
  policy: SecurityPolicy,
  program: string,
  where: ErrorDetails = {},
): void {
  checkAccess(policy, { kind: "run", via: "postRenderer", program }, where);
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
  checkAccess(policy, { kind: "read", via: funcName, path, root }, withFile(file));
}

/** Throws when remote `source` (a go-getter URL) may not be fetched; `file` refers to it. */
export function checkRemoteAllowed(policy: SecurityPolicy, source: string, file?: string): void {
  checkAccess(policy, { kind: "remote", source }, withFile(file));
}

function withFile(file: string | undefined): ErrorDetails {
  return file === undefined || file === "" ? {} : { file };
}
