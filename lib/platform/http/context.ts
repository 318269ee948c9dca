import type { Store } from "../query/store";
import type { AuthResult } from "./auth";

/** Per-request values set by the app's middleware. */
export interface AppEnv {
  Variables: {
    auth: AuthResult;
    /** The store as this request reads it: its statements stop when the client leaves or the deadline passes. */
    store: Store;
  };
}
