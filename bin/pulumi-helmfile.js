#!/usr/bin/env node
// Launcher: the compiled CLI when `dist/` exists, otherwise the TypeScript sources via tsx.
"use strict";
const { existsSync } = require("node:fs");
const { join } = require("node:path");
const root = join(__dirname, "..");
const compiled = join(root, "dist", "cli", "main.js");
if (existsSync(compiled)) {
  require(compiled).main();
} else {
  require("tsx/cjs");
  require(join(root, "src", "cli", "main.ts")).main();
}
