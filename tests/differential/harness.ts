/**
 * What the differential suite's two sides share: the case layout, the four commands and their
 * flags, the run environment and the normalisation. `scripts/regen-differential.ts` runs the
 * real helmfile with it; `differential.test.ts` runs our CLI with it. Both run in a fresh copy
 * of the case (`<run>/cases/<id>/state`, `<run>/charts`), so nothing is written to the tree.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  statSync,
  symlinkSync,
} from "node:fs";
import { execFileSync } from "node:child_process";
import { homedir } from "node:os";
import { join, relative } from "node:path";
import { isDeepStrictEqual } from "node:util";

/** The helmfile version the expected outputs were generated with; the one place it is pinned. */
export const PINNED_HELMFILE_VERSION = "v1.8.0";

export const DIFF_DIR = __dirname;
export const CASES_DIR = join(__dirname, "cases");
export const CHARTS_DIR = join(__dirname, "charts");
export const REPOS_DIR = join(__dirname, "repos");
export const METADATA_FILE = join(__dirname, "metadata.json");
export const DEVIATIONS_FILE = join(__dirname, "deviations.json");

/** `case.json`: the state file and the flags of one case. */
export interface CaseSpec {
  readonly family: string;
  readonly stateFile: string;
  /** Global flags, given before the command. */
  readonly args: readonly string[];
  /** Flags given to `template` only. */
  readonly templateArgs: readonly string[];
}

export const COMMANDS = ["template", "build", "list", "write-values"] as const;

/** The engine cache's bin folder, where scripts/build-chartify.sh puts kustomize and pulumi-helmfile-chartify. */
const CACHE_BIN = join(
  process.env.PULUMI_HELMFILE_PULUMI_ROOT ?? join(homedir(), ".cache", "pulumi-helmfile"),
  "bin",
);

/**
 * The kustomize both sides run (linked into the helm folder on their PATH): `PULUMI_HELMFILE_KUSTOMIZE`,
 * else the one scripts/build-chartify.sh built.
 */
export const KUSTOMIZE_BINARY = process.env.PULUMI_HELMFILE_KUSTOMIZE ?? join(CACHE_BIN, "kustomize");

/** Our chartify program (scripts/build-chartify.sh). */
export const CHARTIFY_BINARY =
  process.env.PULUMI_HELMFILE_CHARTIFY ?? join(CACHE_BIN, "pulumi-helmfile-chartify");

/** A folder on the runs' PATH with `helm` and `kustomize`. */
export function makeToolDir(dir: string, helm: string): void {
  mkdirSync(dir, { recursive: true });
  symlinkSync(helm, join(dir, "helm"));
  symlinkSync(KUSTOMIZE_BINARY, join(dir, "kustomize"));
}
export type CommandName = (typeof COMMANDS)[number];
export type HelmMajor = 3 | 4;

/** One command's outcome, normalised. `files` only for write-values (path relative to `$OUT`). */
export interface Outcome {
  readonly stdout: string;
  readonly stderr: string;
  readonly status: number;
  readonly files: Record<string, string>;
}

/** The folders of one run of one case. */
export interface RunDirs {
  readonly root: string;
  readonly stateDir: string;
  readonly outDir: string;
  readonly tempDir: string;
  readonly home: string;
  /** The folder whose `helm` is the helm of this run (helmfile prints its absolute path in errors). */
  readonly helmDir: string;
}

export function listCaseIds(): string[] {
  return readdirSync(CASES_DIR)
    .filter((d) => existsSync(join(CASES_DIR, d, "case.json")))
    .sort();
}

export function readSpec(id: string): CaseSpec {
  return JSON.parse(readFileSync(join(CASES_DIR, id, "case.json"), "utf8")) as CaseSpec;
}

/** Copies the case's state and the charts under `root` (a fresh temporary folder). */
export function prepareRun(root: string, id: string, command: CommandName, helmDir: string): RunDirs {
  const stateDir = join(root, "cases", id, "state");
  if (!existsSync(join(root, "charts"))) cpSync(CHARTS_DIR, join(root, "charts"), { recursive: true });
  if (!existsSync(join(root, "repos"))) makeRepositories(join(root, "repos"));
  cpSync(join(CASES_DIR, id, "state"), stateDir, { recursive: true });
  const dirs: RunDirs = {
    root,
    stateDir,
    outDir: join(root, "out", id, command),
    tempDir: join(root, "hftmp", id, command),
    home: join(root, "home"),
    helmDir,
  };
  for (const d of [dirs.outDir, dirs.tempDir, dirs.home]) mkdirSync(d, { recursive: true });
  return dirs;
}

