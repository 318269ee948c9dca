/**
 * The dashboard's own API replies that its pages read: written by lib/handlers, read by the
 * settings and saved-view components. (The platform's API is the rest of lib/contract.)
 */

/** A share link as the workspace's members see it in …/shares (never its password or token). */
export interface ShareLinkJson {
  id: string;
  name: string;
  query: string;
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
}
