/**
 * The private helm home and `repositories:` sync. helm runs with its own
 * `HELM_CONFIG_HOME`/`HELM_CACHE_HOME`/`HELM_DATA_HOME` under a private temp directory, so
 * repositories added for one run never leak into the user's helm or into another run.
 */
import { RenderError } from "../shared/errors";
import type { Logger, ProcessRunner } from "../shared/io";
import type { RepositorySpec } from "../shared/model";
import type { ScratchFileSystem } from "./render-io";
import type { HelmBinary } from "./render-types";
import { bool, str } from "./spec-access";

/** A private helm home: the environment to give helm, and its removal. */
export interface HelmHome {
  readonly env: Readonly<Record<string, string>>;
  dispose(): void;
}

/**
 * Creates a private helm home (mode 0700) in the scratch space. `seedRepositories` is the
 * text of a `repositories.yaml` to start from (the user's), so local charts whose
 * dependencies name repositories outside `repositories:` still build, as with helmfile.
 */
export function createHelmHome(scratch: ScratchFileSystem, seedRepositories?: string): HelmHome {
  const root = scratch.makeTempDir("pulumi-helmfile-helm-");
  if (seedRepositories !== undefined) {
    scratch.makeDir(`${root}/config`);
    scratch.writeFile(`${root}/config/repositories.yaml`, seedRepositories, 0o600);
  }
  const env = {
    HELM_CONFIG_HOME: `${root}/config`,
    HELM_CACHE_HOME: `${root}/cache`,
    HELM_DATA_HOME: `${root}/data`,
    HELM_REPOSITORY_CONFIG: `${root}/config/repositories.yaml`,
    HELM_REPOSITORY_CACHE: `${root}/cache/repository`,
    HELM_REGISTRY_CONFIG: `${root}/config/registry/config.json`,
  };
  return { env, dispose: () => scratch.remove(root) };
}

/**
 * Runs `helm repo add <name> <url> --force-update` for every non-OCI repository, logging
 * `Adding repo <name> <url>` and helm's own output like helmfile. OCI repositories need no
 * `repo add` (helm pulls them directly); registry logins are not needed to render.
 */
export async function syncRepositories(
  repositories: readonly RepositorySpec[],
  helm: HelmBinary,
  runner: ProcessRunner,
  env: Readonly<Record<string, string>>,
  logger: Logger,
): Promise<void> {
  for (const repo of repositories) {
    if (repo.oci) continue;
    const args = ["repo", "add", repo.name, repo.url];
    if (helm.major >= 4 || helm.minor > 3 || (helm.minor === 3 && helm.patch >= 2))
      args.push("--force-update");
    const cert = str(repo.spec, "certFile");
    const key = str(repo.spec, "keyFile");
    if (cert !== undefined && cert !== "" && key !== undefined && key !== "")
      args.push("--cert-file", cert, "--key-file", key);
    const ca = str(repo.spec, "caFile");
    if (ca !== undefined && ca !== "") args.push("--ca-file", ca);
    if (bool(repo.spec, "passCredentials") === true) args.push("--pass-credentials");
    if (bool(repo.spec, "skipTLSVerify") === true) args.push("--insecure-skip-tls-verify");
    const { username, password } = credentials(repo, env);
    let input: string | undefined;
    if (username !== "" && password !== "") {
      args.push("--username", username, "--password-stdin");
      input = `${password}\n`;
    }
    logger.info(`Adding repo ${repo.name} ${repo.url}`);
    const r = await runner.run(helm.path, args, { env, ...(input === undefined ? {} : { input }) });
    if (r.exitCode !== 0) {
      throw new RenderError(
        "HELM_REPO_ADD_FAILED",
        `adding repository ${repo.name} (${repo.url}) failed: helm ${args.join(" ")}: ${r.stderr.trim()}`,
        {
          found: r.stderr.trim(),
        },
      );
    }
    const out = r.stdout.replace(/\n+$/, "");
    if (out !== "") logger.info(out);
  }
}

/** Username/password from the spec, else `<REPO>_USERNAME`/`<REPO>_PASSWORD` like helmfile. */
function credentials(
  repo: RepositorySpec,
  env: Readonly<Record<string, string>>,
): { username: string; password: string } {
  const prefix = repo.name.replace(/-/g, "_").toUpperCase();
  return {
    username: str(repo.spec, "username") || env[`${prefix}_USERNAME`] || "",
    password: str(repo.spec, "password") || env[`${prefix}_PASSWORD`] || "",
  };
}
