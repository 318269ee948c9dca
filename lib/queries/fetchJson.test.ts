import { afterEach, describe, expect, it, vi } from "vitest";
import { REFUSED_BY_HEADER } from "../http/refusedBy";
import { fetchJson } from "./fetchJson";
import { clearKeyRefusal, keyRefusalOf } from "./refusedKeys";

afterEach(() => {
  vi.unstubAllGlobals();
  clearKeyRefusal("w/acme");
});

const keyRefused = () =>
  new Response(
    JSON.stringify({
      error: {
        code: "unauthorized",
        message: "Invalid API key.",
        doc_url: "https://linklens.dev/docs/api-reference/errors#unauthorized",
      },
    }),
    {
      status: 401,
      headers: { "Content-Type": "application/json", [REFUSED_BY_HEADER]: "workspace-key" },
    },
  );

describe("fetchJson after the platform refused the workspace's key", () => {
  it("sends nothing more for that workspace until asked to try again, and answers with the platform's reason", async () => {
    const fetchMock = vi.fn(async () => keyRefused());
    vi.stubGlobal("fetch", fetchMock);
    await expect(fetchJson("w/acme", "/api/analytics?groupBy=count")).rejects.toMatchObject({
      status: 401,
      message: "Invalid API key.",
      refusedBy: "workspace-key",
    });
    for (let i = 0; i < 20; i++)
      await expect(fetchJson("w/acme", "/api/events?limit=1")).rejects.toMatchObject({ message: "Invalid API key." });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(keyRefusalOf("w/acme")?.message).toBe("Invalid API key.");

    // Another workspace is asked as usual.
    fetchMock.mockImplementation(async () => new Response("{}", { status: 200 }));
    await expect(fetchJson("w/globex", "/api/analytics?groupBy=count")).resolves.toEqual({});
    expect(fetchMock).toHaveBeenCalledTimes(2);

    clearKeyRefusal("w/acme");
    await expect(fetchJson("w/acme", "/api/analytics?groupBy=count")).resolves.toEqual({});
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("does not stop on the dashboard's own 401 (signed out), which is not the key's", async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ error: { code: "unauthorized", message: "Sign in to use this dashboard.", doc_url: "x" } }),
          { status: 401 },
        ),
    );
    vi.stubGlobal("fetch", fetchMock);
    await expect(fetchJson("w/acme", "/api/events")).rejects.toMatchObject({ status: 401, refusedBy: null });
    await expect(fetchJson("w/acme", "/api/events")).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(keyRefusalOf("w/acme")).toBeUndefined();
  });
});
