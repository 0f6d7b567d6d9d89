/** @type {import('jest').Config} */

// ES-module-only packages that Jest's runtime cannot require on Node 22 (see tests/support/esm-to-cjs.js).
const esmOnly = [
  "@kubernetes/client-node",
  "openid-client",
  "oauth4webapi",
  "jose",
  "socks-proxy-agent",
  "agent-base",
  "rfc4648",
  "jsonpath-plus",
];

module.exports = {
  // Jest's node environment; a test file's own unhandledRejection listeners hear the Pulumi runtime's
  // gRPC teardown rejections, as in a real process (see the file).
  testEnvironment: "<rootDir>/tests/support/node-environment.js",
  roots: ["<rootDir>/src", "<rootDir>/tests"],
  testMatch: ["**/*.test.ts"],
  transform: {
    "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.json" }],
    "node_modules/.+\\.m?js$": "<rootDir>/tests/support/esm-to-cjs.js",
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join("|")})/)`],
  testTimeout: 60000,
};
