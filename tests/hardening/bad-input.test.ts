import { loadedState, preparedRelease } from "../support/model-fixtures";
/**
 * Table-driven bad-input corpus (`tests/corpus/bad-input/*.json`): broken and hostile
 * inputs for every stage besides state loading proper (that corpus is `tests/corpus/bad-state`).
 * Each case names its stage, the input, and the expected error `code` with, where known, the
 * file, line and key path. Expected codes are ours; the conditions come from Go/helm/helmfile
 * behaviour (recursion and alias limits, forbidden keys, helm failures and hangs).
 */
import { execFileSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { runCli } from "../../src/cli/main";
import { testHelmBinaries } from "../../src/node/helm-binaries";
import { renderGoTemplate } from "../../src/load/template-bridge";
import { MemoryFileSystem, tryLoadDesiredState } from "../../src/load/index";
import { decodeYaml } from "../../src/shared/yaml/index";
import { mergeValues, parseStateValuesSet } from "../../src/merge/index";
import { renderDesiredState } from "../../src/render/index";
import { NodeFileSystem, NodeProcessRunner, NodeScratchFileSystem } from "../../src/node/index";
import { LoadError, isHelmfileError, type HelmfileError } from "../../src/shared/errors";
import { withProcessLimits } from "../../src/shared/limits";
import type { FileSystem, ProcessRunner } from "../../src/shared/io";
import { newMap, type Value, type ValueMap } from "../../src/shared/value";

interface Expect {
  readonly code: string;
  readonly file?: string;
  readonly line?: number;
  readonly keyPath?: Array<string | number>;
}
interface BadCase {
  readonly stage: "template" | "yaml" | "set" | "merge" | "state" | "render" | "cli";
  readonly expect: Expect;
  readonly [field: string]: unknown;
}

const root = join(__dirname, "../corpus/bad-input");
const names = readdirSync(root)
  .filter((f) => f.endsWith(".json"))
  .map((f) => f.slice(0, -5))
  .sort();
const load = (name: string): BadCase =>
  JSON.parse(readFileSync(join(root, `${name}.json`), "utf8")) as BadCase;

/** JSON objects → the shared value model (null-prototype maps, ints as bigint), `__proto__` kept as a key. */
function toValue(v: unknown): Value {
  if (Array.isArray(v)) return v.map(toValue);
  if (typeof v === "number") return Number.isInteger(v) ? BigInt(v) : v;
  if (v !== null && typeof v === "object") {
    const m = newMap();
    for (const k of Object.keys(v)) m[k] = toValue((v as Record<string, unknown>)[k]);
    return m;
  }
  return v as Value;
}

/** Simulates unreadable files (chmod 000 does not stop root) the way NodeFileSystem reports EACCES. */
function withUnreadable(fs: MemoryFileSystem, paths: readonly string[]): FileSystem {
  const deny = (p: string): void => {
    if (paths.includes(p))
      throw new LoadError("FILE_NOT_FOUND", `cannot read file: open ${p}: permission denied`, { file: p });
  };
  return {
    readFile: (p) => (deny(p), fs.readFile(p)),
    readBytes: (p) => (deny(p), fs.readBytes(p)),
    exists: (p) => fs.exists(p),
    isDirectory: (p) => fs.isDirectory(p),
    isFile: (p) => fs.isFile(p),
    readDir: (p) => fs.readDir(p),
    glob: (p) => fs.glob(p),
  };
}

const stubRunner: ProcessRunner = {
  run: () => Promise.resolve({ exitCode: 0, stdout: "", stderr: "" }),
  runSync: (cmd) => ({
    exitCode: cmd === "false" ? 1 : 0,
    stdout: "",
    stderr: cmd === "false" ? "failed\n" : "",
  }),
};

function runTemplate(c: BadCase): void {
  const runner =
    c.runner === "node-exec-300ms"
      ? withProcessLimits(new NodeProcessRunner(), { execTimeoutMs: 300, helmTimeoutMs: 0 })
      : stubRunner;
  const limits = (c.limits ?? {}) as { templateDepth?: number; outputSize?: number };
  renderGoTemplate(c.source as string, toValue(c.data ?? {}), {
    name: "t.gotmpl",
    basePath: (c.basePath as string | undefined) ?? "/s",
    fs: new MemoryFileSystem({ "/s/values.yaml": "a: 1\n" }),
    environ: (c.env ?? {}) as Record<string, string>,
    processRunner: runner,
    limits: { templateDepth: limits.templateDepth ?? 100000, outputSize: limits.outputSize ?? 1 << 26 },
  });
}

function yamlText(text: unknown): string {
  if (typeof text === "string") return text;
  const t = text as { repeat: string; times: number; suffix: string };
  const parts: string[] = [];
  for (let i = 0; i < t.times; i++) parts.push(t.repeat.replace("{i}", String(i)));
  return parts.join("") + t.suffix;
}

function runState(c: BadCase): void {
  const files: Record<string, string> = {};
  for (const [k, v] of Object.entries(c.files as Record<string, string>)) files[`/s/${k}`] = v;
  const mem = new MemoryFileSystem(files);
  const fs = withUnreadable(
    mem,
    ((c.unreadable ?? []) as string[]).map((p) => `/s/${p}`),
  );
  const res = tryLoadDesiredState(
    {
      cwd: "/s",
      file: c.file as string,
      ...(c.limits === undefined ? {} : { limits: c.limits as { templateDepth?: number } }),
    },
    { fs, env: (c.env ?? {}) as Record<string, string>, processRunner: stubRunner },
  );
  if (!res.ok) throw res.error;
}

let scratch = "";
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "ph-bad-input-"));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function runRender(c: BadCase, name: string): Promise<void> {
  const dir = join(scratch, name);
  mkdirSync(join(dir, "chart"), { recursive: true });
  writeFileSync(join(dir, "chart", "Chart.yaml"), "apiVersion: v2\nname: c\nversion: 0.1.0\n");
  const helmPath = join(dir, "fake-helm");
  writeFileSync(helmPath, c.helmScript as string);
  chmodSync(helmPath, 0o755);
  const release = preparedRelease({
    id: "ns/r",
    name: "r",
    skipDeps: true,
    stateFile: join(dir, "helmfile.yaml"),
    baseDir: dir,
  });
  const state = loadedState([release], [], { file: join(dir, "helmfile.yaml") });
  const runner = withProcessLimits(new NodeProcessRunner(), {
    execTimeoutMs: 0,
    helmTimeoutMs: (c.helmTimeoutMs as number | undefined) ?? 30000,
  });
  await renderDesiredState(
    { states: [state], releases: [release] },
    {
      helm: { path: helmPath, major: 3, minor: 17, patch: 3, raw: "v3.17.3" },
      skipDeps: true,
      isolateHelmHome: false,
    },
    {
      fs: new NodeFileSystem(),
      runner,
      scratch: new NodeScratchFileSystem(dir),
      logger: { debug() {}, info() {}, warn() {} },
    },
  );
}

