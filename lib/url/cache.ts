import "server-only";
import { createSearchParamsCache } from "nuqs/server";
import { URL_KEYS } from "./keys";

/** The URL's state for server components of one request (first render), parsed once. */
export const urlCache = createSearchParamsCache(URL_KEYS);
