/**
 * Finds the helm binary and asks it for its version. Order: the explicit option, then
 * `HELM_BINARY`, then `helm` on `PATH`. A name without a slash is looked up on `PATH`.
 */
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, isAbsolute, join, resolve } from "node:path";
import { binaryIdentity, rememberedVersions, rememberVersion } from "./binary-versions";
import { RenderError } from "../shared/errors";
import type { Environment, ProcessRunner } from "../shared/io";

/** A helm binary and its parsed `helm version --short`. */
export interface HelmInfo {
  /** Absolute path of the binary. */
  readonly path: string;
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
  /** The version as helm prints it, e.g. `v3.17.3+ge4da497`. */
  readonly raw: string;
}

/** Options of {@link findHelm}. */
export interface FindHelmOptions {
  /** Explicit binary (path or name); wins over everything else. Default none. */
  readonly explicit?: string;
  /** Environment to read `HELM_BINARY` and `PATH` from; default `process.env`. */
  readonly env?: Environment;
  /** Directory relative paths resolve against; default `process.cwd()`. */
  readonly cwd?: string;
  /**
   * A JSON file remembering versions by binary path, size and mtime, so a warm run needs no
   * `helm version` process. Default none (always ask helm).
   */
  readonly versionCacheFile?: string;
}

/** Resolves the helm binary path without running it; throws `HELM_NOT_FOUND` when none. */
export function resolveHelmPath(options: FindHelmOptions = {}): string {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const candidates: Array<[string, string]> = [];
  if (options.explicit !== undefined && options.explicit !== "")
    candidates.push([options.explicit, "the helm binary option"]);
  else if (env.HELM_BINARY !== undefined && env.HELM_BINARY !== "")
    candidates.push([env.HELM_BINARY, "HELM_BINARY"]);
  else candidates.push(["helm", "PATH"]);
  const [name, source] = candidates[0] as [string, string];
  const found = name.includes("/")
    ? executable(isAbsolute(name) ? name : resolve(cwd, name))
    : searchPath(name, env.PATH ?? "");
  if (found === undefined) {
    throw new RenderError("HELM_NOT_FOUND", `helm binary not found: ${name} (from ${source})`, {
      expected: "an executable helm 3 or helm 4 binary (set --helm-binary, HELM_BINARY or PATH)",
      found: name,
    });
  }
  return found;
}

/** Resolves the helm binary and detects its version with `helm version --short`. */
export async function findHelm(runner: ProcessRunner, options: FindHelmOptions = {}): Promise<HelmInfo> {
  const path = resolveHelmPath(options);
  const identity = binaryIdentity(path);
  const remembered =
    options.versionCacheFile === undefined || identity === undefined
      ? undefined
      : rememberedVersions(options.versionCacheFile)[identity];
  const known = remembered === undefined ? undefined : parseHelmVersion(remembered);
  if (known !== undefined) return { path, ...known };
  const r = await runner.run(path, ["version", "--short"]);
  const version = parseHelmVersion(r.stdout);
  if (r.exitCode !== 0 || version === undefined) {
    throw new RenderError(
      "HELM_VERSION_UNKNOWN",
      `cannot detect the version of ${path}: ${(r.stderr || r.stdout).trim()}`,
      {
        expected: "output like v3.17.3+gabcdef",
        found: r.stdout.trim(),
      },
    );
  }
  if (options.versionCacheFile !== undefined && identity !== undefined)
    rememberVersion(options.versionCacheFile, identity, version.raw);
  return { path, ...version };
}

/** Parses `v3.17.3+ge4da497` (or `v4.1.4`) into numbers; undefined when it is not a version. */
export function parseHelmVersion(
  text: string,
): { major: number; minor: number; patch: number; raw: string } | undefined {
  const m = /v?(\d+)\.(\d+)\.(\d+)\S*/.exec(text.trim());
  if (m === null) return undefined;
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]), raw: m[0] };
}

/** `path` when it is an executable file. */
export function executable(path: string): string | undefined {
  try {
    if (!statSync(path).isFile()) return undefined;
    accessSync(path, constants.X_OK);
    return path;
  } catch {
    return undefined;
  }
}

/** The first executable `name` in the folders of `pathVar`. */
export function searchPath(name: string, pathVar: string): string | undefined {
  for (const dir of pathVar.split(delimiter)) {
    if (dir === "") continue;
    const hit = executable(join(dir, name));
    if (hit !== undefined) return hit;
  }
  return undefined;
}
