import { describe, expect, it } from "vitest";
import { FIRST_TURN, moveRequest, turnAnswered, turnAsked } from "./budgetStates";

describe("a queued request's moves", () => {
  it("goes new → queued → sent → answered, and back to queued after a 429", () => {
    expect(moveRequest("new", "queued")).toBe("queued");
    expect(moveRequest("queued", "queued")).toBe("queued");
    expect(moveRequest("queued", "sent")).toBe("sent");
    expect(moveRequest("sent", "queued")).toBe("queued");
    expect(moveRequest("sent", "answered")).toBe("answered");
    expect(moveRequest("new", "answered")).toBe("answered");
  });

  it("is never sent without queueing, and never moves once answered", () => {
    expect(() => moveRequest("new", "sent")).toThrow(/from new to sent/);
    expect(() => moveRequest("answered", "queued")).toThrow(/from answered to queued/);
    expect(() => moveRequest("answered", "answered")).toThrow();
  });
});

describe("the gate's turn", () => {
  it("a refusal holds the key until the gate's instant, at least a millisecond on", () => {
    const asking = turnAsked({ kind: "ready", notBefore: 0 });
    expect(asking).toEqual({ kind: "asking", notBefore: 0 });
    expect(turnAnswered(asking, { granted: false, retryAt: 1_500 }, 1_000)).toEqual({
      kind: "ready",
      notBefore: 1_500,
    });
    expect(turnAnswered(asking, { granted: false, retryAt: 900 }, 1_000)).toEqual({ kind: "ready", notBefore: 1_001 });
  });

  it("a grant keeps the last refusal's instant", () => {
    const asking = turnAsked({ kind: "ready", notBefore: 700 });
    expect(turnAnswered(asking, { granted: true }, 1_000)).toEqual({ kind: "ready", notBefore: 700 });
    expect(FIRST_TURN).toEqual({ kind: "ready", notBefore: 0 });
  });
});
