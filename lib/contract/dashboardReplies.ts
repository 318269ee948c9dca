/**
 * The dashboard's own API replies that its pages read: written by lib/handlers, read by the
 * settings and saved-view components. (The platform's API is the rest of lib/contract.)
 */

/**
 * A share link as …/shares lists it: a member sees the links they made, an owner every link. Never
 * its password; its URL (holding the token) only for its creator.
 */
export interface ShareLinkJson {
  id: string;
  name: string;
  query: string;
  /** Who made it (null: an account since deleted). */
  creatorName: string | null;
  /** The person asking made it: they may copy it again and change its password or expiry. */
  mine: boolean;
  /** The link itself, for its creator; null for others and for links made before links were kept to be shown again. */
  url: string | null;
  /** Distinct visitors who opened it; `openCount` counts their visits (a new one after 30 idle minutes), not page loads. */
  visitors: number;
  hasPassword: boolean;
  expiresAt: string | null;
  allowExport: boolean;
  revokedAt: string | null;
  openCount: number;
  lastOpenedAt: string | null;
  createdAt: string;
}

/** A saved view in …/views, as the person asking sees it (theirs or shared, the default or not). */
export interface SavedViewJson {
  id: string;
  name: string;
  query: string;
  shared: boolean;
  mine: boolean;
  isDefault: boolean;
  /** Who saved it (null: saved before sign-in, or by an account since deleted). */
  authorName: string | null;
}

/** One visitor of a share link in …/shares/<id>/visitors: numbered by first visit (nothing else about them is kept). */
export interface ShareVisitorJson {
  label: string;
  opens: number;
  firstAt: string;
  lastAt: string;
}

/** A note on the workspace's charts in …/annotations: a calendar day (read in the view's time zone) and its text. */
export interface AnnotationJson {
  id: string;
  /** YYYY-MM-DD. */
  day: string;
  note: string;
  /** Who wrote it (null: before sign-in, or an account since deleted). */
  authorName: string | null;
  /** The person asking may change or delete it: its author, or an owner. */
  editable: boolean;
  createdAt: string;
  updatedAt: string;
}

/**
 * What the page's loader (lib/server/firstScreen.ts) gives the first screen
 * (lib/queries/firstScreenState.ts) for a 403 that is neither a share link's lock nor the
 * dashboard's sign-in: the plan does not include what was asked (the Pro key's `/events`). Known on
 * the server, it is said in the HTML (the report's notice) rather than asked again by the browser
 * once hydrated.
 */
export interface PlanRefusal {
  refused: { status: number; code: string; message: string };
}
