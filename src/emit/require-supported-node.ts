/**
 * Imported first by the package's main entry, the one a Pulumi program requires: on a Node.js
 * older than package.json asks, the program fails with a `pulumi.RunError`, which Pulumi's runtime
 * prints as `NODE_TOO_OLD: pulumi-helmfile needs Node.js … or newer; this is Node.js …` alone,
 * instead of the stack of the first module that cannot load there (see ../shared/supported-node).
 */
import { runningNodeRefusal } from "../shared/supported-node";
import { HelmfileRunError } from "./program-failure";

const refusal = runningNodeRefusal();
if (refusal !== undefined) throw new HelmfileRunError(refusal);
