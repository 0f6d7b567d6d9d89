/**
 * The CLI oracle cases (tests/cli-oracle/cases/<case>): a `cmd` file, and the real helmfile's
 * `expected.stdout`, `expected.stderr` and `expected.code` for it, written by
 * scripts/cli-oracle.ts. `cmd` holds one command line (`helmfile <args>`, split on spaces)
 * after `# key: value` headers: `state` (the folder under states/ to run in), `server` (a
 * folder of charts to serve as a chart repository on 127.0.0.1:18935 while it runs) and
 * `compare` (what to compare; default `stdout stderr code`; `stderr-head`: helmfile's stderr
 * must be the start of ours, for the documented additions such as "Did you mean this?" after an
 * unknown flag; `stderr-lines`: only the stderr lines matching the `lines` header's regular
 * expression, for `--debug`), `files` (files the command writes in the state's folder, compared with
 * `expected.<file>` and removed afterwards), `cleanup` (paths the command writes that are not
 * compared, such as the `charts/` and `Chart.lock` of `helm dependency build`: removed before
 * and after the run) and `known` (a difference from helmfile not fixed yet: the test is expected
 * to fail until it is).
 *
 * Normalisation, the same on both sides, and nothing else: the absolute path of states/
 * becomes `<states>`, the program name `pulumi-helmfile` becomes `helmfile`, the temporary
 * chart folder `deps` updates (`Updating dependency /tmp/…`) and the folder `lint` downloads
 * remote charts to (`/tmp/helmfile<random>/…`) become `<tmp>`, a run of helm's
 * `Downloading …` lines is sorted (helm downloads in no fixed order), and helmfile's doubled
 * folder in the path of a helmfile.d file (`<states>/multi<states>/multi/helmfile.d/a.yaml`)
 * is written once. In a written lock
 * file the `generated:` time and the `version:` of the tool that wrote it are dropped.
 */
import { readFileSync, readdirSync, rmdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";

/** Where the cases and states live. */
export const ORACLE_ROOT = __dirname;
/** The port of the chart repository server (the `repo` state's helmfile.yaml names it). */
export const ORACLE_REPO_PORT = 18935;

/**
 * What a case compares; `stderr-head`: helmfile's stderr is the start of ours; `stderr-lines`:
 * only the stderr lines matching the case's `lines:` header (a regular expression), on both sides.
 */
export type Compared = "stdout" | "stderr" | "stderr-head" | "stderr-lines" | "code";

/** One case. */
export interface OracleCase {
  readonly name: string;
  readonly dir: string;
  /** The arguments after the program name. */
  readonly args: readonly string[];
  /** Absolute folder to run in. */
  readonly cwd: string;
  /** Absolute folder of charts to serve, if any. */
  readonly server: string | undefined;
  readonly compare: ReadonlySet<Compared>;
  /** A known, unfixed difference; the test then expects to fail. */
  readonly known: string | undefined;
  /** Files written in {@link cwd} to compare. */
  readonly files: readonly string[];
  /** With `stderr-lines`: which stderr lines are compared. */
  readonly lines: RegExp | undefined;
  /** Paths in {@link cwd} removed before and after the run, not compared. */
  readonly cleanup: readonly string[];
}

/** Reads every case, in name order. */
export function readOracleCases(): OracleCase[] {
  const casesDir = join(ORACLE_ROOT, "cases");
  return readdirSync(casesDir)
    .sort()
    .map((name) => {
      const dir = join(casesDir, name);
      const lines = readFileSync(join(dir, "cmd"), "utf8").split("\n");
      const header = new Map<string, string>();
      let command = "";
      for (const line of lines) {
        const m = /^# (\w+): (.*)$/.exec(line);
        if (m !== null) header.set(m[1] ?? "", m[2] ?? "");
        else if (line.trim() !== "" && !line.startsWith("#")) command = line.trim();
      }
      const [program, ...args] = command.split(/ +/);
      if (program !== "helmfile") throw new Error(`${dir}/cmd: the command must start with "helmfile"`);
      const server = header.get("server");
      const compare = (header.get("compare") ?? "stdout stderr code").split(/ +/);
      return {
        name,
        dir,
        args,
        cwd: join(ORACLE_ROOT, "states", header.get("state") ?? "basic"),
        server:
          server === undefined ? undefined : join(ORACLE_ROOT, "states", header.get("state") ?? "", server),
        known: header.get("known"),
        files: (header.get("files") ?? "").split(/ +/).filter((f) => f !== ""),
        cleanup: (header.get("cleanup") ?? "").split(/ +/).filter((f) => f !== ""),
        lines: header.has("lines") ? new RegExp(header.get("lines") ?? "") : undefined,
        compare: new Set(
          compare.map((c): Compared => {
            if (/^(stdout|stderr|stderr-head|stderr-lines|code)$/.test(c)) return c as Compared;
            throw new Error(`${dir}/cmd: unknown compare item ${c}`);
          }),
        ),
      };
    });
}

/** The documented normalisation (see the module comment). */
export function normaliseOracleText(text: string): string {
  return (
    text
      .split(join(ORACLE_ROOT, "states"))
      .join("<states>")
      .split("pulumi-helmfile")
      .join("helmfile")
      .replace(/^Updating dependency \/tmp\/\S+$/gm, "Updating dependency <tmp>")
      // The temporary folder charts are downloaded to (lint): /tmp/helmfile<random>.
      .replace(/\/tmp\/helmfile[A-Za-z0-9]+(?=\/)/g, "<tmp>")
      // helm downloads a chart's dependencies in no fixed order: a run of these lines is sorted.
      .replace(/(?:^Downloading .*\n)+/gm, (run) => `${run.split("\n").slice(0, -1).sort().join("\n")}\n`)
      // helmfile v1.8.0 names a helmfile.d file after the folder it ran in, twice
      // (`<dir><dir>/helmfile.d/a.yaml`, docs/differences-from-helmfile.md): the path once.
      .replace(/<states>\/[^/\s]+(<states>\/)/g, "$1")
  );
}

/** A written file, normalised (see the module comment). */
export function normaliseOracleFile(text: string): string {
  return normaliseOracleText(text).replace(/^(generated|version): .*\n?/gm, "");
}

/** The environment both programs run with: a fresh HOME, helm on PATH, no upgrade notice. */
export function oracleEnv(home: string, helmDir: string): Record<string, string> {
  return {
    HOME: home,
    PATH: `${helmDir}:/usr/bin:/bin`,
    HELMFILE_UPGRADE_NOTICE_DISABLED: "1",
    PULUMI_HELMFILE_CACHE: "0",
  };
}

/** The expected file of a written file: `expected.<path with / as _>`. */
export function expectedFileName(file: string): string {
  return `expected.${file.split("/").join("_")}`;
}

/** Removes the files a case wrote, and the folders they leave empty. */
export function removeWritten(c: OracleCase): void {
  for (const p of c.cleanup) rmSync(join(c.cwd, p), { recursive: true, force: true });
  for (const f of c.files) {
    rmSync(join(c.cwd, f), { force: true });
    for (let d = dirname(f); d !== "." && d !== "/"; d = dirname(d)) {
      try {
        rmdirSync(join(c.cwd, d));
      } catch {
        break;
      }
    }
  }
}
