/**
 * A stack made when each release's objects were children of `kubernetes:yaml/v2:ConfigGroup`
 * components moves onto objects registered by the Release itself without touching them (real
 * engine, rendering to a directory): the former state is built from today's by Pulumi's URN rules
 * (a child's type chain is its parent's plus its own type), then `preview` must plan only the
 * groups' deletion and `up` must leave every rendered object in place. Without the objects'
 * aliases the engine would create each object anew and delete the old one, and in directory mode
 * that deletes the object's file.
 */
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { LocalWorkspace, PulumiCommand, type Deployment } from "@pulumi/pulumi/automation";
import { preview, up, type HelmfileStackOptions } from "../../src/automation";
import { resolveStackOptions } from "../../src/automation/options";
import { demoProject, renderedFiles } from "./demo-project";
import { ENGINE_ROOT, engineEnv, engineMissingReason } from "./engine";

const reason = engineMissingReason();
const describeEngine = reason === undefined ? describe : describe.skip;
const title =
  reason === undefined
    ? "moving a stack off ConfigGroups (real engine)"
    : `moving a stack off ConfigGroups (skipped: ${reason})`;
const GROUP_TYPE = "kubernetes:yaml/v2:ConfigGroup";

interface StateResource {
  urn: string;
  type: string;
  custom?: boolean;
  parent?: string;
  [key: string]: unknown;
}

/**
 * The state as the ConfigGroup layout had it: each object of a Release named `<group>:<rest>`
 * becomes a child of a `<group>` ConfigGroup component under that Release, every reference to the
 * object's URN follows it, and each group precedes its first object (parents come first).
 */
function asConfigGroups(resources: StateResource[]): { resources: StateResource[]; groups: number } {
  const releases = new Set(resources.filter((r) => r.type === "helmfile:index:Release").map((r) => r.urn));
  const renamed = new Map<string, string>();
  const out: StateResource[] = [];
  const groups = new Set<string>();
  for (const r of resources) {
    if (r.custom !== true || r.parent === undefined || !releases.has(r.parent)) {
      out.push(r);
      continue;
    }
    const name = r.urn.slice(r.urn.lastIndexOf("::") + 2);
    const group = name.slice(0, name.indexOf(":"));
    const parentChain = r.parent.slice(0, r.parent.lastIndexOf("::"));
    const groupUrn = `${parentChain}$${GROUP_TYPE}::${group}`;
    if (!groups.has(groupUrn)) {
      groups.add(groupUrn);
      out.push({ urn: groupUrn, type: GROUP_TYPE, custom: false, parent: r.parent });
    }
    const urn = `${parentChain}$${GROUP_TYPE}$${r.type}::${name}`;
    renamed.set(r.urn, urn);
    out.push({ ...r, urn, parent: groupUrn });
  }
  const text = JSON.stringify(out, (_k, v: unknown) =>
    typeof v === "string" && renamed.has(v) ? renamed.get(v) : v,
  );
  return { resources: JSON.parse(text) as StateResource[], groups: groups.size };
}

describeEngine(title, () => {
  jest.setTimeout(600_000);
  let project: string;
  let base: HelmfileStackOptions;
  let outDir: string;

  beforeAll(() => {
    ({ project, outDir, base } = demoProject("ph-e2e-cg-"));
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it("plans only the groups' deletion, then up keeps every object and its file", async () => {
    await up(base);
    const rendered = renderedFiles(outDir);
    expect(rendered.size).toBeGreaterThan(0);

    const resolved = resolveStackOptions(base);
    const workDir = join(project, "ws");
    mkdirSync(workDir, { recursive: true });
    const ws = await LocalWorkspace.create({
      workDir,
      pulumiCommand: await PulumiCommand.get({ root: ENGINE_ROOT }),
      pulumiHome: join(ENGINE_ROOT, "pulumi-home"),
      envVars: { ...engineEnv() },
      projectSettings: {
        name: resolved.projectName,
        runtime: "nodejs",
        backend: { url: resolved.backendUrl },
      },
    });
    const exported = await ws.exportStack(resolved.stackName);
    const deployment = exported.deployment as { resources: StateResource[] };
    const objects = deployment.resources.filter(
      (r) => r.custom === true && r.type === "kubernetes:core/v1:ConfigMap",
    );
    expect(objects.length).toBe(2);
    const old = asConfigGroups(deployment.resources);
    expect(old.groups).toBe(2);
    await ws.importStack(resolved.stackName, {
      ...exported,
      deployment: { ...deployment, resources: old.resources },
    } as Deployment);

    const planned = await preview(base);
    expect(planned.changedReleases).toEqual([]);
    expect(planned.resourceChanges).toEqual({ same: deployment.resources.length, delete: old.groups });

    const applied = await up(base);
    expect(applied.changedReleases).toEqual([]);
    expect(renderedFiles(outDir)).toEqual(rendered);
    const after = (await ws.exportStack(resolved.stackName)).deployment as { resources: StateResource[] };
    expect(after.resources.map((r) => r.urn).sort()).toEqual(deployment.resources.map((r) => r.urn).sort());
  });
});
