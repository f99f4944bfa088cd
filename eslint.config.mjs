import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
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
  {
    // No import cycles: a module's imports never lead back to it, resolved as TypeScript resolves
    // them (the rule follows imports that run; `import type` ones, erased by tsc, it does not).
    files: ["**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    // Cycles are within the project: packages in node_modules are not followed.
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
);
