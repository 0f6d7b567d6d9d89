/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS shim, run by the worker thread */
// The worker when the online backends run from their TypeScript sources (the test suite): tsx
// compiles ./worker.ts on the fly. The built package runs worker.js directly.
require("tsx/cjs");
require("./worker.ts");
