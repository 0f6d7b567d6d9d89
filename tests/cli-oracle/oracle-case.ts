/**
 * The CLI oracle cases (tests/cli-oracle/cases/<case>): a `cmd` file, and the real helmfile's
 * `expected.stdout`, `expected.stderr` and `expected.code` for it, written by
 * scripts/cli-oracle.ts. `cmd` holds one command line (`helmfile <args>`, split on spaces)
 * after `# key: value` headers: `state` (the folder under states/ to run in), `server` (a
 * folder of charts to serve as a chart repository on 127.0.0.1:18935 while it runs) and
 * `compare` (what to compare; default `stdout stderr code`) and `files` (files the command
 * writes in the state's folder, compared with `expected.<file>` and removed afterwards), and
 * `known` (a difference from helmfile not fixed yet: the test is expected to fail until it is).
 *
 * Normalisation, the same on both sides, and nothing else: the absolute path of states/
 * becomes `<states>`, the program name `pulumi-helmfile` becomes `helmfile`, and the temporary
 * chart folder `deps` updates (`Updating dependency /tmp/…`) becomes `<tmp>`. In a written lock
 * file the `generated:` time and the `version:` of the tool that wrote it are dropped.
 */
import { readFileSync, readdirSync, rmdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";

/** Where the cases and states live. */
export const ORACLE_ROOT = __dirname;
/** The port of the chart repository server (the `repo` state's helmfile.yaml names it). */
export const ORACLE_REPO_PORT = 18935;

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
  readonly compare: ReadonlySet<"stdout" | "stderr" | "code">;
  /** A known, unfixed difference; the test then expects to fail. */
  readonly known: string | undefined;
  /** Files written in {@link cwd} to compare. */
  readonly files: readonly string[];
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
        compare: new Set(
          compare.filter((c): c is "stdout" | "stderr" | "code" => /^(stdout|stderr|code)$/.test(c)),
        ),
      };
    });
}

/** The documented normalisation (see the module comment). */
export function normaliseOracleText(text: string): string {
  return text
    .split(join(ORACLE_ROOT, "states"))
    .join("<states>")
    .split("pulumi-helmfile")
    .join("helmfile")
    .replace(/^Updating dependency \/tmp\/\S+$/gm, "Updating dependency <tmp>");
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
