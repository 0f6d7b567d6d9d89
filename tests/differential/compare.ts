/**
 * Prints pass counts per command, or the differences of the cases named:
 * `npx tsx tests/differential/compare.ts [--helm 3|4] [--diff] [id-prefix…]`.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  COMMANDS,
  deviationAccepts,
  expectedDir,
  listCaseIds,
  readDeviations,
  readExpected,
  type HelmMajor,
  type Outcome,
} from "./harness";
import { runOurs } from "./run-ours";

function show(o: Outcome): string {
  const files = Object.entries(o.files).map(([n, t]) => `--- file ${n}\n${t}`);
  return [`status ${o.status}`, "--- stdout", o.stdout, "--- stderr", o.stderr, ...files].join("\n");
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const hi = args.indexOf("--helm");
  const helm = (hi >= 0 ? Number(args.splice(hi, 2)[1]) : 4) as HelmMajor;
  const di = args.indexOf("--diff");
  const diff = di >= 0 && args.splice(di, 1).length > 0;
  const bin = helm === 3 ? process.env.HELM3_BINARY : process.env.HELM_BINARY;
  if (bin === undefined) throw new Error("source scripts/env.sh first");
  const root = mkdtempSync(join(tmpdir(), "ph-diff-cmp-"));
  const helmDir = join(root, "helm-bin");
  mkdirSync(helmDir);
  symlinkSync(bin, join(helmDir, "helm"));
  const deviations = readDeviations();
  const ids = listCaseIds().filter((id) => args.length === 0 || args.some((p) => id.startsWith(p)));
  const pass: Record<string, number> = {};
  const failed: string[] = [];
  for (const id of ids) {
    for (const cmd of COMMANDS) {
      const expected = readExpected(expectedDir(id, cmd, helm));
      const actual = await runOurs(join(root, "run"), helmDir, id, cmd);
      const key = `${id}/${cmd}`;
      const deviation = deviations[key];
      if (
        show(actual) === show(expected) ||
        (deviation !== undefined && deviationAccepts(deviation, expected, actual))
      ) {
        pass[cmd] = (pass[cmd] ?? 0) + 1;
        continue;
      }
      failed.push(key);
      if (diff) {
        writeFileSync(join(root, "e"), show(expected));
        writeFileSync(join(root, "a"), show(actual));
        try {
          execFileSync("diff", ["-u", join(root, "e"), join(root, "a")]);
        } catch (e) {
          process.stdout.write(`===== ${key}\n${String((e as { stdout: Buffer }).stdout)}`);
        }
      }
    }
  }
  rmSync(root, { recursive: true, force: true });
  process.stdout.write(
    `helm ${helm}: ${COMMANDS.map((c) => `${c} ${pass[c] ?? 0}/${ids.length}`).join(", ")}\n`,
  );
  process.stdout.write(`failed: ${failed.join(" ")}\n`);
}

void main();
