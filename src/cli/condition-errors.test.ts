/**
 * A release `condition:` that cannot be evaluated, per command, as helmfile v1.8.0 prints it
 * (the expected lines are the real binary's stderr for the same state, exit status 1 each):
 * template and lint meet it in chart preparation (`[…]`), build too unless selectors filter
 * first, write-values in release selection, and list without selectors in ListReleases (the
 * error alone).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "./main";

const STATE =
  "releases:\n- name: a\n  chart: ./kv\n  condition: a.enabled\n- name: b\n  chart: ./kv\n  condition: b.enabled\n";
const CHAINED =
  "in ./helmfile.yaml: failed to parse condition in release a: environment values field '.a' not found\n";
const LISTED =
  "in ./helmfile.yaml: [failed to parse condition in release a: environment values field '.a' not found]\n";
const BARE = "in ./helmfile.yaml: environment values field '.a' not found\n";

describe("an unevaluable release condition", () => {
  let tmp: string;
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), "ph-condition-"));
    mkdirSync(join(tmp, "kv"));
    writeFileSync(join(tmp, "kv", "Chart.yaml"), "apiVersion: v2\nname: kv\nversion: 0.1.0\n");
    writeFileSync(join(tmp, "helmfile.yaml"), STATE);
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  test.each([
    [["build"], LISTED],
    [["-l", "name=a", "build"], CHAINED],
    [["list", "--output", "json"], BARE],
    [["-l", "name=b", "list"], CHAINED],
    [["template", "--skip-deps"], LISTED],
    [["-l", "name=a", "template", "--skip-deps"], LISTED],
    [["write-values"], CHAINED],
    [["-l", "name=a", "write-values"], CHAINED],
  ])("%j fails as helmfile does", async (args, stderr) => {
    let err = "";
    const code = await runCli(["-f", "helmfile.yaml", ...args], {
      cwd: tmp,
      env: { PATH: process.env.PATH ?? "", HOME: tmp, HELMFILE_TEMPDIR: tmp },
      writeStdout: () => undefined,
      writeStderr: (t) => (err += t),
    });
    expect({ code, err }).toEqual({ code: 1, err: stderr });
  });
});
