/**
 * bin/pulumi-helmfile.js refuses a Node.js older than package.json's "engines" with one clear line
 * (older ones failed deep inside undici with a TypeError). The version Node reports is replaced by a
 * preloaded script, so the check runs on this machine's Node. It starts the CLI again with a larger
 * young generation (64 MB semi-spaces), unless the user chose one.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(__dirname, "..", "..");
const bin = join(root, "bin", "pulumi-helmfile.js");
const wanted = (
  JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { engines: { node: string } }
).engines.node.replace(/^>=\s*/, "");

function runAs(nodeVersion: string): { status: number | null; stdout: string; stderr: string } {
  const dir = mkdtempSync(join(tmpdir(), "phf-launcher-"));
  try {
    const preload = join(dir, "version.js");
    writeFileSync(
      preload,
      `Object.defineProperty(process, "versions", { value: { ...process.versions, node: ${JSON.stringify(nodeVersion)} } });\n`,
    );
    const r = spawnSync(process.execPath, ["-r", preload, bin, "version"], {
      encoding: "utf8",
      timeout: 60_000,
    });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the launcher's Node.js check", () => {
  it.each(["20.20.2", "22.18.9", "18.0.0"])("Node.js %s: exit 1 with one line naming both versions", (v) => {
    const r = runAs(v);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(
      `pulumi-helmfile: error: NODE_TOO_OLD: pulumi-helmfile needs Node.js ${wanted} or newer; this is Node.js ${v} (${process.execPath})\n`,
    );
  });

  it.each([wanted, "22.100.0", "24.0.0"])("Node.js %s runs the CLI", (v) => {
    const r = runAs(v);
    expect([r.status, r.stderr]).toEqual([0, ""]);
    expect(r.stdout).toMatch(/^pulumi-helmfile\s+v/m);
  });
});

describe("the launcher's young generation", () => {
  /** The CLI's own V8 flags, as its second start sees them (a preloaded script prints them). */
  function cliFlags(nodeOptions: string): string {
    const dir = mkdtempSync(join(tmpdir(), "phf-launcher-"));
    try {
      const preload = join(dir, "flags.js");
      writeFileSync(
        preload,
        `if (process.execArgv.some((a) => a.startsWith("--stack-size"))) console.error("flags:" + process.execArgv.join(" ") + "|" + (process.env.NODE_OPTIONS || ""));\n`,
      );
      const r = spawnSync(process.execPath, [bin, "version"], {
        encoding: "utf8",
        timeout: 60_000,
        env: { ...process.env, NODE_OPTIONS: `--require ${preload} ${nodeOptions}`.trim() },
      });
      expect(r.status).toBe(0);
      return /^flags:(.*)$/m.exec(r.stderr)?.[1] ?? "(no second start)";
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it("starts the CLI with 64 MB semi-spaces", () => {
    expect(cliFlags("").split("|")[0]!.split(" ")).toContain("--max-semi-space-size=64");
  });

  it("keeps the semi-space size the user set in NODE_OPTIONS", () => {
    const [argv, options] = cliFlags("--max-semi-space-size=8").split("|");
    expect(argv).not.toContain("--max-semi-space-size");
    expect(options).toContain("--max-semi-space-size=8");
  });
});
