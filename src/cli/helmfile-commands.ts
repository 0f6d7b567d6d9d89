/**
 * helmfile's commands that pulumi-helmfile does not have, each with what to use instead.
 * The commands that change a cluster go through Pulumi here (`preview`, `up`, `destroy`);
 * the others need a tool we deliberately leave out.
 */

/** Why a helmfile command is refused, and the code of the error. */
export interface RefusedCommand {
  readonly code: "CLI_UNKNOWN_COMMAND" | "CLI_UNSUPPORTED";
  readonly hint: string;
}

/** The refused helmfile commands by name. */
export const REFUSED_COMMANDS: Readonly<Record<string, RefusedCommand>> = {
  diff: {
    code: "CLI_UNKNOWN_COMMAND",
    hint: "use `preview` (a Pulumi preview shows the values and manifest diff per release)",
  },
  apply: { code: "CLI_UNKNOWN_COMMAND", hint: "use `up` (Pulumi applies only what changed)" },
  sync: { code: "CLI_UNKNOWN_COMMAND", hint: "use `up` (Pulumi applies the releases)" },
  delete: { code: "CLI_UNKNOWN_COMMAND", hint: "use `destroy`" },
  init: {
    code: "CLI_UNSUPPORTED",
    hint: "install helm yourself and point --helm-binary or HELM_BINARY at it; no helm plugin is needed",
  },
  create: { code: "CLI_UNSUPPORTED", hint: "start from examples/quickstart/helmfile.yaml" },
  doctor: { code: "CLI_UNSUPPORTED", hint: "use `preview`, which lists every changed value per release" },
  test: { code: "CLI_UNSUPPORTED", hint: "run `helm test <release>` after `up --apply-to-cluster`" },
  unittest: { code: "CLI_UNSUPPORTED", hint: "run `helm unittest <chart>` on the chart directory" },
};
