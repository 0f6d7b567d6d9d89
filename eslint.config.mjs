import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "sdk/**", ".tools/**", "coverage/**"] },
  ...tseslint.configs.recommended,
  // Jest loads its config and transformers with require(): they are CommonJS.
  {
    files: ["jest.config.js", "tests/support/*.js"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    files: ["src/**/*.ts", "tests/**/*.ts"],
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      // ignoreRestSiblings: `const { a, ...rest } = o` is how a field is left out of a copy.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", ignoreRestSiblings: true }],
    },
  },
);
