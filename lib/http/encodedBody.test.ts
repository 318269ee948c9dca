import { describe, expect, it } from "vitest";
import { EncodedBodies } from "./encodedBody";

const body = JSON.stringify(
  Array.from({ length: 50 }, (_, i) => ({ event: "click", ip: `203.0.113.•••`, city: "Zürich", i })),
);

describe("EncodedBodies", () => {
  it("encodes a body once per owner: every hit on the same kept reply gets the same bytes", () => {
    const bodies = new EncodedBodies<object>();
    const owner = {};
    const first = bodies.utf8(owner, body);
    expect(bodies.utf8(owner, body)).toBe(first);
    expect(new TextDecoder().decode(first)).toBe(body);
  });

  it("another owner's body is its own", () => {
    const bodies = new EncodedBodies<object>();
    bodies.utf8({}, body);
    expect(new TextDecoder().decode(bodies.utf8({}, "[1,2,3]"))).toBe("[1,2,3]");
  });
});
