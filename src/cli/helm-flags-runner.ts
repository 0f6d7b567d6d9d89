/**
 * Applies helmfile's global helm flags to the helm commands the library runs, as helmfile's
 * helmexec does: `--disable-force-update` drops `--force-update` from `helm repo add`,
 * `--oci-plain-http` adds `--plain-http` (helm 4) to dependency builds/updates and OCI pulls
 * and templates, `--repo-retries` retries `helm repo add/update` and `helm registry login`
 * with backoff 1s, 2s, 4s… capped at 30s. With `--debug` each helm command is logged as
 * helmfile does (`exec: helm …`).
 */
import { basename } from "node:path";
import type { CommandOptions, CommandResult, Logger, ProcessRunner } from "../shared/io";

/** What to apply. */
export interface HelmFlagsOptions {
  /** The resolved helm binary (known once helm was found); other commands pass unchanged. */
  readonly helm: () => { readonly path: string; readonly major: number } | undefined;
  readonly disableForceUpdate: boolean;
  readonly ociPlainHttp: boolean;
  readonly repoRetries: number;
  readonly logger: Logger;
  /** Waits between retries (tests pass a fake). Default: setTimeout. */
  readonly sleep?: (ms: number) => Promise<void>;
}

/** The helm arguments with the global flags applied. */
export function applyHelmFlags(args: readonly string[], major: number, o: HelmFlagsOptions): string[] {
  let out = [...args];
  const [a0, a1] = out;
  if (o.disableForceUpdate && a0 === "repo" && a1 === "add") out = out.filter((x) => x !== "--force-update");
  if (o.ociPlainHttp && major >= 4 && !out.includes("--plain-http")) {
    const deps = a0 === "dependency" && (a1 === "build" || a1 === "update" || a1 === "up");
    const oci = (a0 === "pull" || a0 === "template") && out.some((x) => x.startsWith("oci://"));
    if (deps || oci) out.push("--plain-http");
  }
  return out;
}

function isRetried(args: readonly string[]): boolean {
  return (
    (args[0] === "repo" && (args[1] === "add" || args[1] === "update")) ||
    (args[0] === "registry" && args[1] === "login")
  );
}

/** Wraps `base` so helm commands get the global flags. */
export function withHelmFlags(base: ProcessRunner, o: HelmFlagsOptions): ProcessRunner {
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const rewrite = (command: string, args: readonly string[]): readonly string[] => {
    const helm = o.helm();
    if (helm === undefined || helm.path !== command) return args;
    const out = applyHelmFlags(args, helm.major, o);
    // `helm template` is logged by the template command, after its `Templating` line (helmfile's order).
    if (out[0] !== "template") o.logger.debug(`exec: ${basename(command)} ${out.join(" ")}`);
    return out;
  };
  return {
    async run(command: string, args: readonly string[], options?: CommandOptions): Promise<CommandResult> {
      const final = rewrite(command, args);
      const retries = o.helm()?.path === command && isRetried(final) ? o.repoRetries : 0;
      let result = await base.run(command, final, options);
      for (let attempt = 0; attempt < retries && result.exitCode !== 0; attempt++) {
        const wait = Math.min(1000 * 2 ** attempt, 30000);
        o.logger.info(
          `helm ${final.slice(0, 2).join(" ")} failed; retrying in ${wait / 1000}s (${attempt + 1}/${retries})`,
        );
        await sleep(wait);
        result = await base.run(command, final, options);
      }
      return result;
    },
    runSync(command: string, args: readonly string[], options?: CommandOptions): CommandResult {
      return base.runSync(command, rewrite(command, args), options);
    },
  };
}
