import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { knownNewStack, type LocalStateLocation } from "./local-state";

describe("knownNewStack", () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "phf-new-stack-"));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const at = (over: Partial<LocalStateLocation> = {}): LocalStateLocation => ({
    backendUrl: `file://${root}`,
    projectName: "proj",
    stackName: "dev",
    secretsProvider: "passphrase",
    env: {},
    ...over,
  });
  const write = (rel: string, text = "{}"): void => {
    mkdirSync(join(root, rel, ".."), { recursive: true });
    writeFileSync(join(root, rel), text);
  };

  it("is true for a backend folder with nothing in it yet, or none at all (Pulumi creates it)", () => {
    expect(knownNewStack(at())).toBe(true);
    expect(knownNewStack(at({ backendUrl: `file://${join(root, "not-yet")}` }))).toBe(true);
  });

  it("in the project layout (meta.yaml version 1), looks for the stack's file under its project, plain or compressed", () => {
    write(".pulumi/meta.yaml", "version: 1\n");
    write(".pulumi/stacks/other/dev.json");
    write(".pulumi/stacks/proj/prod.json");
    expect(knownNewStack(at())).toBe(true);
    for (const ext of ["", ".gz", ".zst"]) {
      write(`.pulumi/stacks/proj/dev.json${ext}`);
      expect(knownNewStack(at())).toBe(false);
      rmSync(join(root, `.pulumi/stacks/proj/dev.json${ext}`));
    }
  });

  it("without meta.yaml (the legacy layout), looks for the stack's file directly under stacks/", () => {
    write(".pulumi/stacks/dev.json.gz");
    expect(knownNewStack(at())).toBe(false);
  });

  it("is false where it cannot tell: another layout version, another backend, an organization in the stack name", () => {
    write(".pulumi/meta.yaml", "version: 2\n");
    expect(knownNewStack(at())).toBe(false);
    rmSync(join(root, ".pulumi/meta.yaml"));
    expect(knownNewStack(at({ backendUrl: "s3://bucket/state" }))).toBe(false);
    expect(knownNewStack(at({ backendUrl: "https://api.pulumi.com" }))).toBe(false);
    expect(knownNewStack(at({ backendUrl: "file://relative/path" }))).toBe(false);
    expect(knownNewStack(at({ stackName: "org/dev" }))).toBe(false);
  });
});
