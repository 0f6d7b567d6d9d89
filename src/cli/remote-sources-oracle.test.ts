/**
 * Remote states, bases and values files over go-getter's git getter (`git::file://<bare
 * repository>@<path>?ref=<tag>`), compared with the real helmfile v1.8.0 (docs/helmfile-oracle.md)
 * run on the same states: `template`, `build` and `list` print the same, exit the same, and fetch
 * into the same cache folders. The repositories are local bare ones made here with `git`, so no
 * network is needed. A source whose getter we do not have (`s3::`, plain `https://`) fails with
 * a message that says so.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { testHelmBinaries } from "../node/helm-binaries";
import { runCli } from "./main";

const ORACLE =
  process.env.PULUMI_HELMFILE_ORACLE ??
  join(process.env.PULUMI_HELMFILE_CACHE ?? join(homedir(), ".cache", "pulumi-helmfile"), "bin", "helmfile");
const CHART = resolve(__dirname, "../../tests/e2e/fixtures/cluster/charts/cm");
const helm = testHelmBinaries().at(-1)?.[1];

function git(cwd: string, ...args: string[]): void {
  execFileSync("git", args, {
    cwd,
    stdio: "ignore",
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: "t",
      GIT_AUTHOR_EMAIL: "t@example.com",
      GIT_COMMITTER_NAME: "t",
      GIT_COMMITTER_EMAIL: "t@example.com",
    },
  });
}

/** A bare repository with a shared state, a base, values and a chart: tag v1, then a change on main. */
function makeRepository(root: string): string {
  const work = join(root, "src");
  mkdirSync(join(work, "states"), { recursive: true });
  cpSync(CHART, join(work, "states", "charts", "cm"), { recursive: true });
  const write = (path: string, text: string): void => {
    mkdirSync(join(work, path, ".."), { recursive: true });
    writeFileSync(join(work, path), text);
  };
  write(
    "states/helmfile.yaml",
    "releases:\n- name: shared\n  namespace: platform\n  chart: ./charts/cm\n  values: [{value: from-v1}]\n",
  );
  write("bases/env.yaml", "environments:\n  default:\n    values:\n    - region: eu-west-1\n");
  write("values/common.yaml", "value: common-v1\n");
  write("values/env.yaml", "tier: gold\n");
  git(work, "init", "-q", "-b", "main");
  git(work, "add", "-A");
  git(work, "commit", "-q", "-m", "v1");
  git(work, "tag", "v1");
  write("values/common.yaml", "value: common-main\n");
  git(work, "commit", "-q", "-am", "main");
  const bare = join(root, "platform.git");
  git(root, "clone", "-q", "--bare", work, bare);
  return bare;
}

