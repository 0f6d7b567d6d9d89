/**
 * docs/cli.md against the CLI: the table has a row for every command, subcommand and flag of
 * helmfile v1.8.0 (tests/cli-oracle/helmfile-surface.txt, from the real binary's --help), and
 * each row's status is what the CLI does.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isHelmfileError } from "../shared/errors";
import { findCommand } from "./commands/index";
import { GLOBAL_FLAGS } from "./global-flags";
import { runCli } from "./main";
import { parseArgs, type FlagSpec } from "./parse-args";

const ROOT = join(__dirname, "..", "..");
/** helmfile's cluster-changing commands and the command whose flags stand for theirs. */
const OURS: Readonly<Record<string, string>> = { diff: "preview", apply: "up", sync: "up" };

interface Row {
  readonly key: string;
  readonly status: string;
  readonly notes: string;
}

function docRows(): Map<string, Row> {
  const rows = new Map<string, Row>();
  for (const line of readFileSync(join(ROOT, "docs", "cli.md"), "utf8").split("\n")) {
    const m = /^\| `([^`]+)` \| ([^|]+?) \| (.*?) ?\|$/.exec(line);
    if (m === null) continue;
    const [, key = "", status = "", notes = ""] = m;
    if (rows.has(key)) throw new Error(`docs/cli.md has two rows for ${key}`);
    rows.set(key, { key, status, notes });
  }
  return rows;
}

function surface(): string[] {
  return readFileSync(join(ROOT, "tests", "cli-oracle", "helmfile-surface.txt"), "utf8")
    .split("\n")
    .filter((l) => l !== "" && !l.startsWith("#"))
    .map((l) => {
      const [kind = "", a = "", b = ""] = l.split(" ");
      return kind === "global" || kind === "command" ? a : `${a} ${b}`;
    });
}

let dir = "";
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "cli-doc-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the CLI in an empty folder; the exit code and the code of the error it ended with. */
async function run(argv: string[]): Promise<{ exit: number; code: string | undefined }> {
  let code: string | undefined;
  const exit = await runCli(argv, {
    cwd: dir,
    env: { HOME: dir, PULUMI_HELMFILE_CACHE_DIR: join(dir, "cache") },
    writeStdout: () => undefined,
    writeStderr: () => undefined,
    reportError: (err) => {
      code = isHelmfileError(err) ? err.code : "not a HelmfileError";
    },
  });
  return { exit, code };
}

function flagArgs(command: string, flag: string, value?: string): string[] {
  const own = findCommand(command)?.flags ?? [];
  const spec: FlagSpec | undefined = [...GLOBAL_FLAGS, ...own].find((s) => `--${s.name}` === flag);
  if (value !== undefined) return [command, `${flag}=${value}`];
  if (spec === undefined || spec.type === "bool") return [command, flag];
  return [command, `${flag}=${spec.type === "int" ? "1" : "x"}`];
}

function accepts(argv: string[]): void {
  expect(() => parseArgs(argv, GLOBAL_FLAGS, (n) => findCommand(n)?.flags)).not.toThrow();
}

/** The commands a note says refuse the row: "refused (`CODE`) with `a`, `b`: …". */
function refusedWith(notes: string): { code: string; commands: string[] } | undefined {
  const m = /refused \(`(\w+)`\) with ((?:`[\w-]+`(?:, )?)+)/.exec(notes);
  if (m === null) return undefined;
  return { code: m[1] ?? "", commands: [...(m[2] ?? "").matchAll(/`([\w-]+)`/g)].map((x) => x[1] ?? "") };
}

const rows = docRows();

describe("docs/cli.md", () => {
  test("has exactly one row for each of helmfile v1.8.0's commands, subcommands and flags", () => {
    const want = surface();
    expect(want.length).toBeGreaterThan(250);
    expect(want.filter((k) => !rows.has(k))).toEqual([]);
    expect([...rows.keys()].filter((k) => !want.includes(k))).toEqual([]);
  });

  test("uses only the statuses its legend defines", () => {
    for (const r of rows.values())
      expect([r.key, r.status]).toEqual([
        r.key,
        expect.stringMatching(/^(supported(-differs)?|refused `CLI_[A-Z_]+`)$/),
      ]);
  });

  test.each([...rows.values()].filter((r) => !r.key.includes(" ")).map((r) => [r.key, r]))(
    "%s is as the table says",
    async (_key, row) => {
      const refused = /^refused `(\w+)`$/.exec(row.status)?.[1];
      if (row.key.startsWith("--")) {
        if (refused !== undefined)
          expect(await run(flagArgs("template", row.key))).toMatchObject({ code: refused });
        else accepts(flagArgs("template", row.key));
        if (row.notes.includes("`=false` is refused"))
          expect(await run(flagArgs("template", row.key, "false"))).toMatchObject({
            code: "CLI_UNSUPPORTED",
          });
        const only = refusedWith(row.notes);
        for (const c of only?.commands ?? [])
          expect([c, (await run([...flagArgs(c, row.key)])).code]).toEqual([c, only?.code]);
      } else if (refused !== undefined) {
        expect(await run([row.key])).toMatchObject({
          code: refused,
          exit: refused === "CLI_UNKNOWN_COMMAND" ? 3 : 1,
        });
      } else {
        expect(row.key === "help" || findCommand(row.key) !== undefined).toBe(true);
        expect(await run(row.key === "help" ? ["help"] : [row.key, "--help"])).toEqual({
          exit: 0,
          code: undefined,
        });
      }
    },
  );

  test.each([...rows.values()].filter((r) => r.key.includes(" ")).map((r) => [r.key, r]))(
    "%s is as the table says",
    async (_key, row) => {
      const [command = "", arg = ""] = row.key.split(" ");
      const refused = /^refused `(\w+)`$/.exec(row.status)?.[1];
      if (!arg.startsWith("--")) {
        // A subcommand (`cache info`, `completion bash`).
        const result = await run([command, arg]);
        expect(result).toEqual(
          refused === undefined ? { exit: 0, code: undefined } : expect.objectContaining({ code: refused }),
        );
        return;
      }
      const ours = OURS[command] ?? command;
      if (findCommand(ours) === undefined) {
        // A flag of a refused command: the command's refusal comes first.
        expect(rows.get(command)?.status).toBe(row.status);
        expect(await run([command, arg])).toMatchObject({ code: refused });
        return;
      }
      if (refused !== undefined) expect(await run(flagArgs(ours, arg))).toMatchObject({ code: refused });
      else accepts(flagArgs(ours, arg));
      if (row.notes.includes("`=false` is refused"))
        expect(await run(flagArgs(ours, arg, "false"))).toMatchObject({ code: "CLI_UNSUPPORTED" });
    },
  );
});
