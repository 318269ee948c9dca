import { config } from "zod/mini";
import { en } from "zod/locales";

/**
 * The contract's zod: `zod/mini`, whose functional API tree-shakes (classic `zod` does not, and the
 * browser downloads the contract). Import it as a namespace, `import * as z from "./zod"`, so that
 * bundlers keep only the functions used. Classic zod installs English messages on first use; mini
 * installs none, so they are installed here to keep every default message the same.
 */
config(en());

export * from "zod/mini";
