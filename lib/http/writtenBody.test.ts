import { describe, expect, it } from "vitest";
import { bytesReply, writesBodyItself, writtenBodyOf } from "./writtenBody";

describe("bytesReply", () => {
  const bytes = new TextEncoder().encode('[{"event":"click"}]');
  const init = { status: 200, headers: { "Content-Type": "application/json" } };

  it("holds its body in its stream for a request Next answers", async () => {
    const response = bytesReply(new Request("http://localhost/api/events"), bytes, init);
    expect(writtenBodyOf(response)).toBeUndefined();
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.text()).toBe('[{"event":"click"}]');
  });

  it("keeps the bytes themselves beside a streamless reply for a request whose server writes the body", () => {
    const request = new Request("http://localhost/api/events");
    writesBodyItself(request);
    const response = bytesReply(request, bytes, init);
    expect(response.status).toBe(200);
    expect(response.body).toBeNull();
    expect(writtenBodyOf(response)).toBe(bytes);
    // Another request, another Response: nothing is kept for it.
    expect(writtenBodyOf(new Response(bytes))).toBeUndefined();
  });
});
