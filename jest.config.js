/** One jest run for the whole repository: unit, contract suites, integration. */
module.exports = {
  testEnvironment: "node",
  transform: { "^.+\\.(t|j)sx?$": ["@swc/jest"] },
  testMatch: ["<rootDir>/{packages,services}/*/{src,test}/**/*.test.ts", "<rootDir>/scripts/**/*.test.ts", "<rootDir>/deploy/test/**/*.test.ts", "<rootDir>/e2e/**/*.test.ts", "<rootDir>/web/src/**/*.test.ts"],
  // The web code's Markdown parser (unified/remark/micromark and their helpers) ships as ES modules only.
  transformIgnorePatterns: [
    "/node_modules/(?!(unified|bail|devlop|is-plain-obj|trough|vfile|vfile-message|remark-[^/]+|mdast-util-[^/]+|micromark|micromark-[^/]+|unist-util-[^/]+|decode-named-character-reference|character-entities|ccount|escape-string-regexp|markdown-table|longest-streak|zwitch)/)",
  ],
  moduleNameMapper: {
    "^@qai/platform/worker-calls$": "<rootDir>/packages/platform/src/worker-calls.ts",
    "^@qai/search-index/worker$": "<rootDir>/packages/search-index/src/worker.ts",
    "^@qai/(contracts|platform|record-store|event-bus|search-index)$": "<rootDir>/packages/$1/src/index.ts",
    "^@qai/(gateway|chat|conversation|knowledge|quota|auth|accounts|admin-analytics|all-in-one)$": "<rootDir>/services/$1/src/index.ts",
  },
  testTimeout: 30000,
};
