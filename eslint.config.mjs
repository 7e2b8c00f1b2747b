// One lint setup for the whole repository.
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", "packages/contracts/src/gen/**", ".data/**", ".make/**", "coverage/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  { files: ["web/**"], languageOptions: { globals: { ...globals.browser } } },
  { files: ["**/*.test.ts", "**/test/**"], languageOptions: { globals: { ...globals.jest } } },
  { files: ["**/*.js", "**/*.cjs"], languageOptions: { sourceType: "commonjs" }, rules: { "@typescript-eslint/no-require-imports": "off" } },
);
