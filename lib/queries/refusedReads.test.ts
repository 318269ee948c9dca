import { QueryClient, hydrate } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { refusedState } from "./refusedReads";
import { RequestError } from "./requestError";

describe("refusedState", () => {
  it("holds each refused read in the browser's cache as the refusal its own request would get: a 403 in error, no data, not fetching", () => {
    const client = new QueryClient();
    const queryKey = ["w/acme", "customers", "leads"] as const;
    hydrate(
      client,
      refusedState([
        { queryKey, status: 403, code: "forbidden", message: "Events need the Business plan.", at: 60_000 },
      ]),
    );
    const state = client.getQueryState(queryKey);
    expect(state).toMatchObject({ status: "error", fetchStatus: "idle", data: undefined, errorUpdatedAt: 60_000 });
    expect(state?.error).toBeInstanceOf(RequestError);
    expect(state?.error).toMatchObject({ status: 403, code: "forbidden", refusedBy: null });
  });
});
