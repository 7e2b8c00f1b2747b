// One lint setup for the whole repository.
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The layers of the web app, top to bottom: app → features → components → lib → api; i18n and themes
 * sit beside lib. A layer imports only the layers below it, and a feature never imports another feature.
 */
const WEB = "./web/src";
const FEATURES = readdirSync(new URL("web/src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webLayers = [
  { target: `${WEB}/features`, from: `${WEB}/app`, message: "Features do not reach up into app/." },
  ...FEATURES.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message: "A feature does not import another feature: move the shared piece down into components/, lib/ or api/.",
  })),
  ...["components", "lib", "api", "i18n", "themes"].map((layer) => ({
    target: `${WEB}/${layer}`,
    from: [`${WEB}/app`, `${WEB}/features`],
    message: `${layer}/ is shared by the features: it imports neither app/ nor features/.`,
  })),
  ...["lib", "api", "i18n", "themes"].map((layer) => ({
    target: `${WEB}/${layer}`,
    from: `${WEB}/components`,
    message: `${layer}/ sits below components/.`,
  })),
  { target: `${WEB}/api`, from: `${WEB}/lib`, message: "api/ is the bottom layer: lib/ builds on it, not the other way round." },
];

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
  {
    files: ["web/src/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] })],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: webLayers }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  { files: ["**/*.test.ts", "**/test/**"], languageOptions: { globals: { ...globals.jest } } },
  { files: ["**/*.js", "**/*.cjs"], languageOptions: { sourceType: "commonjs" }, rules: { "@typescript-eslint/no-require-imports": "off" } },
);
