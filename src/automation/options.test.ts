import { join } from "node:path";
import { defaultProjectName, resolveStackOptions } from "./options";

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

describe("defaultProjectName", () => {
  it("names the project after the helmfile's folder, and after the parent of helmfile.d", () => {
    expect(defaultProjectName("/w/team-a/helmfile.yaml", "/w/team-a")).toBe("helmfile-team-a");
    expect(defaultProjectName("/w/platform/helmfile.d", "/w/platform/helmfile.d")).toBe("helmfile-platform");
    expect(defaultProjectName("/w/my state!/helmfile.yaml", "/w/my state!")).toBe("helmfile-my-state");
    expect(defaultProjectName("/helmfile.yaml", "/")).toBe("helmfile");
  });

  it("is the default of resolveStackOptions, and --project overrides it", () => {
    expect(resolveStackOptions({ file: "/w/team-b/helmfile.yaml" }).projectName).toBe("helmfile-team-b");
    expect(resolveStackOptions({ file: "/w/team-b/helmfile.yaml", projectName: "mine" }).projectName).toBe(
      "mine",
    );
  });
});
