/**
 * `cancel` on a self-managed backend: deletes the stack's lock files through the engine's
 * `pulumi-helmfile-unlock` (tools/engine/cli/unlock, Pulumi's own diy backend package). `pulumi
 * cancel` needs the stack to exist; an `up` killed while the backend created the stack leaves a lock
 * on a stack that was never saved, which only this clears.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { AutomationError, EngineNotFoundError } from "./errors";
import { engineEnvironment } from "./engine-env";
import type { ResolvedStackOptions } from "./options";

/** Whether the backend URL names a self-managed (diy) backend: file, S3, Google Cloud Storage, Azure Blob. */
export function isSelfManagedBackend(url: string): boolean {
  return /^(file|s3|gs|azblob):\/\//.test(url);
}

/** Deletes every lock file of the stack; resolves when there were none. */
export async function unlockSelfManagedStack(options: ResolvedStackOptions): Promise<void> {
  const bin = join(options.pulumiRoot, "bin", "pulumi-helmfile-unlock");
  if (!existsSync(bin)) {
    throw new EngineNotFoundError("ENGINE_NOT_FOUND", `no pulumi-helmfile-unlock at ${bin}`, {
      expected: "the engine built by scripts/build-engine.sh, or pulumiRoot / PULUMI_HELMFILE_PULUMI_ROOT",
    });
  }
  await new Promise<void>((resolve, reject) => {
    execFile(
      bin,
      [options.backendUrl, options.projectName, options.stackName],
      { env: { ...process.env, ...engineEnvironment(options) }, encoding: "utf8", timeout: 300_000 },
      (err, _stdout, stderr) => {
        if (err === null) {
          resolve();
          return;
        }
        const why = stderr.trim().replace(/^pulumi-helmfile-unlock: /, "") || err.message;
        reject(
          new AutomationError(
            "PULUMI_COMMAND_FAILED",
            `could not clear the locks of stack "${options.stackName}": ${why}`,
            { expected: "a backend that can be read and written with the credentials of the environment" },
          ),
        );
      },
    );
  });
}
