import { Dub } from "dub";

/** The hosted platform's SDK (npm `dub`) on `serverURL` with `token`, never retrying: a test sees every answer. */
export const sdkFor = (serverURL: string, token = "demo_business_key"): Dub =>
  new Dub({ token, serverURL, retryConfig: { strategy: "none" } });

/** What `call` threw (an SDK error, say); the test fails when it did not throw. */
export async function thrown(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (err) {
    return err;
  }
  throw new Error("expected the SDK call to throw");
}

/** A name no other test (nor another run on the same platform) uses. */
export const unique = (name: string): string => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
