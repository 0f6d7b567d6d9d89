/**
 * The "needs …, but … is not installed" warnings and the needs plan per state, as helmfile
 * v1.8.0 prints them (every expected text below is that binary's output on the same files):
 * - each state warns for all its releases when it is converged (GetReleasesWithOverrides), after
 *   its sub-helmfiles were processed, and again for each release it templates or writes
 *   (TemplateReleases / WriteReleasesValues re-apply the overrides, pkg/state/state.go);
 * - a state plans its needs only when it has a selected release (pkg/app/app.go withNeeds), and
 *   a plan error carries the chain of state files (`in ./helmfile.yaml: in .helmfiles[0]: …`).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { captureCli } from "../../tests/support/run-cli";

const HELM = process.env.HELM_BINARY ?? join(__dirname, "..", "..", ".tools/helm4/helm");

const PARENT = `helmfiles:
- path: sub/helmfile.yaml
releases:
- name: top
  chart: ./chart
  installed: false
  labels: {tier: ops}
- name: other
  chart: ./chart
  needs: [top]
  labels: {tier: web}
`;
const SUB = `releases:
- name: subrel
  chart: ../chart
  labels: {tier: data}
  needs: [ghost]
`;

const warn = (self: string, need: string): string =>
  `WARNING: release ${self} needs ${need}, but ${need} is not installed due to installed: false. Either mark ${need} as installed or remove ${need} from ${self}'s needs`;

describe("needs warnings and plans per state", () => {
  let tmp: string;
  beforeEach(() => {
    tmp = mkdtempSync(join(tmpdir(), "ph-needs-warn-"));
    mkdirSync(join(tmp, "chart"));
    mkdirSync(join(tmp, "sub"));
    writeFileSync(join(tmp, "chart", "Chart.yaml"), "apiVersion: v2\nname: c\nversion: 0.1.0\n");
    writeFileSync(join(tmp, "helmfile.yaml"), PARENT);
    writeFileSync(join(tmp, "sub", "helmfile.yaml"), SUB);
  });
  afterEach(() => rmSync(tmp, { recursive: true, force: true }));

  async function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return captureCli(["-f", "helmfile.yaml", ...args], tmp, {
      PATH: `${dirname(HELM)}:${process.env.PATH ?? ""}`,
      HOME: tmp,
      TMPDIR: tmp,
    });
  }

  test("template stops at the sub-helmfile's undefined need, before the parent is converged", async () => {
    const r = await run("template", "--skip-deps");
    expect(r.stderr).toBe(
      `${warn("subrel", "ghost")}\n` +
        `in ./helmfile.yaml: in .helmfiles[0]: in sub/helmfile.yaml: release(s) "subrel" depend(s) on an undefined release "ghost". Perhaps you made a typo in "needs" or forgot defining a release named "ghost" with appropriate "namespace" and "kubeContext"?\n`,
    );
    expect(r.code).toBe(1);
  });

  test("template does not plan a state none of whose releases is selected", async () => {
    const r = await run("-l", "tier=ops", "template", "--skip-deps");
    expect([r.code, r.stdout]).toEqual([0, ""]);
    expect(r.stderr).toBe(`${warn("subrel", "ghost")}\n${warn("other", "top")}\n`);
  });

  test("write-values warns once per state and once more per written release", async () => {
    const r = await run("write-values", "--output-file-template", `${tmp}/out/{{ .Release.Name }}.yaml`);
    expect(r.code).toBe(0);
    const lines = r.stderr.trimEnd().split("\n");
    // helmfile writes a state's releases in Go map order; compare the lines as a multiset.
    expect(lines.sort()).toEqual(
      [
        warn("subrel", "ghost"),
        warn("subrel", "ghost"),
        `Writing values file ${tmp}/out/subrel.yaml`,
        warn("other", "top"),
        warn("other", "top"),
        `Writing values file ${tmp}/out/other.yaml`,
      ].sort(),
    );
  });
});
