/**
 * What the operations know of their stack before opening it (./stack.ts, which loads the Pulumi
 * SDK): the inline program's component name and arguments, and the stack's last deployment.
 */
import type { HelmfileArgs } from "../emit/helmfile-args";
import { stateLocation } from "./engine-env";
import { readLocalDeployment } from "./local-state";
import type { ResolvedStackOptions } from "./options";

/**
 * The stack's last deployment as `pulumi stack export --show-secrets` gives it: read from the
 * state file when the backend is a plain local one (./local-state.ts), else exported by the CLI.
 */
export async function exportDeployment(
  options: ResolvedStackOptions,
  cliExport: () => Promise<unknown>,
): Promise<unknown> {
  const local = await readLocalDeployment(stateLocation(options)).catch(() => undefined);
  if (local !== undefined) return local;
  return cliExport().then((d) => (d as { deployment?: unknown }).deployment);
}

/** The name of the `Helmfile` component the inline program creates (the prefix of every child's name). */
export const HELMFILE_COMPONENT_NAME = "helmfile";

/** The component arguments the inline program passes. */
export function helmfileArgsOf(options: ResolvedStackOptions): HelmfileArgs {
  return {
    file: options.file,
    ...(options.environment === undefined ? {} : { environment: options.environment }),
    ...(options.stateValues === undefined ? {} : { stateValues: { ...options.stateValues } }),
    ...(options.stateValuesFiles === undefined ? {} : { stateValuesFiles: [...options.stateValuesFiles] }),
    ...(options.stateValuesSet === undefined ? {} : { stateValuesSet: [...options.stateValuesSet] }),
    ...(options.stateValuesSetString === undefined
      ? {}
      : { stateValuesSetString: [...options.stateValuesSetString] }),
    ...(options.selectors === undefined ? {} : { selectors: [...options.selectors] }),
    ...(options.namespace === undefined ? {} : { namespace: options.namespace }),
    ...(options.kubeContext === undefined ? {} : { kubeContext: options.kubeContext }),
    ...(options.helmBinary === undefined ? {} : { helmBinary: options.helmBinary }),
    ...(options.mode === undefined ? {} : { mode: options.mode }),
    ...(options.renderToDirectory === undefined ? {} : { renderToDirectory: options.renderToDirectory }),
    ...(options.kubeconfig === undefined ? {} : { kubeconfig: options.kubeconfig }),
    ...(options.includeNeeds === undefined ? {} : { includeNeeds: options.includeNeeds }),
    ...(options.includeTransitiveNeeds === undefined
      ? {}
      : { includeTransitiveNeeds: options.includeTransitiveNeeds }),
    ...(options.skipNeeds === undefined ? {} : { skipNeeds: options.skipNeeds }),
    ...(options.skipCrds === true ? { skipCrds: true } : {}),
    ...(options.concurrency !== undefined && options.concurrency > 0
      ? { concurrency: options.concurrency }
      : {}),
  };
}
