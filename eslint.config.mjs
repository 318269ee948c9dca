// Lint: ESLint flat config with typescript-eslint, React hooks (with the React Compiler's checks)
// and Next's rules, plus the layer boundaries that docs/architecture.md describes. `npm run lint` fails on any warning.
import js from "@eslint/js";
import nextPlugin from "@next/eslint-plugin-next";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * An import of one of our modules from a file under lib/: `lib/<dir>` (or a top-level dir) by alias
 * or by relative path (`../<dir>` from lib/<x>/ is lib/<dir>).
 */
const ours = (dirs) => `^(?:@/|(?:\\.\\./)+)(?:lib/)?(?:${dirs.join("|")})(?:/|$)`;
/** The same from outside lib/ (components, app, scripts), whose own folders share names with lib's (components/live). */
const oursInLib = (dirs) => `^(?:@/|(?:\\.\\./)+)lib/(?:${dirs.join("|")})(?:/|$)`;

// ---- The layers, bottom up (docs/architecture.md draws them) ----
/** What the platform's API is: parameters, replies, errors, every dimension's API side. Imports nothing of ours. */
const CONTRACT = ["contract"];
/** Plain HTTP helpers every side uses (abort, Retry-After, IP masking, webhook signatures). */
const HTTP = ["http"];
/** The embedded platform: its HTTP app, SQL, store, seed, resolver and webhooks. */
const PLATFORM = ["platform"];
/** The key-holding proxy to the platform (cache, rate budget) and the live hub. */
const PROXY = ["upstream", "live"];
/** Roles and the share-link lock, the request checks of proxy.ts, the colour themes: plain rules the pages read too. */
const RULES = ["access", "security", "theme"];
// The dashboard's own data and who may do what, in three layers, bottom up:
/** Its records: the database and its stores, accounts, sealed secrets, invitation mail, SMTP, each workspace's proxy. */
const RECORDS = ["db", "store", "auth", "secrets", "mail", "invitations", "workspaces"];
/**
 * The app built over them (lib/dashboard) and who may do what in it: the guards (they read the
 * app; it holds a guard's share-link allowance, so the two are one layer) and the activity log's writer.
 */
const GUARDS = ["dashboard", "guard", "audit"];
/**
 * Scheduled reports and alerts: they render a view on the server (its request plan and formats)
 * through the proxy, over the dashboard's data; the reports' route handlers (lib/handlers) call them.
 */
const REPORTS = ["reports"];
/** The route handlers: parse, guard, call one function (the reports' among them), answer. */
const HANDLERS = ["handlers"];
/** All three (and the handlers): the dashboard's data, server only. */
const DATA = [...RECORDS, ...GUARDS, ...HANDLERS];
/** Composition roots (behind `server-only`): the proxy, the store and the workspaces, built once from the environment. */
const ROOTS = ["server"];
/** The view: the URL, the display of every dimension, formatting, query hooks, the CSV's columns. */
const VIEW = ["url", "filters", "format", "queries", "analytics", "export", "events", "hooks", "flags", "scope"];
/** The CSV's columns and the sale types derived from events: view modules the server's export stream renders too. */
const VIEW_FOR_SERVER = ["export", "events"];
const UI = ["components", "app"];
const SCRIPTS = ["scripts"];

const SERVER_ONLY = [...PROXY, ...DATA, ...REPORTS, ...ROOTS];
/** lib/export's server half: it streams a CSV through the proxy (`server-only`), so it sits with the route handlers. */
const EXPORT_SERVER = ["lib/export/stream.ts", "lib/export/partnerNames.ts"];

const boundary = (message, dirs, extra = {}, pattern = ours) => ({
  "no-restricted-imports": ["error", { patterns: [{ regex: pattern(dirs), message, ...extra }] }],
});
const without = (dirs, allowed) => dirs.filter((d) => !allowed.includes(d));
/** The files of these lib/ folders. */
const under = (dirs) => dirs.map((d) => `lib/${d}/**`);

