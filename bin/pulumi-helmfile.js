#!/usr/bin/env node
// Launcher: the compiled CLI when `dist/` exists, otherwise the TypeScript sources via tsx.
"use strict";
const { existsSync } = require("node:fs");
const { homedir } = require("node:os");
const { join } = require("node:path");
const root = join(__dirname, "..");
// The Node.js that package.json's "engines" asks for: older ones fail deep inside a dependency
// (undici, @kubernetes/client-node) with a JavaScript error instead of saying what is wrong. The
// library's entry points make the same check (src/shared/supported-node.ts).
const wanted = require(join(root, "package.json")).engines.node.replace(/^>=\s*/, "");
const older = (a, b) => {
  const [x, y] = [a, b].map((v) => v.split(".").map(Number));
  for (let i = 0; i < 3; i++) if ((x[i] || 0) !== (y[i] || 0)) return (x[i] || 0) < (y[i] || 0);
  return false;
};
if (older(process.versions.node, wanted)) {
  process.stderr.write(
    `pulumi-helmfile: error: NODE_TOO_OLD: pulumi-helmfile needs Node.js ${wanted} or newer; this is Node.js ${process.versions.node} (${process.execPath})\n`,
  );
  process.exit(1);
}
// A stack as deep as Go's. helmfile's parsers and template engine recurse on Go's growable
// goroutine stacks (up to 1 GB): 100000 nested `{{ with }}`, 10000 nested YAML flow sequences
// load there. V8's default stack (~984 KB) ends near 1600 levels of our recursive engines. So the
// launcher replaces itself (same pid, same stdio; process.execve, Node >= 22.15) with a shell
// that raises the soft RLIMIT_STACK of the main thread (to 1 GB, else to the hard limit) and
// starts Node again with V8's --stack-size at 7/8 of what the kernel then grants, never beyond
// it (a V8 limit past the real stack crashes). Not on Windows (no /bin/sh); once only (the
// second start has --stack-size in execArgv); PULUMI_HELMFILE_NO_STACK_RAISE=1 turns it off.
// The second start also gets a young generation of 64 MB semi-spaces (V8's default is 16 MB on
// 64-bit), unless --max-semi-space-size is set already: an `up` builds and drops large objects
// (each CRD's inputs as protobuf, the engine's events), and the scavenges of a 16 MB young
// generation were 2.9 s of the CLI's 9.3 s of CPU in a first `up` of the five public charts.
const youngGeneration = [...process.execArgv, process.env.NODE_OPTIONS || ""].some((a) =>
  a.includes("--max-semi-space-size"),
)
  ? ""
  : " --max-semi-space-size=64";
if (
  process.platform !== "win32" &&
  typeof process.execve === "function" &&
  process.env.PULUMI_HELMFILE_NO_STACK_RAISE !== "1" &&
  !process.execArgv.some((a) => a.startsWith("--stack-size")) &&
  existsSync("/bin/sh")
) {
  const script = [
    "ulimit -S -s 1048576 2>/dev/null || ulimit -S -s \"$(ulimit -H -s)\" 2>/dev/null",
    "s=$(ulimit -S -s)",
    'case "$s" in unlimited) s=1048576 ;; esac',
    "k=$((s / 8 * 7))",
    `if [ "$k" -gt 984 ]; then exec "$0" --stack-size="$k"${youngGeneration} "$@"; fi`,
    `exec "$0" --stack-size=984${youngGeneration} "$@"`,
  ].join("\n");
  try {
    process.execve("/bin/sh", ["/bin/sh", "-c", script, process.execPath, ...process.execArgv, ...process.argv.slice(1)]);
  } catch {
    // execve refused (a sandbox): run with V8's default stack.
  }
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
  // A `diff` or `preview` may be answered from the stack's record: the worker that reads the stack's
  // state starts now, beside the loading of the CLI's modules (dist/automation/state-summary.js).
  if (process.argv.slice(2).some((a) => a === "diff" || a === "preview")) {
    try {
      require(join(root, "dist", "automation", "state-summary.js")).warmStateSummaryWorker();
    } catch {
      // The operation reads the state itself.
    }
  }
  require(compiled).main();
} else {
  // Both of tsx's hooks: the sources' dynamic `import()`s go through the ESM loader.
  require("tsx/cjs");
  require("tsx/esm/api").register();
  require(join(root, "src", "cli", "main.ts")).main();
}
