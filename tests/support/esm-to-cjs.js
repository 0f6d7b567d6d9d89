/**
 * Jest transform for the ES-module-only packages under node_modules (@kubernetes/client-node and
 * its dependencies). Node 22 loads them from CommonJS itself (`require(esm)`); Jest's module
 * runtime does so only from Node 24.9, so under Jest they are compiled to CommonJS with esbuild.
 */
const { transformSync } = require("esbuild");

module.exports = {
  process(source, filename) {
    const out = transformSync(source, {
      format: "cjs",
      loader: "js",
      target: "node22",
      sourcefile: filename,
      sourcemap: "inline",
    });
    return { code: out.code };
  },
};
