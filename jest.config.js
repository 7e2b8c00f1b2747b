/** One jest run for the whole repository: unit, contract suites, integration. */
module.exports = {
  testEnvironment: "node",
  transform: { "^.+\\.(t|j)sx?$": ["@swc/jest"] },
  testMatch: ["<rootDir>/{packages,services}/*/{src,test}/**/*.test.ts", "<rootDir>/scripts/**/*.test.ts", "<rootDir>/e2e/**/*.test.ts"],
  moduleNameMapper: {
    "^@qai/(contracts|platform|record-store|event-bus|search-index)$": "<rootDir>/packages/$1/src/index.ts",
    "^@qai/(gateway|chat|conversation|knowledge|quota|auth|accounts|all-in-one)$": "<rootDir>/services/$1/src/index.ts",
  },
  testTimeout: 30000,
};
