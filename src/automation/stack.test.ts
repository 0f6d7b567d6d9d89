import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { resolveStackOptions } from "./options";
import { LocalWorkspace, type Stack } from "@pulumi/pulumi/automation";
import { createNew, engineEnvironment, UNBOUNDED_PARALLELISM, withoutReadBack } from "./stack";
import { findPulumiCli } from "./pulumi-cli";

describe("engineEnvironment", () => {
  const saved = {
    skip: process.env.PULUMI_SKIP_CHECKPOINTS,
    parallel: process.env.PULUMI_PARALLEL,
    qps: process.env.PULUMI_K8S_CLIENT_QPS,
    burst: process.env.PULUMI_K8S_CLIENT_BURST,
    gogc: process.env.GOGC,
  };
  const restore = (name: string, value: string | undefined): void => {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  };
  beforeEach(() => {
    delete process.env.PULUMI_SKIP_CHECKPOINTS;
    delete process.env.PULUMI_PARALLEL;
    delete process.env.PULUMI_K8S_CLIENT_QPS;
    delete process.env.PULUMI_K8S_CLIENT_BURST;
    delete process.env.GOGC;
  });
  afterEach(() => {
    restore("PULUMI_SKIP_CHECKPOINTS", saved.skip);
    restore("PULUMI_PARALLEL", saved.parallel);
    restore("PULUMI_K8S_CLIENT_QPS", saved.qps);
    restore("PULUMI_K8S_CLIENT_BURST", saved.burst);
    restore("GOGC", saved.gogc);
  });
  const rendering = () => resolveStackOptions({ file: "/p/helmfile.yaml", pulumiRoot: "/engine" });
  const applying = () =>
    resolveStackOptions({ file: "/p/helmfile.yaml", pulumiRoot: "/engine", applyToCluster: true });

  it("rendering to a directory or applying to a cluster, has the engine write the state once per operation (PULUMI_SKIP_CHECKPOINTS)", () => {
    expect(engineEnvironment(rendering()).PULUMI_SKIP_CHECKPOINTS).toBe("true");
    expect(engineEnvironment(applying()).PULUMI_SKIP_CHECKPOINTS).toBe("true");
  });

  it("runs every step that is ready at once, as helmfile runs every release at once (PULUMI_PARALLEL: the engine's unbounded value)", () => {
    expect(UNBOUNDED_PARALLELISM).toBe(2147483647);
    expect(engineEnvironment(applying()).PULUMI_PARALLEL).toBe("2147483647");
    expect(engineEnvironment(rendering()).PULUMI_PARALLEL).toBe("2147483647");
  });

  it("raises the Kubernetes provider's client rate limit (PULUMI_K8S_CLIENT_QPS / _BURST, its settings' variables)", () => {
    const env = engineEnvironment(applying());
    expect([env.PULUMI_K8S_CLIENT_QPS, env.PULUMI_K8S_CLIENT_BURST]).toEqual(["1000", "2000"]);
  });

  it("runs the engine's and the provider's Go collector half as often as Go's default (GOGC 200, Go's is 100), unless the caller set GOGC", () => {
    expect(engineEnvironment(applying()).GOGC).toBe("200");
    expect(engineEnvironment(rendering(), false).GOGC).toBe("200");
    process.env.GOGC = "off";
    expect(engineEnvironment(applying())).not.toHaveProperty("GOGC");
    const own = resolveStackOptions({
      file: "/p/helmfile.yaml",
      pulumiRoot: "/engine",
      envVars: { GOGC: "50" },
    });
    expect(engineEnvironment(own).GOGC).toBe("50");
  });

  it("leaves a PULUMI_SKIP_CHECKPOINTS, PULUMI_PARALLEL or client rate limit of the caller's environment in force", () => {
    process.env.PULUMI_SKIP_CHECKPOINTS = "false";
    process.env.PULUMI_PARALLEL = "4";
    process.env.PULUMI_K8S_CLIENT_QPS = "5";
    process.env.PULUMI_K8S_CLIENT_BURST = "10";
    const env = engineEnvironment(applying());
    expect(env).not.toHaveProperty("PULUMI_SKIP_CHECKPOINTS");
    expect(env).not.toHaveProperty("PULUMI_PARALLEL");
    expect(env).not.toHaveProperty("PULUMI_K8S_CLIENT_QPS");
    expect(env).not.toHaveProperty("PULUMI_K8S_CLIENT_BURST");
  });

  it("lets the options' own engine variables win over its defaults", () => {
    const env = engineEnvironment(
      resolveStackOptions({
        file: "/p/helmfile.yaml",
        pulumiRoot: "/engine",
        applyToCluster: true,
        envVars: { PULUMI_SKIP_CHECKPOINTS: "false", PULUMI_PARALLEL: "16" },
      }),
    );
    expect([env.PULUMI_SKIP_CHECKPOINTS, env.PULUMI_PARALLEL]).toEqual(["false", "16"]);
  });
});

