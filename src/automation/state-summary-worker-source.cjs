/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS shim, run by the worker thread */
// The worker when ./state-summary.ts runs from its TypeScript sources (the test suite): tsx
// compiles ./state-summary-worker.ts on the fly. The built package runs state-summary-worker.js directly.
require("tsx/cjs");
require("./state-summary-worker.ts");
