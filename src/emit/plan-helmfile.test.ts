/**
 * A plan of some of a state's releases (a partial preview's or `up`'s, ./program-failure.ts
 * `OnlyReleases`) makes for each of them the registration digests the plan of every release makes,
 * the ones an `up` records and the next preview compares with: the digests share the CRD texts and
 * cluster-scoped kinds of every release, which a plan of some only has when it is handed them.
 * Rendered with the real helm, offline (to a directory).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testHelmBinaries } from "../node/helm-binaries";
import { silentLogger } from "../shared/io";
import { createDefaultPipeline } from "./default-pipeline";
import { planHelmfile, type HelmfilePlan } from "./plan-helmfile";

const CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  scope: Cluster
  names: {kind: Widget, plural: widgets}
  versions: [{name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}]
`;

describe.each(testHelmBinaries())("a plan of some releases with %s", (_label, helm) => {
  let tmp: string;
  beforeEach(() => {
    tmp = mkdtempSync(join(tmpdir(), "ph-plan-some-"));
    for (const name of ["app", "crds"]) {
      mkdirSync(join(tmp, name, "templates"), { recursive: true });
      writeFileSync(join(tmp, name, "Chart.yaml"), `apiVersion: v2\nname: ${name}\nversion: 0.1.0\n`);
      writeFileSync(
        join(tmp, name, "templates", "cm.yaml"),
        "kind: ConfigMap\napiVersion: v1\nmetadata: {name: {{ .Release.Name }}}\ndata: {a: '{{ .Values.a }}'}\n",
      );
    }
    mkdirSync(join(tmp, "crds", "crds"));
    writeFileSync(join(tmp, "crds", "crds", "widget.yaml"), CRD);
    writeFileSync(
      join(tmp, "helmfile.yaml"),
      [
        "releases:",
        "- {name: app, namespace: n, chart: ./app, values: [{a: 1}]}",
        "- {name: kinds, namespace: n, chart: ./crds, values: [{a: 1}]}",
        "",
      ].join("\n"),
    );
  });
  afterEach(() => rmSync(tmp, { recursive: true, force: true }));

  const plan = (only?: HelmfilePlan, shared = true): Promise<HelmfilePlan> =>
    planHelmfile(
      { file: join(tmp, "helmfile.yaml"), helmBinary: helm, renderToDirectory: join(tmp, "out") },
      createDefaultPipeline({ cwd: tmp, env: { PATH: process.env.PATH, HOME: tmp }, cacheDir: false }),
      {
        componentName: "helmfile",
        providerInOptions: false,
        logger: silentLogger,
        ...(only === undefined
          ? {}
          : {
              onlyReleases: {
                ids: new Set(["n/app"]),
                releaseIds: only.plans.map((p) => p.id),
                clusterScopedKinds: only.kinds(),
                ...(shared ? { shared: only.shared() } : {}),
              },
            }),
      },
    );
  const digests = (p: HelmfilePlan): [string, string] | undefined => {
    const r = [...p.registrations].find(([name]) => name.endsWith("n/app"))?.[1];
    return r === undefined ? undefined : [r.text, r.objects()];
  };

  test("the release's digests are those of the plan of every release", async () => {
    const all = await plan();
    expect(all.kinds()).toEqual(["example.com/Widget"]);
    const some = await plan(all);
    expect(some.plans.map((p) => p.id)).toEqual(["n/app"]);
    expect(digests(some)).toEqual(digests(all));
  });

  test("without what every release shares, its text digest is another (the other release's CRD is not in it)", async () => {
    const all = await plan();
    const some = await plan(all, false);
    expect(digests(some)?.[0]).not.toBe(digests(all)?.[0]);
  });
});
