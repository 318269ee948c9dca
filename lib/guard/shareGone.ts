import type { ShareGone } from "../store/shareLinks";
import type { ErrorCode } from "../contract/errors";

/** Why a share link no longer opens, as its page and the API say it (and the API's status for it). */
export const SHARE_GONE: Record<ShareGone, { code: Extract<ErrorCode, "not_found" | "forbidden">; text: string }> = {
  unknown: { code: "not_found", text: "This shared link does not exist." },
  revoked: { code: "forbidden", text: "This shared link has been revoked." },
  expired: { code: "forbidden", text: "This shared link has expired." },
  workspace_deleted: {
    code: "forbidden",
    text: "This shared link no longer works: its workspace was deleted. Ask the person who shared it for a new link.",
  },
};
