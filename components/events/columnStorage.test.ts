import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type * as ColumnStorage from "./columnStorage";

type Storage = typeof ColumnStorage;

/** A localStorage that may refuse writes, as in private mode or with a full quota. */
function fakeStorage() {
  const items = new Map<string, string>();
  const state = { refuse: false };
  const guard = () => {
    if (state.refuse) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  };
  return {
    state,
    storage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => (guard(), void items.set(key, value)),
      removeItem: (key: string) => (guard(), void items.delete(key)),
    },
  };
}

describe("column choices in storage", () => {
  let fake: ReturnType<typeof fakeStorage>;
  let changes: number;
  let store: Storage;

  beforeEach(async () => {
    fake = fakeStorage();
    changes = 0;
    vi.stubGlobal("window", { localStorage: fake.storage, dispatchEvent: () => void changes++ });
    vi.resetModules();
    store = await import("./columnStorage");
  });

  afterEach(() => vi.unstubAllGlobals());

  it("keeps a choice in storage and reports the change", () => {
    store.writeOverrides("clicks", { ip: true });
    expect(store.parseOverrides(store.readOverridesRaw("clicks"))).toEqual({ ip: true });
    expect(fake.storage.getItem("linklens:columns:clicks")).toBe('{"ip":true}');
    expect(changes).toBe(1);
  });

  it("keeps a choice storage refuses for the page view, over what storage still holds", () => {
    store.writeOverrides("clicks", { ip: true });
    fake.state.refuse = true;
    store.writeOverrides("clicks", { ip: false, os: false });
    expect(store.parseOverrides(store.readOverridesRaw("clicks"))).toEqual({ ip: false, os: false });
    expect(changes).toBe(2);
    // A refused reset is kept too: back to the defaults, not to the stored choice.
    store.writeOverrides("clicks", {});
    expect(store.readOverridesRaw("clicks")).toBeNull();
    expect(store.readOverridesRaw("leads")).toBeNull();
  });

  it("goes back to storage once it accepts a write again", () => {
    fake.state.refuse = true;
    store.writeOverrides("sales", { amount: false });
    fake.state.refuse = false;
    store.writeOverrides("sales", { amount: true });
    expect(fake.storage.getItem("linklens:columns:sales")).toBe('{"amount":true}');
    expect(store.parseOverrides(store.readOverridesRaw("sales"))).toEqual({ amount: true });
  });
});