interface Outcome {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

const describeOracle = helm !== undefined && existsSync(ORACLE) ? describe : describe.skip;

describeOracle(
  `git:: remote sources against the real helmfile${existsSync(ORACLE) ? "" : ` (skipped: ${ORACLE} not built)`}`,
  () => {
    let root: string;
    let repo: string;
    beforeAll(() => {
      root = mkdtempSync(join(tmpdir(), "phf-remote-"));
      repo = makeRepository(root);
    });
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    const STATES: Record<string, (repo: string) => string> = {
      "helmfiles: a state at a tag": (r) =>
        `helmfiles:\n- path: git::file://${r}@states/helmfile.yaml?ref=v1\n`,
      "helmfiles: a state at a tag, shallow": (r) =>
        `helmfiles:\n- path: git::file://${r}@states/helmfile.yaml?ref=v1&depth=1\n`,
      "helmfiles: a state on the default branch": (r) =>
        `helmfiles:\n- path: git::file://${r}@states/helmfile.yaml\n`,
      "helmfiles: values passed to the remote state": (r) =>
        `helmfiles:\n- path: git::file://${r}@states/helmfile.yaml?ref=v1\n  values: [{extra: 1}]\n`,
      "bases: a remote base": (r) =>
        `bases:\n- git::file://${r}@bases/env.yaml?ref=v1\n---\nreleases:\n- name: app\n  chart: ./charts/cm\n  values: [{value: "{{ .Values.region }}"}]\n`,
      "environment values from the repository": (r) =>
        `environments:\n  default:\n    values:\n    - git::file://${r}@values/env.yaml?ref=v1\n---\nreleases:\n- name: app\n  chart: ./charts/cm\n  values: [{value: "{{ .Values.tier }}"}]\n`,
      "release values from the repository, at a tag": (r) =>
        `releases:\n- name: app\n  chart: ./charts/cm\n  values:\n  - git::file://${r}@values/common.yaml?ref=v1\n`,
      "release values from the repository, on main": (r) =>
        `releases:\n- name: app\n  chart: ./charts/cm\n  values:\n  - git::file://${r}@values/common.yaml?ref=main\n`,
      "release values, cache=false": (r) =>
        `releases:\n- name: app\n  chart: ./charts/cm\n  values:\n  - git::file://${r}@values/common.yaml?ref=v1&cache=false\n`,
      "a ref that does not exist": (r) =>
        `helmfiles:\n- path: git::file://${r}@states/helmfile.yaml?ref=nope\n`,
      "a repository that does not exist": (r) =>
        `helmfiles:\n- path: git::file://${r}-missing@states/helmfile.yaml?ref=v1\n`,
    };

    function project(name: string, cache: string): string {
      const dir = join(root, name.replace(/[^a-z0-9]+/gi, "-"), cache);
      mkdirSync(dir, { recursive: true });
      cpSync(CHART, join(dir, "charts", "cm"), { recursive: true });
      writeFileSync(join(dir, "helmfile.yaml"), (STATES[name] as (r: string) => string)(repo));
      return dir;
    }

    const normalise = (text: string, dir: string, cache: string): string =>
      text
        .split(cache)
        .join("<cache>")
        .split(dir)
        .join("<dir>")
        .replace(/pulumi-helmfile/g, "helmfile");

    function theirs(dir: string, cache: string, command: string): Outcome {
      const r = spawnSync(ORACLE, ["--helm-binary", helm as string, command, "--skip-deps"], {
        cwd: dir,
        env: { ...process.env, HELMFILE_CACHE_HOME: cache, HELMFILE_UPGRADE_NOTICE_DISABLED: "1" },
        encoding: "utf8",
      });
      return {
        code: r.status ?? -1,
        stdout: normalise(r.stdout, dir, cache),
        stderr: normalise(r.stderr, dir, cache),
      };
    }

    async function ours(dir: string, cache: string, command: string): Promise<Outcome> {
      let stdout = "";
      let stderr = "";
      const code = await runCli(["--helm-binary", helm as string, command, "--skip-deps"], {
        cwd: dir,
        env: { ...process.env, HELMFILE_CACHE_HOME: cache },
        writeStdout: (t) => (stdout += t),
        writeStderr: (t) => (stderr += t),
      });
      return { code, stdout: normalise(stdout, dir, cache), stderr: normalise(stderr, dir, cache) };
    }

    const firstLine = (s: string): string => s.split("\n").find((l) => l.trim() !== "") ?? "";

    describe.each(Object.keys(STATES))("%s", (name) => {
      it.each(["template", "build", "list"])(
        "%s: the same output and exit code as helmfile, the same cache folders",
        async (command) => {
          const theirDir = project(name, `theirs-${command}`);
          const ourDir = project(name, `ours-${command}`);
          const theirCache = join(theirDir, "..", `cache-theirs-${command}`);
          const ourCache = join(ourDir, "..", `cache-ours-${command}`);
          const h = theirs(theirDir, theirCache, command);
          const o = await ours(ourDir, ourCache, command);
          expect(o.code).toBe(h.code);
          expect(o.stdout).toBe(h.stdout);
          if (h.code === 0) expect(o.stderr).toBe(h.stderr);
          else expect(firstLine(o.stderr)).toBe(firstLine(h.stderr));
          const folders = (c: string): string[] =>
            existsSync(c)
              ? readdirSync(c).flatMap((k) => readdirSync(join(c, k)).map((x) => `${k}/${x}`))
              : [];
          expect(folders(ourCache).sort()).toEqual(folders(theirCache).sort());
        },
      );
    });

    it("refuses the getters it does not have, saying which", async () => {
      const dir = join(root, "s3");
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        join(dir, "helmfile.yaml"),
        "helmfiles:\n- path: s3::https://bucket.s3.amazonaws.com/states/helmfile.yaml\n",
      );
      const o = await ours(dir, join(root, "cache-s3"), "list");
      expect(o.code).toBe(1);
      expect(o.stderr).toContain("only git:: sources are supported (s3:: is not)");
    });
  },
);
