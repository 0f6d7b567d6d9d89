/** Locates the Go-built Pulumi engine for end-to-end tests; they skip only when it is absent. */
import { existsSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/** Root holding `bin/pulumi` (what `PulumiCommand.get({ root })` wants). */
export const ENGINE_ROOT =
  process.env.PULUMI_HELMFILE_PULUMI_ROOT ??
  join(process.env.PULUMI_HELMFILE_CACHE ?? join(homedir(), ".cache", "pulumi-helmfile"));

function kubernetesPluginInstalled(): boolean {
  const plugins = join(ENGINE_ROOT, "pulumi-home", "plugins");
  return existsSync(plugins) && readdirSync(plugins).some((d) => d.startsWith("resource-kubernetes-"));
}

/** Why the engine cannot be used, or undefined when it can. */
export function engineMissingReason(): string | undefined {
  // Inline programs run in this process: the Node.js language host binary is not needed here.
  const missing = ["bin/pulumi"].filter((b) => !existsSync(join(ENGINE_ROOT, b)));
  if (missing.length > 0)
    return `engine binaries absent: ${missing.map((m) => join(ENGINE_ROOT, m)).join(", ")}`;
  if (!kubernetesPluginInstalled())
    return `kubernetes plugin absent under ${join(ENGINE_ROOT, "pulumi-home", "plugins")}`;
  return undefined;
}

/** Environment for the engine: private plugins, no downloads, no cluster. */
export function engineEnv(): Record<string, string> {
  return {
    PULUMI_HOME: join(ENGINE_ROOT, "pulumi-home"),
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    PULUMI_IGNORE_AMBIENT_PLUGINS: "true",
    PULUMI_CONFIG_PASSPHRASE: "",
    KUBECONFIG: "/nonexistent/kubeconfig",
  };
}
