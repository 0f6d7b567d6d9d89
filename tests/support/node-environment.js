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

/**
 * Installed once per worker and never removed. Not by wrapping `process.emit`: signal-exit (under
 * Jest's transform cache writer) puts back the `emit` it saw when it loaded each time it unloads,
 * which drops any later wrapper. Instead each `unhandledRejection` listener added to the real
 * process (Jest's own) is wrapped: a gRPC teardown rejection goes to the running test file's own
 * listeners when it has any, and to Jest's only when it has none. The wrapper carries the original as
 * `listener`, so `removeListener(original)` finds it (as for `once`).
 */
const STATE = Symbol.for("pulumi-helmfile.node-environment");
const WRAPPED = Symbol.for("pulumi-helmfile.node-environment.wrapped");

function wrapListener(state, listener) {
  if (typeof listener !== "function" || listener[WRAPPED] === true) return listener;
  const wrapped = function unhandledRejection(reason, promise) {
    const sandbox = state.sandbox;
    if (sandbox !== undefined && isGrpcTeardown(reason)) {
      const own = sandbox.listeners("unhandledRejection");
      if (own.length > 0) {
        for (const l of own) l.call(sandbox, reason, promise);
        return;
      }
    }
    return listener.call(this, reason, promise);
  };
  wrapped[WRAPPED] = true;
  wrapped.listener = listener;
  return wrapped;
}

function sharedState() {
  if (process[STATE] === undefined) {
    const state = { sandbox: undefined };
    for (const method of ["on", "addListener", "prependListener", "once", "prependOnceListener"]) {
      const original = process[method];
      process[method] = function (event, listener) {
        return original.call(
          this,
          event,
          event === "unhandledRejection" ? wrapListener(state, listener) : listener,
        );
      };
    }
    // Listeners added before this environment loaded.
    for (const l of process.rawListeners("unhandledRejection")) {
      if (l[WRAPPED] === true) continue;
      process.removeListener("unhandledRejection", l);
      process.on("unhandledRejection", l);
    }
    Object.defineProperty(process, STATE, { value: state, enumerable: false });
  }
  return process[STATE];
}

class NodeEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    sharedState().sandbox = this.global.process;
  }

  async teardown() {
    const state = sharedState();
    if (state.sandbox === this.global.process) state.sandbox = undefined;
    await super.teardown();
  }
}

module.exports = NodeEnvironment;