function git(cwd: string, ...args: string[]): void {
  execFileSync("git", args, {
    cwd,
    stdio: "ignore",
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: cwd,
      GIT_AUTHOR_NAME: "t",
      GIT_AUTHOR_EMAIL: "t@example.com",
      GIT_COMMITTER_NAME: "t",
      GIT_COMMITTER_EMAIL: "t@example.com",
      GIT_AUTHOR_DATE: "2026-01-01T00:00:00Z",
      GIT_COMMITTER_DATE: "2026-01-01T00:00:00Z",
    },
  });
}

/** `<dir>/<name>.git` for every repository source of tests/differential/repos (see its README). */
function makeRepositories(dir: string): void {
  for (const name of readdirSync(REPOS_DIR).filter((n) => statSync(join(REPOS_DIR, n)).isDirectory())) {
    const work = join(dir, `${name}-work`);
    cpSync(join(REPOS_DIR, name, "v1"), work, { recursive: true });
    cpSync(join(CHARTS_DIR, "cm"), join(work, "states", "charts", "cm"), { recursive: true });
    git(work, "init", "-q", "-b", "main");
    git(work, "add", "-A");
    git(work, "commit", "-q", "-m", "v1");
    git(work, "tag", "v1");
    cpSync(join(REPOS_DIR, name, "main"), work, { recursive: true });
    git(work, "add", "-A");
    git(work, "commit", "-q", "-m", "main");
    git(dir, "clone", "-q", "--bare", work, join(dir, `${name}.git`));
  }
}

/** The argv after the program name, run with the state folder as cwd. */
export function argvFor(spec: CaseSpec, command: CommandName, dirs: RunDirs): string[] {
  const global = ["-f", spec.stateFile, ...spec.args];
  switch (command) {
    case "template":
      return [...global, "template", "--skip-deps", "--concurrency=1", ...spec.templateArgs];
    case "build":
      return [...global, "build"];
    case "list":
      return [...global, "list", "--output", "json"];
    case "write-values":
      return [
        ...global,
        "write-values",
        "--concurrency=1",
        "--output-file-template",
        `${dirs.outDir}/{{ .Release.Name }}.yaml`,
      ];
  }
}

/**
 * The environment of both sides: helm found as `helm` on PATH (so `build` prints
 * `helmBinary: helm`), a private HOME, helmfile's stable temp names and no upgrade notice.
 */
export function envFor(dirs: RunDirs, basePath: string): Record<string, string> {
  return {
    PATH: `${dirs.helmDir}:${basePath}`,
    HOME: dirs.home,
    HELMFILE_TEMPDIR: dirs.tempDir,
    HELMFILE_DISABLE_RUNNER_UNIQUE_ID: "1",
    HELMFILE_UPGRADE_NOTICE_DISABLED: "1",
    PULUMI_HELMFILE_CACHE: "0",
    TMPDIR: dirs.tempDir,
    // chartify's temporary charts at a known place (else a random folder under TMPDIR), and ours.
    CHARTIFY_TEMPDIR: join(dirs.tempDir, "chartify"),
    // Remote sources: the run's bare repositories, and a go-getter cache of the case's own (a
    // shared one would make a case's output depend on the cases run before it).
    PH_DIFF_REPOS: join(dirs.root, "repos"),
    HELMFILE_CACHE_HOME: join(dirs.tempDir, "cache"),
    PULUMI_HELMFILE_CHARTIFY: CHARTIFY_BINARY,
    // The secretrefs family's AWS: the moto server tests/support/aws-refs.ts seeds, each service
    // pointed at it as vals and the AWS SDK both read it.
    ...AWS_REFS_ENV,
    // The httpjson family: ours fetches URLs a state names only when allowed (helmfile ignores it).
    PULUMI_HELMFILE_INSECURE_REFS: "true",
  };
}

