import { join } from "node:path";
import { resolveStackOptions } from "./options";

describe("resolveStackOptions", () => {
  it("keeps state, workspace and rendered manifests under .pulumi-helmfile of the helmfile's directory", () => {
    const o = resolveStackOptions({
      file: "/p/app/helmfile.yaml",
      environment: "prod",
      pulumiRoot: "/engine",
    });
    expect(o.projectDir).toBe("/p/app");
    expect(o.stackName).toBe("prod");
    expect(o.backendUrl).toBe("file:///p/app/.pulumi-helmfile");
    expect(o.workDir).toBe(join("/p/app/.pulumi-helmfile", "workspace"));
    expect(o.renderToDirectory).toBe("/p/app/.pulumi-helmfile/manifests/prod");
    expect(o.secretsProvider).toBe("passphrase");
    expect(o.pulumiRoot).toBe("/engine");
  });

  it("applies to the cluster only when asked, and honours an explicit backend", () => {
    const o = resolveStackOptions({
      file: "/p/helmfile.yaml",
      applyToCluster: true,
      backendUrl: "s3://bucket/state",
      stackName: "s",
    });
    expect(o.renderToDirectory).toBeUndefined();
    expect(o.backendUrl).toBe("s3://bucket/state");
    expect(o.stackName).toBe("s");
  });
});
