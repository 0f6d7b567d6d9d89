/**
 * helmfile's commands that pulumi-helmfile does not have, each with what to use instead.
 * (`diff`, `apply` and `sync` are commands here, over Pulumi's `preview` and `up`; `delete` is
 * gone from helmfile v1 too.) The others need a tool we deliberately leave out.
 */

/** Why a helmfile command is refused, and the code of the error. */
export interface RefusedCommand {
  readonly code: "CLI_UNKNOWN_COMMAND" | "CLI_UNSUPPORTED";
  readonly hint: string;
}

/** The refused helmfile commands by name. */
export const REFUSED_COMMANDS: Readonly<Record<string, RefusedCommand>> = {
  delete: { code: "CLI_UNKNOWN_COMMAND", hint: "use `destroy`" },
  init: {
    code: "CLI_UNSUPPORTED",
    hint: "install helm yourself and point --helm-binary or HELM_BINARY at it; no helm plugin is needed",
  },
  create: { code: "CLI_UNSUPPORTED", hint: "start from examples/quickstart/helmfile.yaml" },
  doctor: { code: "CLI_UNSUPPORTED", hint: "use `preview`, which lists every changed value per release" },
  test: { code: "CLI_UNSUPPORTED", hint: "run `helm test <release>` after `up`" },
  unittest: { code: "CLI_UNSUPPORTED", hint: "run `helm unittest <chart>` on the chart directory" },
};
