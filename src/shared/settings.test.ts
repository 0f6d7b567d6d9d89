/**
 * The environment read once: each variable docs/environment.md lists for the eight settings that
 * were read in eight modules lands in its field, with the default and the precedence the table gives.
 */
import { readEnvSettings } from "./settings";

describe("readEnvSettings", () => {
  it("gives the documented defaults for an empty environment", () => {
    const s = readEnvSettings({}, "/home/u");
    expect(s.helmfile).toEqual({
      file: "",
      kubeContext: "",
      namespace: "",
      helmBinary: undefined,
      kustomizeBinary: undefined,
      logLevel: "info",
      environment: "default",
      debug: false,
      quiet: false,
      noColor: false,
      repoRetries: 0,
    });
    expect(s.dumbTerminal).toBe(false);
    expect(s.policy.disableInsecureFeatures).toBe(false);
    expect(s.tempDir).toBeUndefined();
    expect(s.helmfileCacheHome).toBe("/home/u/.cache/helmfile");
    expect(s.renderCache).toEqual({
      dir: "/home/u/.cache/pulumi-helmfile/render",
      disabled: false,
      maxMegabytes: undefined,
    });
    expect(s.secretResolverModules).toEqual([]);
    expect(s.insecureRefs).toBe(false);
    expect(s.tools).toEqual({
      chartify: undefined,
      kustomize: undefined,
      cacheBin: "/home/u/.cache/pulumi-helmfile/bin",
    });
  });

  it("reads the opt-in of ref+exec as Go's true, and where the chartify programs are", () => {
    for (const yes of ["1", "t", "T", "TRUE", "true", "True"])
      expect(readEnvSettings({ PULUMI_HELMFILE_INSECURE_REFS: yes }, "/h").insecureRefs).toBe(true);
    for (const no of ["", "yes", "on", "0"])
      expect(readEnvSettings({ PULUMI_HELMFILE_INSECURE_REFS: no }, "/h").insecureRefs).toBe(false);
    expect(
      readEnvSettings(
        {
          PULUMI_HELMFILE_CHARTIFY: "./bin/c",
          PULUMI_HELMFILE_KUSTOMIZE: "/k",
          PULUMI_HELMFILE_PULUMI_ROOT: "/tools/",
        },
        "/h",
      ).tools,
    ).toEqual({ chartify: "./bin/c", kustomize: "/k", cacheBin: "/tools/bin" });
  });

  it("reads helmfile's HELMFILE_* variables: booleans only for the exact string true, NO_COLOR for any value", () => {
    const h = readEnvSettings(
      {
        HELMFILE_FILE_PATH: "states/",
        HELMFILE_KUBE_CONTEXT: "prod",
        HELMFILE_NAMESPACE: "ns",
        HELMFILE_HELM_BINARY: "/opt/helm",
        HELMFILE_KUSTOMIZE_BINARY: "/opt/kustomize",
        HELMFILE_LOG_LEVEL: "debug",
        HELMFILE_ENVIRONMENT: "production",
        HELMFILE_DEBUG: "true",
        HELMFILE_QUIET: "1",
        NO_COLOR: "yes",
        HELMFILE_REPO_RETRIES: "3",
      },
      "/home/u",
    ).helmfile;
    expect(h).toEqual({
      file: "states/",
      kubeContext: "prod",
      namespace: "ns",
      helmBinary: "/opt/helm",
      kustomizeBinary: "/opt/kustomize",
      logLevel: "debug",
      environment: "production",
      debug: true,
      quiet: false,
      noColor: true,
      repoRetries: 3,
    });
    expect(readEnvSettings({ HELMFILE_NO_COLOR: "true" }, "/h").helmfile.noColor).toBe(true);
    expect(readEnvSettings({ HELMFILE_NO_COLOR: "yes" }, "/h").helmfile.noColor).toBe(false);
    expect(readEnvSettings({ HELMFILE_REPO_RETRIES: "-1" }, "/h").helmfile.repoRetries).toBe(0);
    expect(readEnvSettings({ HELMFILE_HELM_BINARY: "" }, "/h").helmfile.helmBinary).toBeUndefined();
  });

  it("places the caches: an explicit folder, else XDG_CACHE_HOME, else HOME's .cache, else the given home", () => {
    expect(
      readEnvSettings({ HELMFILE_CACHE_HOME: "/c/hf", PULUMI_HELMFILE_CACHE_DIR: "/c/render" }, "/h"),
    ).toMatchObject({ helmfileCacheHome: "/c/hf", renderCache: { dir: "/c/render" } });
    expect(readEnvSettings({ XDG_CACHE_HOME: "/xdg", HOME: "/home/v" }, "/h")).toMatchObject({
      helmfileCacheHome: "/xdg/helmfile",
      renderCache: { dir: "/xdg/pulumi-helmfile/render" },
    });
    expect(readEnvSettings({ HOME: "/home/v/" }, "/h").helmfileCacheHome).toBe("/home/v/.cache/helmfile");
  });

  it("turns the render cache off with 0 or false, and bounds it with a positive PULUMI_HELMFILE_CACHE_MAX_MB", () => {
    expect(readEnvSettings({ PULUMI_HELMFILE_CACHE: "0" }, "/h").renderCache.disabled).toBe(true);
    expect(readEnvSettings({ PULUMI_HELMFILE_CACHE: "false" }, "/h").renderCache.disabled).toBe(true);
    expect(readEnvSettings({ PULUMI_HELMFILE_CACHE: "no" }, "/h").renderCache.disabled).toBe(false);
    expect(readEnvSettings({ PULUMI_HELMFILE_CACHE_MAX_MB: "64" }, "/h").renderCache.maxMegabytes).toBe(64);
    expect(
      readEnvSettings({ PULUMI_HELMFILE_CACHE_MAX_MB: "-5" }, "/h").renderCache.maxMegabytes,
    ).toBeUndefined();
    expect(
      readEnvSettings({ PULUMI_HELMFILE_CACHE_MAX_MB: "x" }, "/h").renderCache.maxMegabytes,
    ).toBeUndefined();
  });

  it("reads the policy, the limits, TMPDIR, TERM and the resolver modules", () => {
    const s = readEnvSettings(
      {
        HELMFILE_DISABLE_INSECURE_FEATURES: "true",
        PULUMI_HELMFILE_HELM_TIMEOUT_MS: "1234",
        TMPDIR: "/scratch",
        TERM: "dumb",
        PULUMI_HELMFILE_SECRET_RESOLVERS: " a.js ,/abs/b.js,,",
      },
      "/h",
    );
    expect(s.policy.disableInsecureFeatures).toBe(true);
    expect(s.limits.helmTimeoutMs).toBe(1234);
    expect([s.tempDir, s.dumbTerminal]).toEqual(["/scratch", true]);
    expect(s.secretResolverModules).toEqual(["a.js", "/abs/b.js"]);
  });
});
