// Lint: ESLint flat config with typescript-eslint, React hooks (with the React Compiler's checks)
// and Next's rules, plus the layer boundaries of ../shared/DESIGN.md. `npm run lint` fails on any warning.
import js from "@eslint/js";
import nextPlugin from "@next/eslint-plugin-next";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** An import of one of our modules under `lib/<dir>` (or a top-level dir), by alias or by relative path. */
const ours = (dirs) => `^(?:@/|(?:\\.\\./)+)(?:lib/)?(?:${dirs.join("|")})(?:/|$)`;

const UI = ["components", "app"];
const VIEW = ["filters", "format", "queries", "export", "url", "analytics", "events", "hooks", "flags", "scope"];
const SERVER = ["upstream", "server", "live", "db", "auth", "store", "workspaces", "guard", "handlers", "secrets", "dashboard"];

const boundary = (message, dirs, extra = {}) => ({
  "no-restricted-imports": ["error", { patterns: [{ regex: ours(dirs), message, ...extra }] }],
});

export default tseslint.config(
  {
    ignores: ["node_modules/", ".next*/", ".bench/", "data/", "test-results/", "playwright-report/", "next-env.d.ts", "**/*.d.mts"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      eqeqeq: ["error", "always"],
      "no-console": "off",
    },
  },
  {
    // React code: the UI and the view layer's hooks (the platform and the proxy have none).
    files: ["components/**/*.{ts,tsx}", "app/**/*.{ts,tsx}", "lib/{filters,queries,url,hooks,analytics,format,events,export}/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "@next/next": nextPlugin },
    rules: {
      ...reactHooks.configs["recommended-latest"].rules,
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs["core-web-vitals"].rules,
    },
  },
  {
    // No import cycles anywhere (../shared/DESIGN.md): type-only imports count too.
    files: ["lib/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "app/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: { ...importX.flatConfigs.typescript.settings, "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })] },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  // ---- Layers point one way (../shared/DESIGN.md) ----
  {
    files: ["lib/contract/**"],
    rules: boundary("The contract imports nothing of ours: every other layer imports it.", ["platform", ...SERVER, ...VIEW, ...UI, "http"]),
  },
  {
    files: ["lib/security/**"],
    rules: boundary("The request checks of proxy.ts (host, cross-site, CSRF, headers) are plain rules: they import only the contract.", ["platform", ...SERVER, ...VIEW, ...UI, "http", "access"]),
  },
  {
    files: ["lib/access/**"],
    rules: boundary("Roles and the share-link lock are plain rules over the contract: the server and the pages both read them.", ["platform", ...SERVER, ...VIEW, ...UI, "http"]),
  },
  {
    files: ["lib/platform/**"],
    rules: boundary("The embedded platform imports only lib/contract: it never reaches the dashboard's proxy or UI.", [...SERVER.filter((d) => d !== "store"), ...VIEW, ...UI]),
  },
  // The platform has a store of its own (lib/platform/store): `../store` from one of its
  // subdirectories is that one; lib/store is one level further up (or `@/lib/store`).
  {
    files: ["lib/platform/*.{ts,tsx}"],
    rules: boundary("The embedded platform imports only lib/contract: it never reaches the dashboard's proxy or UI.", [...SERVER, ...VIEW, ...UI]),
  },
  {
    files: ["lib/platform/*/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: ours([...SERVER.filter((d) => d !== "store"), ...VIEW, ...UI]), message: "The embedded platform imports only lib/contract: it never reaches the dashboard's proxy or UI." },
            { regex: "^(?:@/lib/|(?:\\.\\./){2,}(?:lib/)?)store(?:/|$)", message: "The embedded platform imports only lib/contract: lib/store is the dashboard's." },
          ],
        },
      ],
    },
  },
  {
    files: ["lib/{upstream,server,live,db,auth,store,workspaces,guard,handlers,secrets,dashboard}/**"],
    rules: boundary("Server code imports the contract (and lib/http, lib/access), never the UI or the embedded platform.", ["platform", ...VIEW.filter((d) => d !== "export"), ...UI]),
  },
  {
    // Client and view code: the key-holding proxy and the embedded platform stay on the server.
    files: ["components/**", "lib/filters/**", "lib/format/**", "lib/queries/**", "lib/url/**", "lib/analytics/**", "lib/events/**", "lib/hooks/**", "lib/flags/**", "lib/scope/**"],
    rules: boundary("Browser code never imports server-only code (the proxy holds the workspace key) or the embedded platform.", ["platform", ...SERVER], {
      allowTypeImports: true,
    }),
  },
  {
    files: ["app/**"],
    ignores: ["app/api/**"],
    rules: boundary("Pages reach the server only through lib/server's composition roots; route handlers under app/api do too.", ["platform", ...SERVER.filter((d) => d !== "server")], {
      allowTypeImports: true,
    }),
  },
  {
    files: ["lib/format/**"],
    rules: boundary("lib/format is the bottom of the view layer: it imports only the contract.", ["platform", ...SERVER, ...VIEW.filter((d) => d !== "format"), ...UI]),
  },
  {
    files: ["**/*.test.ts", "**/*.spec.ts", "e2e/**", "scripts/**"],
    rules: { "no-restricted-imports": "off" },
  },
);
