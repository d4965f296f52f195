// ESLint (typescript-eslint's recommended rules) over the repository's TypeScript; formatting is
// Prettier's (.prettierrc.json), so no stylistic rules here. `npm run lint` (CI runs it).
import js from "@eslint/js"
import tseslint from "typescript-eslint"
import reactHooks from "eslint-plugin-react-hooks"

export default tseslint.config(
  { ignores: ["**/node_modules/**", ".medusa/**", "**/dist/**", ".demo/**", "artifacts/**", "integration-tests/storefront-starter/fixture/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // React's hook rules where React is: the admin and the storefront kit (the test helpers' useSvcSandbox is no hook)
  { plugins: { "react-hooks": reactHooks } },
  { files: ["src/admin/**", "packages/**"], rules: reactHooks.configs.recommended.rules },
  // a leading underscore says "unused on purpose" (an interface's argument, a rest sibling)
  { rules: { "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", ignoreRestSiblings: true }] } },
  // Tests read Medusa's and svc's answers as they come: \`any\` there is the test's choice
  { files: ["integration-tests/**", "testing/**", "bench/**", "**/__tests__/**"], rules: { "@typescript-eslint/no-explicit-any": "off" } },
  // The plugin's own code: every \`any\` is shown (types carried, not cast: issue of this repository's history)
  { files: ["src/**", "packages/**"], ignores: ["**/__tests__/**"], rules: { "@typescript-eslint/no-explicit-any": "warn" } },
  {
    languageOptions: { globals: { console: "readonly", process: "readonly", Buffer: "readonly", setTimeout: "readonly", clearTimeout: "readonly", setInterval: "readonly", clearInterval: "readonly", URL: "readonly", window: "readonly", document: "readonly", fetch: "readonly", __dirname: "readonly", require: "readonly", module: "writable" } },
  }
)
