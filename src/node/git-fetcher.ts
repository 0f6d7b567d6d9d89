/**
 * go-getter's git getter as helmfile runs it for remote states and values (`git::<url>?ref=…`),
 * done with the `git` binary as go-getter v2 runs it: `git clone [--depth N] <url> <dst>`, then
 * `git checkout <ref>` and `git submodule update --init --recursive [--depth N]`, into the
 * cache folder helmfile uses (`$HELMFILE_CACHE_HOME`, else `$XDG_CACHE_HOME/helmfile`, else
 * `~/.cache/helmfile`). A failed fetch leaves no folder behind.
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants, mkdirSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { LoadError } from "../shared/errors";
import type { Environment, RemoteFetcher } from "../shared/io";

/**
 * The git fetcher of helmfile's remote sources; `git` is looked up on the environment's PATH.
 * `cacheHome` is helmfile's `remote.CacheDir()` (src/shared/settings.ts `helmfileCacheHome`).
 */
export function gitRemoteFetcher(env: Environment, cacheHome: string): RemoteFetcher {
  // go-getter's getRunCommand names git by the path exec.LookPath found.
  const gitPath = lookPath("git", env.PATH ?? "");
  const git = (args: readonly string[], cwd?: string): { ok: boolean; output: string } => {
    const r = spawnSync(gitPath, [...args], {
      ...(cwd === undefined ? {} : { cwd }),
      env: { ...env, GIT_TERMINAL_PROMPT: "0" } as NodeJS.ProcessEnv,
      encoding: "utf8",
      timeout: 10 * 60 * 1000,
    });
    // go-getter's getRunCommand: git's whole output, untrimmed.
    if (r.error !== undefined || r.status === null)
      return { ok: false, output: `error running ${gitPath}: ${r.stdout ?? ""}${r.stderr ?? ""}` };
    return { ok: r.status === 0, output: `${gitPath} exited with ${r.status}: ${r.stdout}${r.stderr}` };
  };
  return {
    cacheHome,
    isDirectory: (path) => {
      try {
        return statSync(path).isDirectory();
      } catch {
        return false;
      }
    },
    fetch: (getterSource, dst) => {
      if (!getterSource.startsWith("git::")) {
        throw new LoadError(
          "LOAD_REMOTE_UNSUPPORTED",
          `remote source "${getterSource}" cannot be fetched: only git:: sources are supported`,
          { found: getterSource, expected: "a git:: source" },
        );
      }
      const url = new URL(getterSource.slice("git::".length));
      const ref = url.searchParams.get("ref") ?? "";
      const depth = Number.parseInt(url.searchParams.get("depth") ?? "", 10);
      for (const k of ["ref", "depth", "sshkey"]) url.searchParams.delete(k);
      const repo = url.toString();
      const fail = (output: string): never => {
        rmSync(dst, { recursive: true, force: true });
        // go-getter's text (GoGetter.Get: "get: <git> exited with N: <output>").
        throw new LoadError("LOAD_REMOTE_FETCH_FAILED", `get: ${output}`, { found: getterSource });
      };
      rmSync(dst, { recursive: true, force: true });
      mkdirSync(dirname(dst), { recursive: true });
      // go-getter v2's git getter: clone (shallow with depth), check the ref out, then the submodules.
      const shallow = depth > 0 ? ["--depth", String(depth)] : [];
      const cloned = git(["clone", ...shallow, repo, dst]);
      if (!cloned.ok) fail(cloned.output);
      if (ref !== "") {
        const checkout = git(["checkout", ref], dst);
        if (!checkout.ok) fail(checkout.output);
      }
      const sub = git(["submodule", "update", "--init", "--recursive", ...shallow], dst);
      if (!sub.ok) fail(sub.output);
    },
  };
}

/** Go's exec.LookPath: the first executable `name` on `path`, else the bare name. */
function lookPath(name: string, path: string): string {
  for (const dir of path.split(":")) {
    if (dir === "") continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return name;
}
