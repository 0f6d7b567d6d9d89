/**
 * The Helmfile component over helmfile's own corpus cases, with the real loader and helm, under
 * Pulumi mocks in update and preview mode. Expected manifests come from helmfile's recorded
 * output or from running helm directly; expected values from the case's helmfile text.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { createDefaultPipeline } from "../../src/emit/default-pipeline";
import { Helmfile } from "../../src/emit/helmfile";
import { EXCLUDES_UNSELECTED, OWNS_FAILURE } from "../../src/emit/program-failure";
import type { HelmfileArgs } from "../../src/emit/helmfile-args";
import {
  isSecretValue,
  plainValue,
  recordMockResources,
  type MockRecorder,
  type RecordedResource,
} from "../../src/testing";
import { byIdentity, expectedObjects, helmTemplate, yamlDocuments } from "./helm-expectations";
import { groupObjects, objectInputs } from "../support/release-objects";
import { recordingLogger } from "./recording-logger";
import { capturingPipeline } from "./capture-manifests";
import { manifestDigest } from "../../src/emit/manifest-digest";
import { corpusPath } from "../support/corpus";

const CASES = corpusPath("helmfile", "cases");
const RAW_CHART = corpusPath("helmfile", "charts", "raw");

interface ExpectedRelease {
  readonly id: string;
  /** Expected merged values; default: not checked. */
  readonly values?: unknown;
  /** Expected manifest from running helm directly; default: checked against the case's output file. */
  readonly helm?: () => string;
}

interface CorpusCase {
  readonly name: string;
  readonly args: Omit<HelmfileArgs, "renderToDirectory">;
  readonly releases: readonly ExpectedRelease[];
  /** helmfile's recorded `template` output (all releases, in order), and how it is compared. */
  readonly output?: { readonly file: string; readonly exact: boolean };
}

/** The values of release `index` in a sub-helmfile, read from the case's own YAML. */
function inlineValues(caseName: string, file: string, index: number): unknown {
  const doc = parse(readFileSync(join(CASES, caseName, file), "utf8")) as {
    releases: Array<{ values: unknown[] }>;
  };
  return doc.releases[index]?.values[0];
}

/** The cases (some expectations read the case files). */
const corpusCases = (): readonly CorpusCase[] => [
  {
    name: "issue-2269",
    args: { file: "input/helmfile.yaml", namespace: "helmfile-tests" },
    releases: [
      {
        id: "helmfile-tests/test-release-2269",
        values: {},
        helm: () =>
          helmTemplate("test-release-2269", join(CASES, "issue-2269/input/chart"), "helmfile-tests"),
      },
    ],
  },
  {
    name: "issue-2544--all",
    args: { file: "input/helmfile.yaml", namespace: "helmfile-tests" },
    releases: ["a", "b", "c"].map((x) => {
      const values = inlineValues("issue-2544--all", `input/subhelmfile-${x}.yaml`, 0);
      return {
        id: `helmfile-tests/release-${x}`,
        values,
        helm: () => helmTemplate(`release-${x}`, RAW_CHART, "helmfile-tests", values),
      };
    }),
  },
  {
    name: "issue-2544--select-a",
    args: { file: "input/helmfile.yaml", namespace: "helmfile-tests", selectors: ["app=a"] },
    releases: [
      {
        id: "helmfile-tests/release-a",
        helm: () =>
          helmTemplate(
            "release-a",
            RAW_CHART,
            "helmfile-tests",
            inlineValues("issue-2544--select-a", "input/subhelmfile-a.yaml", 0),
          ),
      },
    ],
  },
  {
    name: "skip-diff-output--template",
    args: { file: "input/helmfile.yaml.gotmpl", namespace: "helmfile-tests" },
    releases: [
      {
        id: "helmfile-tests/foo",
        values: {
          templates: [
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}-1\n  namespace: {{ .Release.Namespace }}\ndata:\n  foo: FOO\n",
          ],
        },
      },
      { id: "helmfile-tests/baz" },
    ],
    output: { file: "output/template-result", exact: true },
  },
  {
    name: "issue-2353-layer-array-replace",
    args: { file: "input/helmfile.yaml.gotmpl", namespace: "helmfile-tests", skipDeps: true },
    releases: [{ id: "helmfile-tests/test" }],
    output: { file: "output/output.yaml", exact: false },
  },
  {
    name: "state-values-set-cli-args-in-environments",
    args: {
      file: "input/helmfile.yaml.gotmpl",
      namespace: "helmfile-tests",
      stateValuesSet: ["foo=bar"],
      skipDeps: true,
    },
    releases: [{ id: "helmfile-tests/state-value-set-args-environments" }],
    output: { file: "output/output.yaml", exact: false },
  },
];
const CORPUS: readonly CorpusCase[] = corpusCases();

