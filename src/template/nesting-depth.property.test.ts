/**
 * Nesting as deep as Go's, through the CLI launcher (bin/pulumi-helmfile.js raises the stack:
 * RLIMIT_STACK and V8's --stack-size). Measured with helmfile v1.8.0: 477929 nested
 * `{{ with }}` load (Go's 1 GB goroutine stack overflows near 480000), 10000 parentheses load
 * and 10001 fail with "max expression depth exceeded", template calls stop at 100000 with
 * "exceeded maximum template depth (100000)", YAML flow sequences at 10000 with go-yaml's
 * "exceeded max depth of 10000", `mustFromJson` at 10000 with encoding/json's "invalid character
 * '[' exceeded max depth", and an HCL values file at 4998 nested tuples or objects (4999: "could
 * not unmarshall json : invalid character '[' exceeded max depth", from helmfile's JSON round trip). fast-check draws depths up to those limits (seeded: the same
 * draw on every run); each must load, and one past Go's limit must fail in Go's words. With the
 * oracle present, one draw is also loaded by helmfile.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import fc from "fast-check";

const run = promisify(execFile);
const LAUNCHER = join(__dirname, "..", "..", "bin", "pulumi-helmfile.js");
/** helm 4, as scripts/env.sh names it. */
const HELM = process.env.HELM_BINARY ?? join(__dirname, "..", "..", ".tools", "helm4", "helm");
const ORACLE =
  process.env.PULUMI_HELMFILE_ORACLE ?? join(homedir(), ".cache", "pulumi-helmfile", "bin", "helmfile");

type Kind = "with" | "if" | "paren" | "template" | "yamlFlow" | "json" | "hclTuple" | "hclObject";

/** A state (one release, listed) whose first part nests `n` levels of `kind` (HCL: in its environment's values file). */
function state(kind: Kind, n: number): Record<string, string> {
  const release = "releases:\n  - name: r\n    chart: ./c\n";
  if (kind === "hclTuple" || kind === "hclObject") {
    const value =
      kind === "hclTuple" ? `${"[".repeat(n)}1${"]".repeat(n)}` : `${"{a = ".repeat(n)}1${"}".repeat(n)}`;
    return {
      "helmfile.yaml": `environments:\n  default:\n    values: [v.hcl]\n---\n${release}`,
      "v.hcl": `values {\n  x = ${value}\n}\n`,
    };
  }
  const { file, text } = part(kind, n);
  return { [file]: `${text}\n---\n${release}` };
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
    case "json":
      return {
        file: "helmfile.yaml.gotmpl",
        text: `{{ $x := mustFromJson "${"[".repeat(n)}${"]".repeat(n)}" }}\n${values}`,
      };
    default:
      throw new Error(`no single-file state for ${kind}`);
  }
}

async function load(program: string[], kind: Kind, n: number): Promise<{ code: number; stderr: string }> {
  const dir = mkdtempSync(join(tmpdir(), "nesting-"));
  for (const [file, text] of Object.entries(state(kind, n))) writeFileSync(join(dir, file), text);
  try {
    const [cmd, ...pre] = program as [string, ...string[]];
    const r = await run(cmd, [...pre, "list"], {
      cwd: dir,
      // helm on PATH: helmfile asks its version before listing.
      env: {
        ...process.env,
        PATH: `${dirname(HELM)}:${process.env.PATH ?? ""}`,
        HELMFILE_UPGRADE_NOTICE_DISABLED: "1",
      },
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
  json: 10000,
  hclTuple: 4998,
  hclObject: 4998,
};

describeIf("nesting depth (as deep as Go's)", () => {
  jest.setTimeout(120_000);

  it("loads every drawn depth up to Go's limit", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom<Kind>("with", "if", "paren", "template", "yamlFlow", "json", "hclTuple", "hclObject")
          .chain((kind) => fc.tuple(fc.constant(kind), fc.integer({ min: 1, max: GO_LIMIT[kind] }))),
        async ([kind, n]) => {
          const r = await load(ours, kind, n);
          expect({ kind, n, code: r.code, stderr: r.stderr }).toEqual({ kind, n, code: 0, stderr: "" });
        },
      ),
      // Each run starts the CLI (~1.5 s from the sources): few, seeded draws.
      {
        numRuns: 6,
        seed: 20261205,
        examples: [[["with", 30000]], [["json", 10000]], [["hclTuple", 4998]], [["hclObject", 4998]]],
      },
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
    const json = await load(ours, "json", GO_LIMIT.json + 1);
    expect(json.code).toBe(1);
    expect(json.stderr).toMatch(/: error calling mustFromJson: invalid character '\[' exceeded max depth\n$/);
    for (const [kind, open] of [
      ["hclTuple", "["],
      ["hclObject", "{"],
    ] as const) {
      const hcl = await load(ours, kind, GO_LIMIT[kind] + 1);
      expect(hcl).toEqual({
        code: 1,
        stderr: `in ./helmfile.yaml: failed to read helmfile.yaml: could not unmarshall json : invalid character '${open}' exceeded max depth\n`,
      });
    }
    const flow = await load(ours, "yamlFlow", GO_LIMIT.yamlFlow + 1);
    expect(flow.code).toBe(1);
    expect(flow.stderr).toContain(
      "in ./helmfile.yaml: failed to read helmfile.yaml: reading document at index 1. Started seeing this since Helmfile v1? Add the .gotmpl file extension: yaml: line 2: exceeded max depth of 10000\n",
    );
  });

  const oracleThere = existsSync(ORACLE);
  (oracleThere ? it : it.skip)(
    `helmfile loads 30000 nested \`with\` as we do${oracleThere ? "" : ` (skipped: no helmfile at ${ORACLE})`}`,
    async () => {
      const [go, us] = await Promise.all([load([ORACLE], "with", 30000), load(ours, "with", 30000)]);
      expect(us).toEqual(go);
    },
  );
});
