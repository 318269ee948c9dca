// Types of eslint.config.mjs for eslint.config.test.ts.
/** Every folder of lib/, by layer. */
export declare const LIB_LAYERS: Readonly<Record<string, readonly string[]>>;
declare const config: unknown[];
export default config;
