import type { Role } from "./roles";

/** Each role in a few words, wherever one is chosen or granted (the invite form, the invitation page and mail). */
export const ROLE_SUMMARY: Record<Role, string> = {
  viewer: "sees the workspace's figures and shared views; no export",
  member: "also exports, saves and shares views, and makes share links",
  owner: "also manages members, invitations and the workspace's settings",
};
