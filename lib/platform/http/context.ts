import type { AuthResult } from "./auth";

/** Per-request values set by the app's middleware. */
export interface AppEnv {
  Variables: {
    auth: AuthResult;
  };
}
