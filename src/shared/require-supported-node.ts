/**
 * Imported first by the entry points that are not a Pulumi program's (`pulumi-helmfile/core`,
 * `/automation`, `/testing`): throws `NODE_TOO_OLD` on a Node.js older than package.json asks,
 * before any module that cannot load there (see ./supported-node).
 */
import { runningNodeRefusal } from "./supported-node";

const refusal = runningNodeRefusal();
if (refusal !== undefined) throw refusal;
