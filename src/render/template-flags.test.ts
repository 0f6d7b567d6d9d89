import { readFileSync } from "node:fs";
import { fromPlain, isMap, newMap, type ValueMap } from "../shared/value";
import { extraHelmArgs } from "./collect-args";
import { templateFlags } from "./template-flags";
import { corpusPath } from "../../tests/support/corpus";

interface FlagVector {
  id: string;
  function: string;
  input: Record<string, unknown>;
  expected?: unknown;
  expectedJoined?: string;
}

const corpus = corpusPath("helmfile", "vectors", "helm-template-args.json");
const vectors = (JSON.parse(readFileSync(corpus, "utf8")) as { vectors: FlagVector[] }).vectors;

function map(v: unknown): ValueMap {
  const m = fromPlain(v ?? {});
  return isMap(m) ? m : newMap();
}

describe("templateFlags follows helmfile's flagsForTemplate", () => {
  const cases = vectors.filter((v) => v.function === "helmTemplateFlags");

  test("the corpus has flag vectors", () => {
    expect(cases.length).toBeGreaterThan(10);
  });

  test.each(cases.map((v) => [v.id, v] as const))("%s", (_id, v) => {
    const input = v.input;
    const opts = (input.templateOpts ?? {}) as Record<string, unknown>;
    const envs = (input.environments ?? {}) as Record<string, { kubeContext?: string }>;
    const envCtx = envs[String(input.envName)]?.kubeContext;
    const release = map(input.release);
    const flags = templateFlags({
      release,
      helmDefaults: map(input.helmDefaults),
      options: {
        ...(typeof opts.kubeVersion === "string" ? { kubeVersion: opts.kubeVersion } : {}),
        ...(typeof opts.templateArgs === "string" ? { templateArgs: opts.templateArgs } : {}),
        ...(Array.isArray(opts.postRendererArgs)
          ? { postRendererArgs: opts.postRendererArgs as string[] }
          : {}),
      },
      helmMajor: 3,
      ...(envCtx === undefined ? {} : { environmentKubeContext: envCtx }),
    });
    if (typeof release.namespace === "string" && release.namespace !== "")
      flags.push("--namespace", release.namespace);
    expect(flags).toEqual(v.expected);
  });
});

describe("extraHelmArgs parses --args and helmDefaults.args like helmfile", () => {
  test.each(vectors.filter((v) => v.function === "extraHelmArgs").map((v) => [v.id, v] as const))(
    "%s",
    (_id, v) => {
      const args = extraHelmArgs(
        String(v.input.args),
        (v.input.helmDefaultsArgs as string[] | null) ?? undefined,
      );
      expect(args.join(" ")).toBe(v.expectedJoined);
    },
  );
});

describe("post-renderers under helm 4", () => {
  test("a script path becomes the plugin name", () => {
    const release = map({ chart: "x/y", postRenderer: "../../postrenderers/add-cm1.bash" });
    expect(templateFlags({ release, helmDefaults: newMap(), helmMajor: 4 })).toEqual([
      "--post-renderer",
      "add-cm1",
    ]);
  });

  test("helm 3 keeps the script path", () => {
    const release = map({ chart: "x/y", postRenderer: "./pr.sh" });
    expect(templateFlags({ release, helmDefaults: newMap(), helmMajor: 3 })).toEqual([
      "--post-renderer",
      "./pr.sh",
    ]);
  });
});

describe("post-renderer paths under helm 3", () => {
  // helmfile's postrender integration case runs `--post-renderer ./add-cm.bash` from the repository
  // root and it works because helmfile changes into the state file's directory first.
  test("a relative script path resolves against the state file's directory", () => {
    const release = map({ chart: "x/y", postRenderer: "./add-cm.bash" });
    expect(templateFlags({ release, helmDefaults: newMap(), helmMajor: 3, baseDir: "/w/input" })).toEqual([
      "--post-renderer",
      "/w/input/add-cm.bash",
    ]);
  });

  test("a bare name stays a PATH lookup and an absolute path is kept", () => {
    const bare = map({ chart: "x/y", postRenderer: "kustomize-pr" });
    const abs = map({ chart: "x/y", postRenderer: "/opt/pr.sh" });
    expect(templateFlags({ release: bare, helmDefaults: newMap(), helmMajor: 3, baseDir: "/w" })).toEqual([
      "--post-renderer",
      "kustomize-pr",
    ]);
    expect(templateFlags({ release: abs, helmDefaults: newMap(), helmMajor: 3, baseDir: "/w" })).toEqual([
      "--post-renderer",
      "/opt/pr.sh",
    ]);
  });
});

describe("repository TLS flags", () => {
  test("plainHttp on the repository wins over skipTLSVerify", () => {
    const repo = map({ name: "r", url: "oci://x", plainHttp: true, skipTLSVerify: true });
    expect(
      templateFlags({ release: map({ chart: "r/app" }), helmDefaults: newMap(), repositories: [repo] }),
    ).toEqual(["--plain-http"]);
  });
});
