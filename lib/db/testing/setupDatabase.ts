import { pgliteCopy } from "./pgliteCopy";

// Each integration file's dashboard (lib/server/dashboardRoot.ts, built from the environment) gets a database of its own.
process.env.DASHBOARD_DATA = pgliteCopy();
