/**
 * Nesting as deep as Go's, through the CLI launcher (bin/pulumi-helmfile.js raises the stack:
 * RLIMIT_STACK and V8's --stack-size). Measured with helmfile v1.8.0: 477929 nested
 * `{{ with }}` load (Go's 1 GB goroutine stack overflows near 480000), 10000 parentheses load
 * and 10001 fail with "max expression depth exceeded", template calls stop at 100000 with
 * "exceeded maximum template depth (100000)", YAML flow sequences at 10000 with go-yaml's
 * "exceeded max depth of 10000". fast-check draws depths up to those limits (seeded: the same
 * draw on every run); each must load, and one past Go's limit must fail in Go's words. With the
 * oracle present, one draw is also loaded by helmfile.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import fc from "fast-check";

const run = promisify(execFile);
const LAUNCHER = join(__dirname, "..", "..", "bin", "pulumi-helmfile.js");
const ORACLE =
  process.env.PULUMI_HELMFILE_ORACLE ?? join(homedir(), ".cache", "pulumi-helmfile", "bin", "helmfile");

type Kind = "with" | "if" | "paren" | "template" | "yamlFlow";

/** A state (one release, listed) whose one file nests `n` levels of `kind` in its first part. */
function state(kind: Kind, n: number): { file: string; text: string } {
  const { file, text } = part(kind, n);
  return { file, text: `${text}\n---\nreleases:\n  - name: r\n    chart: ./c\n` };
}

function part(kind: Kind, n: number): { file: string; text: string } {
  const values = "values: [{x: 1}]\n";
  switch (kind) {
    case "with":
      return {
        file: "helmfile.yaml.gotmpl",
        text: "{{ with . }}".repeat(n) + "\n" + values + "{{ end }}".repeat(n),
      };
    case "if":
      return {
        file: "helmfile.yaml.gotmpl",
        text: "{{ if true }}".repeat(n) + "\n" + values + "{{ end }}".repeat(n),
      };
    case "paren":
      return {
        file: "helmfile.yaml.gotmpl",
        text: `values: [{x: {{ ${"(".repeat(n)}1${")".repeat(n)} }}}]\n`,
      };
    case "template":
      return {
        file: "helmfile.yaml.gotmpl",
        text: `{{ define "r" }}{{ if gt . 0 }}{{ template "r" (sub . 1) }}{{ end }}{{ end }}{{ template "r" ${n} }}\n${values}`,
      };
    case "yamlFlow":
      return { file: "helmfile.yaml", text: `values:\n  - a: ${"[".repeat(n)}${"]".repeat(n)}\n` };
  }
}

async function load(program: string[], kind: Kind, n: number): Promise<{ code: number; stderr: string }> {
  const dir = mkdtempSync(join(tmpdir(), "nesting-"));
  const { file, text } = state(kind, n);
  writeFileSync(join(dir, file), text);
  try {
    const [cmd, ...pre] = program as [string, ...string[]];
    const r = await run(cmd, [...pre, "list"], {
      cwd: dir,
      env: { ...process.env, HELMFILE_UPGRADE_NOTICE_DISABLED: "1" },
      maxBuffer: 64 << 20,
    });
    return { code: 0, stderr: r.stderr };
  } catch (e) {
    const err = e as { code?: number; stderr?: string };
    return { code: typeof err.code === "number" ? err.code : 1, stderr: err.stderr ?? String(e) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const ours = [process.execPath, LAUNCHER];
const skip = process.platform === "win32" ? "the launcher raises the stack through /bin/sh" : undefined;
const describeIf = skip === undefined ? describe : describe.skip;

/** Go's limits: the deepest nesting helmfile v1.8.0 loads (`with`/`if`: far below its stack's end). */
const GO_LIMIT: Record<Kind, number> = {
  with: 100000,
  if: 100000,
  paren: 10000,
  template: 99999,
  yamlFlow: 10000,
};

describeIf("nesting depth (as deep as Go's)", () => {
  jest.setTimeout(120_000);

  it("loads every drawn depth up to Go's limit", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom<Kind>("with", "if", "paren", "template", "yamlFlow")
          .chain((kind) => fc.tuple(fc.constant(kind), fc.integer({ min: 1, max: GO_LIMIT[kind] }))),
        async ([kind, n]) => {
          const r = await load(ours, kind, n);
          expect({ kind, n, code: r.code, stderr: r.stderr }).toEqual({ kind, n, code: 0, stderr: "" });
        },
      ),
      // Each run starts the CLI (~1.5 s from the sources): few, seeded draws.
      { numRuns: 6, seed: 20261205, examples: [[["with", 30000]]] },
    );
  });

  it("fails one level past Go's limit in Go's words", async () => {
    const paren = await load(ours, "paren", GO_LIMIT.paren + 1);
    expect(paren.code).toBe(1);
    expect(paren.stderr).toBe(
      "in ./helmfile.yaml.gotmpl: error during helmfile.yaml.gotmpl.part.0 parsing: template: stringTemplate:1: max expression depth exceeded\n",
    );
    const template = await load(ours, "template", GO_LIMIT.template + 1);
    expect(template.code).toBe(1);
    expect(template.stderr).toBe(
      'in ./helmfile.yaml.gotmpl: error during helmfile.yaml.gotmpl.part.0 parsing: template: stringTemplate:1:43: executing "r" at <{{template "r" (sub . 1)}}>: exceeded maximum template depth (100000)\n',
    );
    const flow = await load(ours, "yamlFlow", GO_LIMIT.yamlFlow + 1);
    expect(flow.code).toBe(1);
    expect(flow.stderr).toContain(
      "in ./helmfile.yaml: failed to read helmfile.yaml: reading document at index 1. Started seeing this since Helmfile v1? Add the .gotmpl file extension: yaml: line 2: exceeded max depth of 10000\n",
    );
  });

  (existsSync(ORACLE) ? it : it.skip)("helmfile loads 30000 nested `with` as we do", async () => {
    const [go, us] = await Promise.all([load([ORACLE], "with", 30000), load(ours, "with", 30000)]);
    expect(us).toEqual(go);
  });
});
