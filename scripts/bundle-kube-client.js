#!/usr/bin/env node
/**
 * Bundles the parts of @kubernetes/client-node that src/node/kubernetes-client.ts takes into one
 * CommonJS file, dist/vendor/kubernetes-client.cjs, with the licences of every package in it
 * (dist/vendor/kubernetes-client.LICENSES.txt). Run by `npm run build` after tsc.
 *
 * Why: client-node is ~900 ES modules (its generated API and models); Node takes ~0.4 s to resolve
 * and load them, on every command that reaches a cluster. The same code as one file loads in
 * ~0.1 s. Nothing is changed in it: esbuild only joins the modules (see the README, "How it is built").
 *
 * Usage: node scripts/bundle-kube-client.js [out-dir]   (default dist/vendor)
 */
"use strict";
const { mkdirSync, readFileSync, readdirSync, writeFileSync } = require("node:fs");
const { join, resolve } = require("node:path");

/** The names src/node/kubernetes-client.ts takes from client-node. */
const NAMES = [
  "ApiException",
  "HttpMethod",
  "KubeConfig",
  "KubernetesObjectApi",
  "RequestContext",
  "ServerConfiguration",
  "createConfiguration",
  "loadYaml",
];

const ROOT = resolve(__dirname, "..");

/** Bundles into `outDir`; answers the bundle's path. */
function bundleKubeClient(outDir) {
  const esbuild = require("esbuild");
  mkdirSync(outDir, { recursive: true });
  const outfile = join(outDir, "kubernetes-client.cjs");
  const result = esbuild.buildSync({
    stdin: {
      contents: `export { ${NAMES.join(", ")} } from "@kubernetes/client-node";\n`,
      resolveDir: ROOT,
      sourcefile: "kubernetes-client-entry.mjs",
      loader: "js",
    },
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    outfile,
    absWorkingDir: ROOT,
    legalComments: "eof",
    metafile: true,
    logLevel: "error",
  });
  writeFileSync(join(outDir, "kubernetes-client.LICENSES.txt"), licences(result.metafile));
  return outfile;
}

/** The packages whose files the bundle holds (by their node_modules path), each with its licence text. */
function licences(metafile) {
  const packages = new Map();
  for (const input of Object.keys(metafile.inputs)) {
    // The innermost package a file belongs to (inputs are relative to ROOT).
    const at = input.lastIndexOf("node_modules/");
    if (at < 0) continue;
    const [scope, base] = input.slice(at + "node_modules/".length).split("/");
    const name = scope.startsWith("@") ? `${scope}/${base}` : scope;
    packages.set(resolve(ROOT, input.slice(0, at), "node_modules", name), name);
  }
  const parts = [
    "dist/vendor/kubernetes-client.cjs joins, unchanged, code of these packages (scripts/bundle-kube-client.js):\n",
  ];
  for (const [dir, name] of [...packages].sort((a, b) => a[1].localeCompare(b[1]))) {
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    const file = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f));
    const text =
      file === undefined
        ? `(no licence file; package.json says ${pkg.license})`
        : readFileSync(join(dir, file), "utf8");
    parts.push(`\n===== ${name}@${pkg.version} (${pkg.license ?? "see below"}) =====\n\n${text.trimEnd()}\n`);
  }
  return parts.join("");
}

module.exports = { bundleKubeClient, NAMES };

if (require.main === module) {
  bundleKubeClient(resolve(process.argv[2] ?? join(ROOT, "dist", "vendor")));
}
