import { describe, expect, it } from "vitest";
import { capabilitiesOf } from "./access";
import { toolRefusal, toolsNote } from "./toolReasons";

const member = (role: "owner" | "member" | "viewer") =>
  capabilitiesOf({ kind: "member", workspaceId: "w", role, userId: "u" });
const share = (allowExport: boolean) => capabilitiesOf({ kind: "share", workspaceId: "w", linkId: "l", allowExport });

describe("toolRefusal", () => {
  it("offers export and full IPs to owners and members, as the server allows them", () => {
    for (const role of ["owner", "member"] as const) {
      expect(toolRefusal(member(role), "export")).toBeNull();
      expect(toolRefusal(member(role), "revealIps")).toBeNull();
    }
  });

  it("tells a viewer why both are off, and whom to ask", () => {
    expect(toolRefusal(member("viewer"), "export")).toMatch(/Viewers cannot export.*ask an owner/i);
    expect(toolRefusal(member("viewer"), "revealIps")).toMatch(/Viewers see IP addresses masked/);
  });

  it("says it once under the tools", () => {
    expect(toolsNote(member("member"))).toBeNull();
    expect(toolsNote(member("viewer"))).toBe(
      "Viewers cannot reveal IP addresses or export. Ask an owner of this workspace for the member role.",
    );
    expect(toolsNote(share(true))).toBe("IP addresses stay masked on a shared link.");
  });

  it("on a share link: export as its creator chose, IPs always masked", () => {
    expect(toolRefusal(share(true), "export")).toBeNull();
    expect(toolRefusal(share(false), "export")).toMatch(/creator did not allow/);
    expect(toolRefusal(share(true), "revealIps")).toMatch(/masked on a shared link/);
  });
});
