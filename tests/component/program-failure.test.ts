/**
 * A failing Helmfile fails the user's program, however it is written (src/emit/program-failure.ts):
 * each scenario runs as its own Node process under Pulumi's mocks (tests/component/failing-program.ts),
 * because jest takes unhandled rejections for itself, and Pulumi's runtime fails a program on
 * exactly those. The deployed behaviour (`pulumi up` exits non-zero, nothing deleted) is checked on the
 * test cluster by tests/e2e/program-safety.e2e.test.ts.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";

const ROOT = join(__dirname, "..", "..");
const TSX = join(ROOT, "node_modules", ".bin", "tsx");

interface Described {
  resourceError: boolean;
  runError: boolean;
  hideStack?: boolean;
  resourceType?: string;
  code?: string;
  causeClass?: string;
  message: string;
  stackIsMessage: boolean;
  className: string;
}
interface Outcome {
  unhandled: Described[];
  releasesRejection: Described | null;
  thrown: Described | null;
  releasesRejectionIsReported: boolean;
  ids: string[] | null;
  registered: string[];
  calls: number;
}

function runScenario(scenario: string): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [join(__dirname, "failing-program.ts"), scenario], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) reject(new Error(`${scenario}: exit ${code}: ${err}`));
      else resolve(JSON.parse(out) as Outcome);
    });
  });
}

describe("a failing Helmfile in a user's program (own process, Pulumi's mocks)", () => {
  jest.setTimeout(180_000);
  const scenarios = [
    "exports-nothing",
    "exports-release-ids",
    "awaits-releases",
    "owns-failure",
    "selectors",
    "selectors-output",
    "selectors-empty",
    "selectors-automation",
  ];
  const outcomes = new Map<string, Outcome>();
  beforeAll(async () => {
    // Two at a time: each process loads the Pulumi SDK.
    for (let i = 0; i < scenarios.length; i += 2) {
      const batch = scenarios.slice(i, i + 2);
      const done = await Promise.all(batch.map(runScenario));
      batch.forEach((s, j) => outcomes.set(s, done[j] as Outcome));
    }
  });
  const outcome = (s: string): Outcome => {
    const o = outcomes.get(s);
    if (o === undefined) throw new Error(`no outcome for ${s}`);
    return o;
  };

  const expectFailsTheProgram = (o: Outcome, code: string): void => {
    // Exactly one error (by identity, as the runtime dedupes), printed as its message alone on the Helmfile.
    expect(o.unhandled).toHaveLength(1);
    expect(o.unhandled[0]).toMatchObject({
      resourceError: true,
      hideStack: true,
      resourceType: "helmfile:index:Helmfile",
      code,
      stackIsMessage: true,
      className: "HelmfileProgramError",
    });
    expect(o.unhandled[0]?.message.startsWith(`${code}: `)).toBe(true);
    expect(o.registered).not.toContain("helmfile:index:Release");
  };

  it("a program that exports nothing and awaits nothing fails, with the code and message", () => {
    const o = outcome("exports-nothing");
    expectFailsTheProgram(o, "CONFIG_NO_CLUSTER");
    expect(o.unhandled[0]?.causeClass).toBe("ConfigError");
    expect(o.unhandled[0]?.message).toContain("no Kubernetes cluster is configured");
  });

  it("a program that exports releaseIds fails the same way (releaseIds itself never rejects)", () => {
    const o = outcome("exports-release-ids");
    expectFailsTheProgram(o, "CONFIG_NO_CLUSTER");
    expect(o.ids).toEqual([]);
  });

  it("a program that awaits releases, or leaves it unhandled, fails with the same one error, reported once", () => {
    const o = outcome("awaits-releases");
    expectFailsTheProgram(o, "CONFIG_NO_CLUSTER");
    expect(o.releasesRejectionIsReported).toBe(true);
  });

  it("a caller that owns the failure (automation, provider) gets the original error and no unhandled rejection", () => {
    const o = outcome("owns-failure");
    expect(o.unhandled).toEqual([]);
    expect(o.releasesRejection).toMatchObject({ className: "ConfigError", code: "CONFIG_NO_CLUSTER" });
  });

  it("selectors listed in a user's program are refused by the constructor, before the component registers", () => {
    const o = outcome("selectors");
    // A RunError: Pulumi's runtime prints its message alone when the program lets it escape.
    expect(o.thrown).toMatchObject({
      runError: true,
      code: "CONFIG_SELECTORS_IN_PROGRAM",
      causeClass: "ConfigError",
      stackIsMessage: true,
      className: "HelmfileRunError",
    });
    expect(o.thrown?.message).toMatch(
      /^CONFIG_SELECTORS_IN_PROGRAM: selectors: not accepted in a Pulumi program/,
    );
    expect(o.thrown?.message).toContain("pulumi-helmfile -l");
    expect(o.thrown?.message).toContain("Automation API");
    expect(o.calls).toBe(0);
    expect(o.registered).toEqual([]);
    expect(o.unhandled).toEqual([]);
  });

  it("selectors known only later (an Output) are refused then, before anything is loaded", () => {
    const o = outcome("selectors-output");
    expectFailsTheProgram(o, "CONFIG_SELECTORS_IN_PROGRAM");
    expect(o.calls).toBe(0);
  });

  it("an empty selector list selects everything and is not refused", () => {
    const o = outcome("selectors-empty");
    expect(o.unhandled).toEqual([]);
    expect(o.ids).toEqual(["x/a"]);
    expect(o.registered).toContain("helmfile:index:Release");
  });

  it("the automation layer's selectors go through (it excludes the unselected releases itself)", () => {
    const o = outcome("selectors-automation");
    expect(o.unhandled).toEqual([]);
    expect(o.ids).toEqual(["x/a"]);
  });
});