/** What a `cli` case ran: the error it reported and everything it printed. */
interface CliRun {
  error: unknown;
  output: string;
}
const cliRuns = new Map<string, CliRun>();

/**
 * A `cli` case: `files` (a value `{ "symlink": target }` makes a symlink, `{ "fifo": true }` a FIFO,
 * `{ "base64": bytes }` a file of raw bytes such as invalid UTF-8), run from `<dir>/s`
 * with `args`; `mustNotExist` lists paths (relative to `<dir>`) no run may create, `secret`
 * a string no output may contain.
 */
async function runCliCase(c: BadCase, name: string): Promise<void> {
  const dir = join(scratch, name);
  const cwd = join(dir, "s");
  mkdirSync(cwd, { recursive: true });
  for (const [k, v] of Object.entries(
    c.files as Record<string, string | { symlink?: string; fifo?: true; base64?: string }>,
  )) {
    const path = join(cwd, k);
    mkdirSync(dirname(path), { recursive: true });
    if (typeof v === "string") writeFileSync(path, v.replaceAll("{dir}", dir), { mode: 0o755 });
    else if (v.base64 !== undefined) writeFileSync(path, Buffer.from(v.base64, "base64"));
    else if (v.fifo === true) execFileSync("mkfifo", [path]);
    else symlinkSync(v.symlink ?? "", path);
  }
  const helm = testHelmBinaries().find(([label]) => label === ((c.helm as string | undefined) ?? "helm4"));
  const run: CliRun = { error: undefined, output: "" };
  cliRuns.set(name, run);
  await runCli(c.args as string[], {
    cwd,
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      TMPDIR: dir,
      ...(helm === undefined ? {} : { HELM_BINARY: helm[1] }),
      ...((c.env ?? {}) as Record<string, string>),
    },
    writeStdout: (t) => (run.output += t),
    writeStderr: (t) => (run.output += t),
    reportError: (err) => (run.error = err),
  });
  if (run.error !== undefined) throw run.error;
}

