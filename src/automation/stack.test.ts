import { resolveStackOptions } from "./options";
import { engineEnvironment, UNBOUNDED_PARALLELISM } from "./stack";

describe("engineEnvironment", () => {
  const saved = { skip: process.env.PULUMI_SKIP_CHECKPOINTS, parallel: process.env.PULUMI_PARALLEL };
  const restore = (name: string, value: string | undefined): void => {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  };
  beforeEach(() => {
    delete process.env.PULUMI_SKIP_CHECKPOINTS;
    delete process.env.PULUMI_PARALLEL;
  });
  afterEach(() => {
    restore("PULUMI_SKIP_CHECKPOINTS", saved.skip);
    restore("PULUMI_PARALLEL", saved.parallel);
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

  it("leaves a PULUMI_SKIP_CHECKPOINTS or PULUMI_PARALLEL of the caller's environment in force", () => {
    process.env.PULUMI_SKIP_CHECKPOINTS = "false";
    process.env.PULUMI_PARALLEL = "4";
    const env = engineEnvironment(applying());
    expect(env).not.toHaveProperty("PULUMI_SKIP_CHECKPOINTS");
    expect(env).not.toHaveProperty("PULUMI_PARALLEL");
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
