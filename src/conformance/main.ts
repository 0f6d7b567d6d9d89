/**
 * Conformance runner: `npm run --silent conformance -- <mode> <path>`.
 * Modes: helmfile <cases-dir>, gotmpl <vectors.json>, vectors <dir|file>, helm-values <vectors.json>.
 * Work not built yet counts as failed, never skipped.
 */
import { runGotmpl } from "./gotmpl";
import { runHelmValues } from "./helm-values";
import { runHelmfileCases } from "./helmfile-cases";
import { runVectors } from "./vectors";

const MODES: Record<string, (path: string, args: string[]) => Promise<boolean>> = {
  helmfile: runHelmfileCases,
  gotmpl: runGotmpl,
  vectors: runVectors,
  "helm-values": runHelmValues,
};

async function main(argv: string[]): Promise<number> {
  const [mode, path, ...rest] = argv;
  const run = mode === undefined ? undefined : MODES[mode];
  if (run === undefined || path === undefined) {
    process.stderr.write(`usage: conformance <${Object.keys(MODES).join("|")}> <path> [options]\n`);
    return 2;
  }
  const ok = await run(path, rest);
  return ok ? 0 : 1;
}

/** Exits only after stdout has drained: a piped reader would otherwise lose the closing lines. */
function exitAfterFlush(code: number): void {
  process.stdout.write("", () => process.exit(code));
}

main(process.argv.slice(2)).then(
  (code) => exitAfterFlush(code),
  (err: unknown) => {
    process.stderr.write(
      `conformance runner crashed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exit(3);
  },
);
