/**
 * Imported first by the plugin entry: on a Node.js older than package.json asks, the plugin writes
 * `pulumi-helmfile: error: NODE_TOO_OLD: …` to its stderr, which the engine shows, and exits 1,
 * before any module that cannot load there (see ../src/shared/supported-node).
 */
import { runningNodeRefusal } from "../src/shared/supported-node";

const refusal = runningNodeRefusal();
if (refusal !== undefined) {
  process.stderr.write(`pulumi-helmfile: error: ${refusal.code}: ${refusal.message}\n`);
  process.exit(1);
}
