/**
 * Determinism: the same state gives byte-identical results on every run: the desired state
 * (merged values, prepared releases, `helmfile build` text) for each helmfile corpus case,
 * and the CLI's rendered manifests for `examples/quickstart`. Loads run with fresh IO objects
 * each time so no cache can hide a random name, a timestamp or an unstable key order.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { tryLoadDesiredState } from "../../src/load/index";
import { NodeFileSystem, NodeProcessRunner } from "../../src/node/index";
import { runCli } from "../../src/cli/main";
import { testHelmBinaries } from "../../src/node/helm-binaries";
import { corpusPath } from "../support/corpus";

const casesDir = corpusPath("helmfile", "cases");
const quickstart = resolve(__dirname, "../../examples/quickstart");

interface CaseJson {
  readonly command: readonly string[];
  readonly workdir?: string;
}

function flag(cmd: readonly string[], ...names: string[]): string | undefined {
  for (let i = 0; i < cmd.length; i++) {
    const a = cmd[i] as string;
    for (const n of names) {
      if (a === n) return cmd[i + 1];
      if (a.startsWith(`${n}=`)) return a.slice(n.length + 1);
    }
  }
  return undefined;
}

/** Serialises a load outcome with bigints and key order kept as they are. */
function snapshot(dir: string, c: CaseJson): string {
  const file = flag(c.command, "-f", "--file");
  const env = flag(c.command, "-e", "--environment");
  const sel = flag(c.command, "-l", "--selector");
  const res = tryLoadDesiredState(
    {
      cwd: dir,
      ...(file === undefined ? {} : { file }),
      ...(env === undefined ? {} : { environment: env }),
      ...(sel === undefined ? {} : { selectors: [sel] }),
      allowNoMatchingRelease: true,
    },
    {
      fs: new NodeFileSystem(dir),
      env: { HOME: "/nonexistent" },
      processRunner: new NodeProcessRunner({ cwd: dir }),
    },
  );
  const data = res.ok ? res.state : { code: res.error.code, message: res.error.message };
  return JSON.stringify(data, (_k, v: unknown) => (typeof v === "bigint" ? `${v}n` : v));
}

const cases = existsSync(casesDir)
  ? readdirSync(casesDir).filter((d) => existsSync(join(casesDir, d, "case.json")))
  : [];

describe("determinism of state loading and merging", () => {
  test("the helmfile corpus is present", () => {
    expect(cases.length).toBeGreaterThan(10);
  });

  test.each(cases)("%s loads to byte-identical desired state twice", (name) => {
    const c = JSON.parse(readFileSync(join(casesDir, name, "case.json"), "utf8")) as CaseJson;
    const dir =
      c.workdir !== undefined && existsSync(join(casesDir, name, c.workdir))
        ? join(casesDir, name, c.workdir)
        : join(casesDir, name);
    const first = snapshot(dir, c);
    expect(snapshot(dir, c)).toBe(first);
  });

  test("the quickstart loads to byte-identical desired state twice, per environment", () => {
    for (const env of ["default", "production"]) {
      const c: CaseJson = { command: ["-f", "helmfile.yaml", "-e", env] };
      const first = snapshot(quickstart, c);
      expect(first).toContain("releases");
      expect(snapshot(quickstart, c)).toBe(first);
    }
  });
});

describe.each(testHelmBinaries().slice(0, 1))("determinism of rendered manifests with %s", (_label, helm) => {
  async function template(): Promise<string> {
    let stdout = "";
    const code = await runCli(["-f", "examples/quickstart/helmfile.yaml", "-e", "production", "template"], {
      cwd: resolve(quickstart, "../.."),
      env: { ...process.env, HELM_BINARY: helm },
      writeStdout: (t) => (stdout += t),
      writeStderr: () => {},
    });
    return `${code}\n${stdout}`;
  }

  test("the quickstart renders byte-identical manifests twice", async () => {
    const first = await template();
    expect(first.startsWith("0\n")).toBe(true);
    expect(await template()).toBe(first);
  });
});
