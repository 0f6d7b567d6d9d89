#!/usr/bin/env node
// Launcher: the compiled CLI when `dist/` exists, otherwise the TypeScript sources via tsx.
"use strict";
const { existsSync } = require("node:fs");
const { homedir } = require("node:os");
const { join } = require("node:path");
const root = join(__dirname, "..");
// The Node.js that package.json's "engines" asks for: older ones fail deep inside a dependency
// (undici, @kubernetes/client-node) with a JavaScript error instead of saying what is wrong.
const wanted = require(join(root, "package.json")).engines.node.replace(/^>=\s*/, "");
const older = (a, b) => {
  const [x, y] = [a, b].map((v) => v.split(".").map(Number));
  for (let i = 0; i < 3; i++) if ((x[i] || 0) !== (y[i] || 0)) return (x[i] || 0) < (y[i] || 0);
  return false;
};
if (older(process.versions.node, wanted)) {
  process.stderr.write(
    `pulumi-helmfile: error: Node.js ${wanted} or newer is needed; this is Node.js ${process.versions.node} (${process.execPath})\n`,
  );
  process.exit(1);
}
const compiled = join(root, "dist", "cli", "main.js");
// V8's compiled code of our modules, kept between runs (Node >= 22.1): start-up falls from ~220 ms
// to ~130 ms. Beside the render cache (`${XDG_CACHE_HOME:-~/.cache}/pulumi-helmfile`); it holds only
// compiled JavaScript. NODE_COMPILE_CACHE chooses another folder, NODE_DISABLE_COMPILE_CACHE=1 turns
// it off, as for any Node program.
const nodeModule = require("node:module");
if (typeof nodeModule.enableCompileCache === "function" && process.env.NODE_COMPILE_CACHE === undefined) {
  try {
    const cacheHome = process.env.XDG_CACHE_HOME || join(homedir(), ".cache");
    nodeModule.enableCompileCache(join(cacheHome, "pulumi-helmfile", "node-compile-cache"));
  } catch {
    // No cache folder (read-only home): run without it.
  }
}
if (existsSync(compiled)) {
  require(compiled).main();
} else {
  // Both of tsx's hooks: the sources' dynamic `import()`s go through the ESM loader.
  require("tsx/cjs");
  require("tsx/esm/api").register();
  require(join(root, "src", "cli", "main.ts")).main();
}
