import type { Capabilities } from "./access";

/** The event table's tools a role or a share link may lack. */
export type Tool = "export" | "revealIps";

const SHARED: Record<Tool, string> = {
  export: "Export is off for this shared link: its creator did not allow it.",
  revealIps: "IP addresses stay masked on a shared link.",
};

const VIEWER: Record<Tool, string> = {
  export: "Viewers cannot export. Ask an owner of this workspace for the member role.",
  revealIps: "Viewers see IP addresses masked. Ask an owner of this workspace for the member role.",
};

/** The one sentence under the tools saying why those disabled are (null when none is). */
export function toolsNote(capabilities: Capabilities): string | null {
  const refused = (["revealIps", "export"] as const).filter((tool) => !capabilities[tool]);
  if (refused.length === 0) return null;
  if (!capabilities.shared && refused.length === 2)
    return "Viewers cannot reveal IP addresses or export. Ask an owner of this workspace for the member role.";
  return refused.map((tool) => toolRefusal(capabilities, tool)).join(" ");
}

/**
 * Why the page's requester cannot use a tool (the server refuses it too), or null when they can:
 * the page shows the tool disabled with this sentence instead of offering what would fail.
 */
export function toolRefusal(capabilities: Capabilities, tool: Tool): string | null {
  if (capabilities[tool]) return null;
  return capabilities.shared ? SHARED[tool] : VIEWER[tool];
}
