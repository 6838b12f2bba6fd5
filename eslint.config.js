// ESLint for the page's JavaScript, the service worker and the Node tools (./build.sh test runs it).
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["static/pyodide/**", "static/vendor/**", "static/sw-manifest.js", "static/words.js", "static/rule-pages.js", "node_modules/**", "build/**", ".venv/**"] },
  js.configs.recommended,
  {
    files: ["static/**/*.js", "tools/bench/**/*.js"],
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: { ...globals.browser } },
  },
  {
    files: ["sw.js"],
    languageOptions: { ecmaVersion: 2024, sourceType: "script", globals: { ...globals.serviceworker } },
  },
  {
    files: ["tools/**/*.mjs", "tests/js/**/*.mjs", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: { ...globals.node } },
  },
  {
    rules: {
      "no-unused-vars": ["error", { argsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
];
