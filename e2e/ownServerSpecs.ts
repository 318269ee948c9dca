/**
 * The journeys that start dashboards of their own (sign-in, teams, reports, the Live view): they
 * run one at a time, beside the journeys on the shared dashboards, and read a platform of their own
 * (E2E_OWN_PLATFORM_PORT), each started with e2e/ownDashboard.ts. scripts/testing/ownServerSpecs.test.ts finds
 * every spec that starts a dashboard here.
 */
export const OWN_SERVER_SPECS = [
  "team",
  "teamLead",
  "teamManage",
  "invitations",
  "reports",
  "live",
  "account",
  "annotations",
  "darkMode",
].map((name) => `${name}.spec.ts`);
