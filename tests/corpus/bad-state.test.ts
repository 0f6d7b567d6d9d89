/**
 * Table-driven bad-input corpus: every directory under `bad-state/` holds a state and an
 * `expected.json` naming the error `code` and, where known, the file, line and key path. Where
 * helmfile's message names a line (go-yaml's `line N: cannot unmarshal …`, `mapping key … already
 * defined at line M`), the expected line is that one, read from helmfile v1.8.0 on the same state.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { MemoryFileSystem } from "../../src/load/memory-fs";
import { tryLoadDesiredState } from "../../src/load/load-desired-state";

interface Expected {
  readonly args: {
    file?: string | null;
    environment?: string;
    selectors?: string[];
    kubeContext?: string;
    stateValuesSet?: string[];
  };
  readonly code: string;
  readonly file?: string;
  readonly line?: number;
  readonly keyPath?: Array<string | number>;
}

const root = join(__dirname, "bad-state");
const cases = readdirSync(root)
  .filter((d) => statSync(join(root, d)).isDirectory())
  .sort();

function filesOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of readdirSync(dir))
    if (f !== "expected.json") out[`/case/${f}`] = readFileSync(join(dir, f), "utf8");
  return out;
}

describe("bad-state corpus", () => {
  it("has at least thirty cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  it.each(cases)("%s fails with the expected code and location", (name) => {
    const dir = join(root, name);
    const exp = JSON.parse(readFileSync(join(dir, "expected.json"), "utf8")) as Expected;
    const files = filesOf(dir);
    const file =
      exp.args.file === null
        ? undefined
        : (exp.args.file ??
          Object.keys(files)
            .map((f) => f.slice(6))
            .find((f) => f.startsWith("helmfile")));
    const res = tryLoadDesiredState(
      {
        cwd: "/case",
        ...(file === undefined ? {} : { file }),
        ...(exp.args.environment === undefined ? {} : { environment: exp.args.environment }),
        ...(exp.args.selectors === undefined ? {} : { selectors: exp.args.selectors }),
        ...(exp.args.kubeContext === undefined ? {} : { kubeContext: exp.args.kubeContext }),
        ...(exp.args.stateValuesSet === undefined ? {} : { stateValuesSet: exp.args.stateValuesSet }),
      },
      { fs: new MemoryFileSystem(files), env: {} },
    );
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.error.code).toBe(exp.code);
    if (exp.file !== undefined) expect(res.error.file?.endsWith(exp.file)).toBe(true);
    if (exp.line !== undefined) expect(res.error.line).toBe(exp.line);
    if (exp.keyPath !== undefined) expect(res.error.keyPath).toEqual(exp.keyPath);
  });
});