async function run(
  c: CorpusCase,
  rec: MockRecorder,
): Promise<{ helmfile: RecordedResource; releases: RecordedResource[]; manifests: Map<string, string> }> {
  const cwd = join(CASES, c.name);
  const { pipeline, manifests } = capturingPipeline(
    createDefaultPipeline({
      cwd,
      env: { ...process.env },
    }),
  );
  const h = new Helmfile(
    "hf",
    { ...c.args, file: join(cwd, String(c.args.file)), renderToDirectory: "/tmp/ph-unused" },
    // Captured, not printed: these cases check manifests, not helmfile's progress lines.
    // As the automation layer creates it: it owns failures and keeps unselected releases out of reach.
    { pipeline, logger: recordingLogger().logger, [OWNS_FAILURE]: true, [EXCLUDES_UNSELECTED]: true },
  );
  await h.releases;
  await rec.settled();
  const helmfile = rec.resources.find((r) => r.type === "helmfile:index:Helmfile");
  if (helmfile === undefined) throw new Error("no Helmfile registered");
  return { helmfile, releases: rec.resources.filter((r) => r.type === "helmfile:index:Release"), manifests };
}

describe.each([
  ["update", false],
  ["preview", true],
])("Helmfile over helmfile corpus cases (%s)", (_mode, preview) => {
  let rec: MockRecorder;
  beforeEach(async () => {
    rec = await recordMockResources({ preview });
  });

  const rows = CORPUS.map((c) => [c.name, c] as const);
  it.each(rows)("%s: one Release per release, with helm's manifest and merged values", async (_name, c) => {
    const { helmfile, releases, manifests: rendered } = await run(c, rec);
    expect(releases.map((r) => r.name)).toEqual(c.releases.map((r) => `hf-${r.id}`));
    const manifests: string[] = [];
    for (const expected of c.releases) {
      const r = releases.find((x) => x.name === `hf-${expected.id}`);
      expect(r?.parent).toBe(helmfile.urn);
      // Every release namespace here is created (helmfile's default createNamespace: true).
      const ns = plainValue(r?.rawInputs.namespace);
      expect(r?.dependencies).toEqual(
        rec.resources
          .filter((x) => x.type === "kubernetes:core/v1:Namespace")
          .filter((x) => (plainValue(x.rawInputs.metadata) as { name: string }).name === ns)
          .map((x) => x.urn),
      );
      expect(isSecretValue(r?.rawInputs.values)).toBe(false);
      const manifest = rendered.get(expected.id) ?? "";
      expect(plainValue(r?.rawInputs.manifest)).toBe(manifestDigest(manifest));
      manifests.push(manifest);
      if (expected.values !== undefined)
        expect(JSON.parse(String(plainValue(r?.rawInputs.values)))).toEqual(expected.values);
      if (expected.helm !== undefined) expect(manifest).toBe(expected.helm());
      // The release's objects are resources of the Release, named as its ConfigGroup named them.
      const objects = groupObjects(rec, `hf-${expected.id}`);
      expect(objects.every((o) => o.parent === r?.urn)).toBe(true);
      expect(byIdentity(objects.map(objectInputs))).toEqual(
        byIdentity(expectedObjects(manifest, String(plainValue(r?.rawInputs.namespace)), true)),
      );
    }
    if (c.output !== undefined) {
      const recorded = readFileSync(join(CASES, c.name, c.output.file), "utf8");
      const ours = manifests.map((m) => `${m}\n`).join("");
      if (c.output.exact) expect(ours).toBe(recorded);
      else expect(yamlDocuments(ours)).toEqual(yamlDocuments(recorded));
    }
  });
});