/** Every folder of lib/ in exactly one layer (eslint.config.test.ts checks it, so a new folder is placed on purpose). */
export const LIB_LAYERS = {
  contract: CONTRACT,
  http: HTTP,
  platform: PLATFORM,
  proxy: PROXY,
  rules: RULES,
  records: RECORDS,
  guards: GUARDS,
  reports: REPORTS,
  handlers: HANDLERS,
  roots: ROOTS,
  view: VIEW,
};

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      ".next*/",
      ".bench/",
      "data/",
      "test-results/",
      "playwright-report/",
      "next-env.d.ts",
      "**/*.d.mts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      eqeqeq: ["error", "always"],
      "no-console": "off",
    },
  },
  {
    // React code: the UI and the view layer's hooks (the platform and the proxy have none).
    files: [
      "components/**/*.{ts,tsx}",
      "app/**/*.{ts,tsx}",
      "lib/{filters,queries,url,hooks,analytics,format,events,export}/**/*.{ts,tsx}",
    ],
    plugins: { "react-hooks": reactHooks, "@next/next": nextPlugin },
    rules: {
      ...reactHooks.configs["recommended-latest"].rules,
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs["core-web-vitals"].rules,
    },
  },
  {
    // No import cycles anywhere: type-only imports count too.
    files: ["lib/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "app/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  // ---- Layers point one way: each group names what it may not import ----
  {
    files: under(CONTRACT),
    rules: boundary("The contract imports nothing of ours: every other layer imports it.", [
      ...HTTP,
      ...PLATFORM,
      ...SERVER_ONLY,
      ...RULES,
      ...VIEW,
      ...UI,
      ...SCRIPTS,
    ]),
  },
  {
    files: under(HTTP),
    rules: boundary("lib/http holds plain HTTP helpers every layer uses: they import only the contract.", [
      ...PLATFORM,
      ...SERVER_ONLY,
      ...RULES,
      ...VIEW,
      ...UI,
      ...SCRIPTS,
    ]),
  },
  {
    files: ["lib/platform/**"],
    rules: boundary(
      "The embedded platform imports only lib/contract and lib/http: it never reaches the dashboard's proxy, store or UI.",
      [...without(SERVER_ONLY, ["store"]), ...RULES, ...VIEW, ...UI, ...SCRIPTS],
    ),
  },
  // The platform has a store of its own (lib/platform/store): `../store` from one of its
  // subdirectories is that one; lib/store is one level further up (or `@/lib/store`).
  {
    files: ["lib/platform/*.{ts,tsx}"],
    rules: boundary(
      "The embedded platform imports only lib/contract and lib/http: it never reaches the dashboard's proxy, store or UI.",
      [...SERVER_ONLY, ...RULES, ...VIEW, ...UI, ...SCRIPTS],
    ),
  },
  {
    files: ["lib/platform/*/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: ours([...without(SERVER_ONLY, ["store"]), ...RULES, ...VIEW, ...UI, ...SCRIPTS]),
              message:
                "The embedded platform imports only lib/contract and lib/http: it never reaches the dashboard's proxy, store or UI.",
            },
            {
              regex: "^(?:@/lib/|(?:\\.\\./){2,}(?:lib/)?)store(?:/|$)",
              message: "The embedded platform imports only lib/contract: lib/store is the dashboard's.",
            },
          ],
        },
      ],
    },
  },
  {
    files: under(PROXY),
    rules: boundary(
      "The proxy and the live hub import the contract and lib/http only: never the dashboard's store, the roots, the view or the platform.",
      [...PLATFORM, ...RULES, ...DATA, ...REPORTS, ...ROOTS, ...VIEW, ...UI, ...SCRIPTS],
    ),
  },
  {
    files: under(RULES),
    rules: boundary(
      "Roles, the share-link lock and the request checks are plain rules over the contract: the server and the pages both read them.",
      [...PLATFORM, ...SERVER_ONLY, ...VIEW, ...UI, ...SCRIPTS],
    ),
  },
  {
    files: under(RECORDS),
    rules: boundary(
      "The dashboard's records (database, stores, accounts, secrets, mail, workspaces) import the contract, lib/http, the rules, the proxy and the live hub: never the app, the guards, the audit writer, the reports, the handlers, the roots, the view, the UI or the platform.",
      [...PLATFORM, ...GUARDS, ...REPORTS, ...HANDLERS, ...ROOTS, ...VIEW, ...UI, ...SCRIPTS],
    ),
  },
  {
    files: [...under(GUARDS), ...EXPORT_SERVER],
    rules: boundary(
      "The app and its guards import the records below them (and the CSV's columns): never the reports, the route handlers, the roots in lib/server, the view, the UI or the platform.",
      [...PLATFORM, ...REPORTS, ...HANDLERS, ...ROOTS, ...without(VIEW, VIEW_FOR_SERVER), ...UI, ...SCRIPTS],
    ),
  },
  {
    files: under(REPORTS),
    rules: boundary(
      "Reports and alerts render views through the proxy over the dashboard's data: never the route handlers (they call the reports), the roots, the UI or the platform.",
      [...PLATFORM, ...HANDLERS, ...ROOTS, ...UI, ...SCRIPTS],
    ),
  },
  {
    files: under(HANDLERS),
    rules: boundary(
      "Route handlers import the dashboard's data, the reports and the CSV's columns: never the roots in lib/server, the view, the UI or the platform.",
      [...PLATFORM, ...ROOTS, ...without(VIEW, VIEW_FOR_SERVER), ...UI, ...SCRIPTS],
    ),
  },
  {
    files: under(ROOTS),
    rules: boundary(
      "The composition roots build the proxy, the store and the workspaces: they import no view, UI or platform code.",
      [...PLATFORM, ...VIEW, ...UI, ...SCRIPTS],
    ),
  },
  {
    // Browser code: the key-holding proxy, the dashboard's store and the embedded platform stay on the server.
    files: under(VIEW),
    ignores: EXPORT_SERVER,
    rules: boundary(
      "The view never imports server-only code (the proxy holds the workspace key) or the embedded platform: types only.",
      [...PLATFORM, ...SERVER_ONLY, ...UI, ...SCRIPTS],
      {
        allowTypeImports: true,
      },
    ),
  },
  {
    files: ["lib/format/**"],
    rules: boundary("lib/format is the bottom of the view layer: it imports only the contract.", [
      ...PLATFORM,
      ...SERVER_ONLY,
      ...RULES,
      ...without(VIEW, ["format"]),
      ...UI,
      ...SCRIPTS,
    ]),
  },
  {
    files: ["components/**"],
    rules: boundary(
      "Components never import server-only code (the proxy holds the workspace key) or the embedded platform: types only.",
      [...PLATFORM, ...SERVER_ONLY, ...SCRIPTS],
      { allowTypeImports: true },
      oursInLib,
    ),
  },
  {
    files: ["app/**"],
    ignores: ["app/api/**"],
    rules: boundary(
      "Pages reach the server only through lib/server's composition roots.",
      [...PLATFORM, ...without(SERVER_ONLY, ROOTS), ...SCRIPTS],
      { allowTypeImports: true },
      oursInLib,
    ),
  },
  {
    files: ["app/api/**"],
    rules: boundary(
      "Route files are one line each: they import lib/server's routes and lib/handlers, nothing below them.",
      [...PLATFORM, ...PROXY, ...RULES, ...without(DATA, ["handlers"]), ...VIEW, ...SCRIPTS],
      {},
      oursInLib,
    ),
  },
  {
    files: ["scripts/**"],
    rules: boundary(
      "Scripts (seed, platform, bench, load test) drive lib/; the UI is Next's, built and served, never imported.",
      ["components", "app"],
      {},
      (dirs) => `^(?:@/|(?:\\.\\./)+)(?:${dirs.join("|")})(?:/|$)`,
    ),
  },
  {
    // Tests reach into every layer to build what they test; e2e drives the whole app.
    files: ["**/*.test.ts", "**/*.test.tsx", "**/*.spec.ts", "e2e/**"],
    rules: { "no-restricted-imports": "off" },
  },
);