/** The port of scripts/test-s3.sh's moto server. */
const MOTO_PORT = process.env.PULUMI_HELMFILE_S3_PORT ?? "19000";

/** The environment that reaches the seeded moto server (scripts/test-s3.sh's credentials). */
export const AWS_REFS_ENV: Readonly<Record<string, string>> = {
  AWS_ACCESS_KEY_ID: "phf-test-key",
  AWS_SECRET_ACCESS_KEY: "phf-test-secret",
  AWS_REGION: "us-east-1",
  AWS_ENDPOINT_URL_SECRETS_MANAGER: `http://127.0.0.1:${MOTO_PORT}`,
  AWS_ENDPOINT_URL_SSM: `http://127.0.0.1:${MOTO_PORT}`,
  AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${MOTO_PORT}`,
};

/** Whether a case needs the seeded moto server. */
export const needsAws = (id: string): boolean => id.startsWith("secretrefs-");

/** Whether a case needs the JSON server of tests/support/httpjson-server.ts. */
export const needsHttpJson = (id: string): boolean => id.startsWith("httpjson-");

/**
 * Replaces the run's absolute folders by placeholders. helmfile's helm error lists each
 * argument with its length (`5: /tmp/…/x (73 bytes)`); for an argument holding a replaced
 * folder that length is the folder's, so it becomes `(N bytes)`. go-getter cache folder names hold the root in their `_` form. Nothing else is rewritten.
 */
export function normalise(text: string, dirs: RunDirs): string {
  const pairs: [string, string][] = [];
  for (const [dir, name] of [
    [dirs.outDir, "$OUT"],
    [dirs.tempDir, "$TMP"],
    [dirs.home, "$HOME"],
    [dirs.root, "$ROOT"],
    [dirs.helmDir, "$HELM_DIR"],
  ] as const) {
    pairs.push([dir, name]);
    const real = realpathSync(dir);
    if (real !== dir) pairs.push([real, name]);
  }
  // go-getter's cache folder names a repository by its URL with `/`, `.` and `:` made `_`
  // (`file__tmp_…_repos_platform_git.ref=v1`): the run root appears in that form too.
  pairs.push([dirs.root.replace(/[/.:]/g, "_"), "_$ROOT"]);
  let out = text;
  for (const [from, to] of pairs) out = out.split(from).join(to);
  return out.replace(/^( +\d+: .*\$(?:OUT|TMP|HOME|ROOT|HELM_DIR).*) \(\d+ bytes\)$/gm, "$1 (N bytes)");
}

/**
 * The stderr of one command after {@link normalise}. `write-values` writes its releases in Go
 * map order (pkg/app/app.go writeValues ranges over a map), so its lines are sorted.
 */
export function normaliseStderr(command: CommandName, text: string, dirs: RunDirs): string {
  // The AWS Go SDK's own log line, timestamped, when it drops a connection (vals' S3 reads): noise
  // of helmfile's client library, at a varying place, not part of its output.
  const out = normalise(text, dirs).replace(
    /^SDK \d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d WARN failed to discard remaining HTTP response body, this may affect connection reuse\n/gm,
    "",
  );
  if (command !== "write-values" || out === "") return out;
  const lines = out.endsWith("\n") ? out.slice(0, -1).split("\n") : out.split("\n");
  return `${lines.sort().join("\n")}${out.endsWith("\n") ? "\n" : ""}`;
}

/** Every file under `dirs.outDir`, normalised, keyed by relative path. */
export function collectFiles(dirs: RunDirs): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const e of readdirSync(d).sort()) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else files[relative(dirs.outDir, p)] = normalise(readFileSync(p, "utf8"), dirs);
    }
  };
  walk(dirs.outDir);
  return files;
}

/** `expected/` (helm 4, and helm 3 when equal) or `expected-helm3/` (only where helm 3 differs). */
export function expectedDir(id: string, command: CommandName, helm: HelmMajor): string {
  const h3 = join(CASES_DIR, id, "expected-helm3", command);
  if (helm === 3 && existsSync(h3)) return h3;
  return join(CASES_DIR, id, "expected", command);
}

/** Reads an expected outcome: `stdout`, `stderr`, `status` and `files/` (absent file = empty). */
export function readExpected(dir: string): Outcome {
  if (!existsSync(join(dir, "status")))
    throw new Error(`${dir}/status is missing: run scripts/regen-differential.ts`);
  const read = (n: string): string => (existsSync(join(dir, n)) ? readFileSync(join(dir, n), "utf8") : "");
  const files: Record<string, string> = {};
  const fdir = join(dir, "files");
  if (existsSync(fdir))
    for (const f of readdirSync(fdir).sort()) files[f] = readFileSync(join(fdir, f), "utf8");
  return {
    stdout: read("stdout"),
    stderr: read("stderr"),
    status: Number(read("status").trim() || "0"),
    files,
  };
}

/** Deviation codes by `<case id>/<command>` (see docs/differences-from-helmfile.md). */
export function readDeviations(): Record<string, string> {
  if (!existsSync(DEVIATIONS_FILE)) return {};
  return JSON.parse(readFileSync(DEVIATIONS_FILE, "utf8")) as Record<string, string>;
}

/** helmfile's failing second removal of a duplicated values file's temporary file. */
const CLEANUP_LOG = /^Removing \$TMP\/\S+: remove \$TMP\/\S+: no such file or directory$/;
/** Our line after a message that reproduces helmfile's: `  location: <file>[:line:col][: <key path> …]`. */
const LOCATION_LINE = /^ {2}location: \$ROOT\/[^\s:]+(?::\d+:\d+)?(?:: [A-Za-z][^\n]*)?$/;

function lines(text: string): string[] {
  return text.split("\n");
}

/**
 * What each deviation code lets differ, and nothing more: a listed case passes only when its
 * code's rule accepts our outcome against helmfile's. A code without a rule accepts nothing.
 */
export const DEVIATION_RULES: Record<string, (expected: Outcome, actual: Outcome) => boolean> = {
  // helmfile removes a duplicated values file's temporary file twice and logs the second failure.
  DIFF_TEMPFILE_CLEANUP_LOG: (e, a) =>
    isDeepStrictEqual(
      {
        ...e,
        stderr: lines(e.stderr)
          .filter((l) => !CLEANUP_LOG.test(l))
          .join("\n"),
      },
      a,
    ),
  // helmfile's error quotes a resolved secret (`expected <value> to be string`) and a reference's
  // query; ours names neither: all else equal.
  DIFF_SECRET_IN_ERROR: (e, a) =>
    e.status !== 0 &&
    isDeepStrictEqual(
      {
        ...e,
        stderr: e.stderr
          .replace(
            /error calling fetchSecretValue: expected .* to be string$/gm,
            "error calling fetchSecretValue: expected the resolved secret to be string",
          )
          .replace(/(\bref\+[A-Za-z0-9]+:\/\/[^\s"'`<>?#]*)\?[^\s"'`<>#]*/g, "$1?***"),
      },
      a,
    ),
  // helmfile's error quotes text that equals a resolved secret (a reference's `insecure=true` when
  // another reference resolved to `true`); ours prints `[redacted]` there: all else equal.
  DIFF_SECRET_REDACTED: (e, a) => {
    if (e.status === 0 || !a.stderr.includes("[redacted]")) return false;
    const pattern = a.stderr
      .split("[redacted]")
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join(".+?");
    return new RegExp(`^${pattern}$`, "s").test(e.stderr) && isDeepStrictEqual({ ...e, stderr: a.stderr }, a);
  },
  // helmfile's error text, then exactly one location line of ours; all else equal.
  DIFF_ERROR_LOCATION_LINE: (e, a) => {
    if (e.status === 0) return false;
    const ours = lines(a.stderr);
    if (ours.filter((l) => LOCATION_LINE.test(l)).length !== 1) return false;
    return isDeepStrictEqual(e, { ...a, stderr: ours.filter((l) => !LOCATION_LINE.test(l)).join("\n") });
  },
};

/** Whether `actual` differs from `expected` only as deviation `code` allows. */
export function deviationAccepts(code: string, expected: Outcome, actual: Outcome): boolean {
  return DEVIATION_RULES[code]?.(expected, actual) ?? false;
}