/** Every `n`-character window of `secret` without whitespace (whitespace may be re-wrapped). */
function pieces(secret: string, n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i + n <= secret.length; i++) {
    const w = secret.slice(i, i + n);
    if (!/\s/.test(w)) out.push(w);
  }
  return out;
}

/** Names of JavaScript's error classes and the shape of a stack frame: never shown to users. */
const RAW_JS_ERROR =
  /\b(TypeError|RangeError|SyntaxError|ReferenceError|InternalError|EvalError|URIError|AggregateError)\b|Maximum call stack|Invalid (array|string) length|\bE(ISDIR|NOENT|ACCES|PERM|LOOP|NOTDIR|MFILE|EXIST|NAMETOOLONG|INVAL|NXIO)\b|must be a string without null bytes|\n\s+at .+:\d+:\d+\)?/;

async function outcome(name: string, c: BadCase): Promise<unknown> {
  try {
    switch (c.stage) {
      case "template":
        return runTemplate(c);
      case "yaml":
        return decodeYaml(yamlText(c.text), { file: "values.yaml" });
      case "set":
        return parseStateValuesSet(c.args as string[]);
      case "merge":
        return mergeValues(toValue(c.base) as ValueMap, toValue(c.override) as ValueMap);
      case "state":
        return runState(c);
      case "render":
        return await runRender(c, name);
      case "cli":
        return await runCliCase(c, name);
    }
  } catch (err) {
    return err;
  }
}

describe("bad-input corpus", () => {
  test("has at least fifty cases across the stages", () => {
    expect(names.length).toBeGreaterThanOrEqual(50);
    expect(new Set(names.map((n) => load(n).stage)).size).toBe(7);
  });

  test.each(names)("%s fails with the expected typed error and location", async (name) => {
    const c = load(name);
    const err = await outcome(name, c);
    expect(isHelmfileError(err) ? "typed" : err).toBe("typed");
    const e = err as HelmfileError;
    expect({ code: e.code }).toEqual({ code: c.expect.code });
    if (c.expect.file !== undefined) expect(e.file?.endsWith(c.expect.file)).toBe(true);
    if (c.expect.line !== undefined) expect(e.line).toBe(c.expect.line);
    if (c.expect.keyPath !== undefined) expect(e.keyPath).toEqual(c.expect.keyPath);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(e.message).not.toMatch(RAW_JS_ERROR);
    const run = cliRuns.get(name);
    if (run !== undefined) {
      expect(run.output).not.toMatch(RAW_JS_ERROR);
      if (typeof c.secret === "string") {
        expect(run.output).not.toContain(c.secret);
        // No 8-character piece either: truncated, folded or split forms leak as much.
        for (const piece of pieces(c.secret, 8))
          expect({ piece, leaked: run.output.includes(piece) }).toEqual({ piece, leaked: false });
      }
      for (const p of (c.mustNotExist ?? []) as string[])
        expect(existsSync(join(scratch, name, p))).toBe(false);
    }
  });
});
