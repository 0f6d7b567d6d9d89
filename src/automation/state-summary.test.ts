import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readLocalDeployment, summarizeDeployment } from "./local-state";
import { readPreviewState } from "./preview-state";
import { prefetchStateSummary, readStateSummary } from "./state-summary";

const P = "urn:pulumi:dev::proj::";
const STACK = `${P}pulumi:pulumi:Stack::proj-dev`;
const HF = `${P}helmfile:index:Helmfile::helmfile`;
const REL = (n: string): string => `${P}helmfile:index:Helmfile$helmfile:index:Release::helmfile-${n}`;
const CM = (n: string): string =>
  `${P}helmfile:index:Helmfile$helmfile:index:Release$kubernetes:core/v1:ConfigMap::helmfile-${n}:cm`;
const PROV = `${P}helmfile:index:Helmfile$pulumi:providers:kubernetes::helmfile-default-context`;

/** A state as the file backend writes it, without secrets: two releases of one ConfigMap each. */
function checkpoint(): Record<string, unknown> {
  const release = (n: string): Array<Record<string, unknown>> => [
    {
      urn: REL(n),
      custom: false,
      type: "helmfile:index:Release",
      parent: HF,
      inputs: { manifest: "kind: ConfigMap\n".repeat(500), values: { big: "x".repeat(1000) } },
      outputs: { registration: `r-${n}`, resources: 1, applied: `a-${n}`, objectDigests: `d-${n}` },
    },
    {
      urn: CM(n),
      custom: true,
      id: `ns/${n}`,
      type: "kubernetes:core/v1:ConfigMap",
      parent: REL(n),
      provider: `${PROV}::p1`,
      dependencies: [PROV],
      inputs: { data: { k: "v".repeat(500) } },
      outputs: {
        metadata: { name: n, resourceVersion: `10${n.length}`, labels: { a: "b" } },
        data: { k: "v" },
      },
    },
  ];
  return {
    version: 3,
    checkpoint: {
      stack: "organization/proj/dev",
      latest: {
        manifest: { time: "2026-12-06T00:00:00Z" },
        secrets_providers: { type: "passphrase", state: { salt: "v1:c2FsdA==:v1:x:y" } },
        resources: [
          {
            urn: STACK,
            custom: false,
            type: "pulumi:pulumi:Stack",
            outputs: { releaseIds: ["ns/a", "ns/bb"] },
          },
          {
            urn: HF,
            custom: false,
            type: "helmfile:index:Helmfile",
            parent: STACK,
            inputs: { file: "helmfile.yaml" },
          },
          {
            urn: PROV,
            custom: true,
            id: "p1",
            type: "pulumi:providers:kubernetes",
            parent: HF,
            inputs: { kubeconfig: "k" },
          },
          ...release("a"),
          ...release("bb"),
        ],
      },
    },
  };
}

/** Runs `script` in a Node.js process of its own (the sources through tsx): how it ended, and its output. */
function runScript(script: string): { status: number | null; signal: string | null; out: string } {
  const tsx = join(__dirname, "..", "..", "node_modules", ".bin", "tsx");
  const r = spawnSync(tsx, ["-e", script], { encoding: "utf8", timeout: 60_000 });
  return { status: r.status, signal: r.signal, out: r.stdout.trim() };
}

