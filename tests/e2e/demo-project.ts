/** The demo fixture (two releases of a local chart) copied to a fresh folder, and what a run renders. */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { HelmfileStackOptions } from "../../src/automation";
import { ENGINE_ROOT, engineEnv } from "./engine";

const FIXTURE = join(__dirname, "fixtures", "demo");

/** A copy of the demo fixture under a new temp folder, and stack options rendering it to `<project>/rendered`. */
export function demoProject(prefix: string): {
  project: string;
  outDir: string;
  base: HelmfileStackOptions;
} {
  const project = mkdtempSync(join(tmpdir(), prefix));
  cpSync(FIXTURE, project, { recursive: true });
  const outDir = join(project, "rendered");
  return {
    project,
    outDir,
    base: {
      file: join(project, "helmfile.yaml.gotmpl"),
      stackName: "e2e",
      renderToDirectory: outDir,
      pulumiRoot: ENGINE_ROOT,
      envVars: engineEnv(),
    },
  };
}

/** Every file under the directory, by path relative to it. */
export function renderedFiles(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string, rel: string): void => {
    if (!existsSync(d)) return;
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name), join(rel, e.name));
      else out.set(join(rel, e.name), readFileSync(join(d, e.name), "utf8"));
    }
  };
  walk(dir, "");
  return out;
}