describe("withoutReadBack", () => {
  /** A stand-in for the SDK's Stack: its read-backs count the CLI runs they would make. */
  const fakeStack = () => {
    const runs: string[] = [];
    const stack = {
      outputs: async () => {
        runs.push("stack output");
        return { releaseIds: { value: ["read", "back"], secret: false } };
      },
      info: async () => {
        runs.push("stack history");
        return { resourceChanges: { create: 1 } };
      },
      // As Stack.up does after the engine: outputs, then the summary.
      up: async function (this: { outputs: () => Promise<unknown>; info: () => Promise<unknown> }) {
        return { outputs: await this.outputs(), summary: await this.info() };
      },
    };
    return { stack, runs };
  };

  it("answers the outputs from the program and leaves the summary to the engine's event: no CLI run", async () => {
    const { stack, runs } = fakeStack();
    const own = { outputs: stack.outputs, info: stack.info };
    const outputs = { releaseIds: { value: ["ns/app"], secret: false } };
    const r = await withoutReadBack(
      stack as unknown as Stack,
      { outputs: () => outputs, summarised: () => true },
      () => stack.up(),
    );
    expect(r).toEqual({ outputs, summary: undefined });
    expect(runs).toEqual([]);
    // The stack's own read-backs are back in place afterwards.
    expect([stack.outputs, stack.info]).toEqual([own.outputs, own.info]);
  });

  it("reads back what it does not know (a program of another's, no summary event), and restores them when the operation fails", async () => {
    const { stack, runs } = fakeStack();
    const r = await withoutReadBack(
      stack as unknown as Stack,
      { outputs: () => undefined, summarised: () => false },
      () => stack.up(),
    );
    expect(r).toEqual({
      outputs: { releaseIds: { value: ["read", "back"], secret: false } },
      summary: { resourceChanges: { create: 1 } },
    });
    expect(runs).toEqual(["stack output", "stack history"]);
    const own = stack.outputs;
    await expect(
      withoutReadBack(stack as unknown as Stack, { outputs: () => undefined, summarised: () => true }, () =>
        Promise.reject(new Error("update failed")),
      ),
    ).rejects.toThrow("update failed");
    expect(stack.outputs).toBe(own);
  });
});

describe("createNew (a stack its backend held no state for), with the real Pulumi CLI", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "phf-create-new-"));
    mkdirSync(join(dir, "state"));
    writeFileSync(
      join(dir, "Pulumi.yaml"),
      `name: created\nruntime: nodejs\nbackend:\n  url: file://${join(dir, "state")}\n`,
    );
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A workspace of the project in `dir` that counts its `pulumi stack select` runs. */
  const workspace = async (): Promise<{ ws: LocalWorkspace; selects: string[] }> => {
    const cli = await findPulumiCli(undefined);
    const ws = await LocalWorkspace.create({
      workDir: dir,
      pulumiCommand: cli.command,
      ...(cli.home === undefined ? {} : { pulumiHome: cli.home }),
      envVars: { PULUMI_CONFIG_PASSPHRASE: "", PULUMI_SKIP_UPDATE_CHECK: "true" },
    });
    const selects: string[] = [];
    const select = ws.selectStack.bind(ws);
    ws.selectStack = (name: string) => {
      selects.push(name);
      return select(name);
    };
    return { ws, selects };
  };

  it("creates the stack without selecting it first, and selects one another run created meanwhile", async () => {
    const first = await workspace();
    const made = await createNew("dev", first.ws);
    expect(made.name).toBe("dev");
    expect(first.selects).toEqual([]);
    expect((await first.ws.listStacks()).map((s) => s.name)).toEqual(["dev"]);
    // Another run found the backend empty too, and creates the same stack after this one did.
    const second = await workspace();
    const taken = await createNew("dev", second.ws);
    expect(taken.name).toBe("dev");
    expect(second.selects).toEqual(["dev"]);
    expect((await second.ws.listStacks()).map((s) => s.name)).toEqual(["dev"]);
  }, 60_000);
});
