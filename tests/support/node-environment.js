/**
 * Jest's node environment, with one thing of a real process given back: the error events a test
 * file's own code listens for.
 *
 * Jest gives each test file a copy of `process`; listeners added to it never hear the real
 * process's `unhandledRejection`, which Jest keeps for itself. The Automation API runs a Pulumi
 * program in the caller's process and listens there for the program's errors, as a program run by
 * the `pulumi` CLI does in its own. When an `up` fails, the engine stops while the program still has
 * RPCs under way; the Pulumi runtime then rejects each of them with a gRPC `CANCELLED` or
 * `UNAVAILABLE` error ("Resource monitor is terminating"), for its run's listener to take. In a
 * user's process that listener has them; under Jest they failed whichever test or suite was running
 * when they landed.
 *
 * So an `unhandledRejection` whose reason is such a gRPC status (the runtime's own `isGrpcError`:
 * code 1 or 14, with gRPC's `details` and `metadata`) goes to the test file's listeners when it has
 * any, as a real process delivers it. Every other rejection, and this one when no listener of the
 * file's code is there, goes to Jest as before and fails the test.
 */
const { TestEnvironment } = require("jest-environment-node");

const CANCELLED = 1;
const UNAVAILABLE = 14;

/** Duck-typed: the test file's errors come from its own realm (another `Error`). */
function isGrpcTeardown(reason) {
  return (
    typeof reason === "object" &&
    reason !== null &&
    (reason.code === CANCELLED || reason.code === UNAVAILABLE) &&
    typeof reason.details === "string" &&
    typeof reason.metadata === "object" &&
    reason.metadata !== null
  );
}

class NodeEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    const sandbox = this.global.process;
    const realEmit = process.emit;
    this.restoreEmit = () => {
      process.emit = realEmit;
    };
    process.emit = function emit(event, ...args) {
      if (event === "unhandledRejection" && isGrpcTeardown(args[0])) {
        const listeners = sandbox.listeners("unhandledRejection");
        if (listeners.length > 0) {
          for (const listener of listeners) listener.apply(sandbox, args);
          return true;
        }
      }
      return realEmit.call(this, event, ...args);
    };
  }

  async teardown() {
    this.restoreEmit?.();
    await super.teardown();
  }
}

module.exports = NodeEnvironment;
