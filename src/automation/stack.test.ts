import { resolveStackOptions } from "./options";
import { engineEnvironment } from "./stack";

describe("engineEnvironment", () => {
  const saved = process.env.PULUMI_SKIP_CHECKPOINTS;
  afterEach(() => {
    if (saved === undefined) delete process.env.PULUMI_SKIP_CHECKPOINTS;
    else process.env.PULUMI_SKIP_CHECKPOINTS = saved;
  });

  it("rendering to a directory, has the engine write the state once per operation (PULUMI_SKIP_CHECKPOINTS)", () => {
    delete process.env.PULUMI_SKIP_CHECKPOINTS;
    const env = engineEnvironment(resolveStackOptions({ file: "/p/helmfile.yaml", pulumiRoot: "/engine" }));
    expect(env.PULUMI_SKIP_CHECKPOINTS).toBe("true");
  });

  it("applying to a cluster, keeps the engine's write after every step", () => {
    delete process.env.PULUMI_SKIP_CHECKPOINTS;
    const env = engineEnvironment(
      resolveStackOptions({ file: "/p/helmfile.yaml", pulumiRoot: "/engine", applyToCluster: true }),
    );
    expect(env).not.toHaveProperty("PULUMI_SKIP_CHECKPOINTS");
  });

  it("leaves a PULUMI_SKIP_CHECKPOINTS of the caller's environment in force", () => {
    process.env.PULUMI_SKIP_CHECKPOINTS = "false";
    const env = engineEnvironment(resolveStackOptions({ file: "/p/helmfile.yaml", pulumiRoot: "/engine" }));
    expect(env).not.toHaveProperty("PULUMI_SKIP_CHECKPOINTS");
  });
});