describe("the stack's state read by a worker thread", () => {
  let root: string;
  let file: string;
  const location = (over: Record<string, unknown> = {}) => ({
    backendUrl: `file://${join(root, "backend")}`,
    projectName: "proj",
    stackName: "dev",
    secretsProvider: "passphrase",
    env: { PULUMI_CONFIG_PASSPHRASE: "" },
    ...over,
  });

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "phf-state-summary-"));
    mkdirSync(join(root, "backend", ".pulumi", "stacks", "proj"), { recursive: true });
    writeFileSync(join(root, "backend", ".pulumi", "meta.yaml"), "version: 1\n");
    file = join(root, "backend", ".pulumi", "stacks", "proj", "dev.json");
    writeFileSync(file, JSON.stringify(checkpoint()));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("answers the summary of the deployment the main thread would read, without the objects' inputs and outputs", async () => {
    const summary = await readStateSummary(location());
    try {
      const full = (await readLocalDeployment(location())) as object;
      expect(summary?.deployment).toEqual(summarizeDeployment(full));
      const resources = summary?.deployment.resources as Array<Record<string, unknown>>;
      expect(resources.map((r) => r.urn)).toEqual([STACK, HF, PROV, REL("a"), CM("a"), REL("bb"), CM("bb")]);
      expect(resources[4]).toEqual({
        urn: CM("a"),
        custom: true,
        id: "ns/a",
        type: "kubernetes:core/v1:ConfigMap",
        parent: REL("a"),
        provider: `${PROV}::p1`,
        outputs: { metadata: { resourceVersion: "101" } },
      });
      expect(resources[3]).toEqual({
        urn: REL("a"),
        custom: false,
        type: "helmfile:index:Release",
        parent: HF,
        outputs: { registration: "r-a", resources: 1, applied: "a-a", objectDigests: "d-a" },
      });
      expect(JSON.stringify(summary?.deployment).length).toBeLessThan(JSON.stringify(full).length / 4);
    } finally {
      summary?.close();
    }
  });

  it("makes a partial preview's copy as readPreviewState makes it from the file, once", async () => {
    const summary = await readStateSummary(location());
    const drop = new Set([REL("a"), CM("a")]);
    const copy = await summary?.trimmed(drop);
    expect(copy).toBeDefined();
    expect(copy).toEqual(await readPreviewState(location(), drop));
    expect(await summary?.trimmed(drop)).toBeUndefined();
    summary?.close();
  });

  it("a copy of resources the state does not hold, or of nothing, is not made", async () => {
    const summary = await readStateSummary(location());
    expect(await summary?.trimmed(new Set())).toBeUndefined();
    expect(await summary?.trimmed(new Set([REL("absent")]))).toBeUndefined();
    summary?.close();
  });

  it("a read started ahead is the one taken, for the same file and passphrase only", async () => {
    const ahead = prefetchStateSummary(location());
    expect(readStateSummary(location())).toBe(ahead);
    (await ahead)?.close();
    const other = prefetchStateSummary(location());
    const mine = readStateSummary(location({ env: { PULUMI_CONFIG_PASSPHRASE: "another" } }));
    expect(mine).not.toBe(other);
    // Taken once: the next read is a read of its own.
    const again = readStateSummary(location());
    expect(again).not.toBe(other);
    (await again)?.close();
    (await mine)?.close();
    (await other)?.close();
  });

  it("a process with nothing else to do waits for the summary and for the copy, and ends after them", () => {
    const script = [
      `const { readStateSummary } = require(${JSON.stringify(join(__dirname, "state-summary.ts"))});`,
      `readStateSummary(${JSON.stringify(location())}).then(async (s) => {`,
      `  const copy = await s.trimmed(new Set(${JSON.stringify([REL("a"), CM("a")])}));`,
      '  console.log(s.deployment.resources.length, copy === undefined ? "no copy" : "copy");',
      "});",
    ].join("\n");
    expect(runScript(script)).toEqual({ status: 0, signal: null, out: "7 copy" });
  });

  it("a read nobody takes or closes does not hold the process", () => {
    const script = [
      `const { prefetchStateSummary } = require(${JSON.stringify(join(__dirname, "state-summary.ts"))});`,
      // Held until the summary is in (a worker that is unreferenced does not wait for it); then released.
      "const hold = setInterval(() => undefined, 1000);",
      `prefetchStateSummary(${JSON.stringify(location())}).then((s) => {`,
      '  console.log(s === undefined ? "none" : "read");',
      "  clearInterval(hold);",
      "});",
    ].join("\n");
    expect(runScript(script)).toEqual({ status: 0, signal: null, out: "read" });
  });

  it("answers undefined for what it cannot read: no file, another backend or secrets provider, not a checkpoint", async () => {
    expect(await readStateSummary(location({ stackName: "missing" }))).toBeUndefined();
    expect(await readStateSummary(location({ backendUrl: "https://api.pulumi.com" }))).toBeUndefined();
    expect(await readStateSummary(location({ secretsProvider: "awskms://alias/x" }))).toBeUndefined();
    writeFileSync(file, "{not json");
    expect(await readStateSummary(location())).toBeUndefined();
    writeFileSync(file, JSON.stringify({ ...checkpoint(), version: 9 }));
    expect(await readStateSummary(location())).toBeUndefined();
    expect(readFileSync(file, "utf8")).toContain('"version":9');
  });
});
