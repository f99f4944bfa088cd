import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "coverage/**", "examples/**/node_modules/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { require: "readonly", process: "readonly", console: "readonly", module: "writable", __dirname: "readonly" } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // The serialized shim and the host harness load modules lazily on purpose (see design: shim rule).
      "@typescript-eslint/no-require-imports": "off",
    },
  },
);
