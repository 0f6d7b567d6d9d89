/**
 * helmfile `hooks:` in the CLI commands, compared with the real helmfile v1.8.0 (docs/helmfile-oracle.md):
 * a state whose hooks append `<who> <event> <command>` to a file. The expected orders were measured
 * with `helmfile --concurrency 1 <command> --skip-deps` (concurrent prepares vary in order otherwise)
 * and are also re-measured live when the binary is built.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { testHelmBinaries } from "../node/helm-binaries";
import { runCli } from "./main";

const CHARTS = resolve(__dirname, "../../tests/e2e/fixtures/cluster/charts");
const ORACLE =
  process.env.PULUMI_HELMFILE_ORACLE ??
  join(process.env.PULUMI_HELMFILE_CACHE ?? join(homedir(), ".cache", "pulumi-helmfile"), "bin", "helmfile");

const hook = (who: string, events: string[], extra = ""): string =>
  `      - events: [${events.join(", ")}]\n        command: sh\n        args: ["-c", "echo '${who} {{\`{{ .Event.Name }}\`}} {{\`{{ .HelmfileCommand }}\`}}${extra}' >> {{ requiredEnv "LOG" }}"]\n`;

const STATE =
  `hooks:\n${hook("global", ["prepare", "cleanup", "presync"])}` +
  `releases:\n` +
  `  - name: a\n    namespace: ns1\n    chart: ./charts/cm\n    values: [{value: x}]\n    hooks:\n` +
  hook(
    "a",
    ["prepare", "preapply", "presync", "postsync", "preuninstall", "postuninstall", "cleanup"],
    " {{`{{ .Release.Name }}`}}/{{`{{ .Release.Namespace }}`}} {{`{{ .Environment.Name }}`}}",
  ) +
  `  - name: b\n    namespace: ns2\n    chart: ./charts/cm\n    values: [{value: y}]\n    hooks:\n` +
  hook("b", ["prepare", "cleanup"]) +
  `  - name: off\n    chart: ./charts/cm\n    installed: false\n    hooks:\n` +
  hook("off", ["prepare", "cleanup", "preuninstall"]);

/** helmfile v1.8.0's log for each command (measured, see the file comment). */
const MEASURED: Record<string, string[]> = {
  template: [
    "global prepare template",
    "a prepare template a/ns1 default",
    "b prepare template",
    "a cleanup template a/ns1 default",
    "b cleanup template",
    "global cleanup template",
  ],
  lint: [
    "global prepare lint",
    "a prepare lint a/ns1 default",
    "b prepare lint",
    "a cleanup lint a/ns1 default",
    "b cleanup lint",
    "global cleanup lint",
  ],
  "write-values": [
    "global prepare write-values",
    "a cleanup write-values a/ns1 default",
    "b cleanup write-values",
    "global cleanup write-values",
  ],
  build: ["global prepare build", "a prepare build a/ns1 default", "b prepare build", "global cleanup build"],
  list: ["global prepare list", "global cleanup list"],
};

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), "ph-hooks-"));
  cpSync(CHARTS, join(dir, "charts"), { recursive: true });
  writeFileSync(join(dir, "helmfile.yaml.gotmpl"), STATE);
  return dir;
}

function readLog(file: string): string[] {
  return existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .filter((l) => l !== "")
    : [];
}

const helm = testHelmBinaries().at(-1)?.[1];
const describeHelm = helm === undefined ? describe.skip : describe;

describeHelm(`helmfile hooks in the CLI${helm === undefined ? " (skipped: no helm in .tools)" : ""}`, () => {
  let dir: string;
  beforeAll(() => {
    dir = project();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function ours(command: string, log: string): Promise<number> {
    const args = [
      "-f",
      join(dir, "helmfile.yaml.gotmpl"),
      "--helm-binary",
      helm as string,
      command,
      "--skip-deps",
    ];
    if (command === "write-values")
      args.push("--output-file-template", join(dir, "out", "{{ .Release.Name }}.yaml"));
    return runCli(args, {
      cwd: dir,
      env: { ...process.env, LOG: log },
      writeStdout: () => {},
      writeStderr: () => {},
    });
  }

  it.each(Object.keys(MEASURED))("%s runs the hooks helmfile v1.8.0 runs, in its order", async (command) => {
    const log = join(dir, `ours-${command}.log`);
    expect(await ours(command, log)).toBe(0);
    expect(readLog(log)).toEqual(MEASURED[command]);
  });

  const describeOracle = existsSync(ORACLE) ? describe : describe.skip;
  describeOracle(
    `against the real helmfile${existsSync(ORACLE) ? "" : ` (skipped: ${ORACLE} not built)`}`,
    () => {
      it.each(Object.keys(MEASURED))("%s: the same hook log as helmfile --concurrency 1", async (command) => {
        const log = join(dir, `oracle-${command}.log`);
        const extra =
          command === "write-values"
            ? ["--output-file-template", join(dir, "oracle-out", "{{ .Release.Name }}.yaml")]
            : [];
        const r = spawnSync(
          ORACLE,
          [
            "-f",
            "helmfile.yaml.gotmpl",
            "--helm-binary",
            helm as string,
            command,
            "--skip-deps",
            ...(command === "list" || command === "build" ? [] : ["--concurrency", "1"]),
            ...extra,
          ],
          {
            cwd: dir,
            env: { ...process.env, LOG: log, HELMFILE_UPGRADE_NOTICE_DISABLED: "1" },
            encoding: "utf8",
          },
        );
        expect(r.stderr).not.toMatch(/^Error/m);
        expect(r.status).toBe(0);
        const mine = join(dir, `mine-${command}.log`);
        await ours(command, mine);
        // build prepares with helmfile's fixed concurrency 2, and write-values cleans up releases in map order: those lines come in any order.
        const norm = (l: string[]): string[] =>
          command === "build" || command === "write-values"
            ? [l[0] ?? "", ...l.slice(1, -1).sort(), l.at(-1) ?? ""]
            : l;
        expect(norm(readLog(mine))).toEqual(norm(readLog(log)));
      });
    },
  );
});
