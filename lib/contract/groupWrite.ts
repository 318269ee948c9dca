import * as z from "./zod";
import { described } from "./params";

/**
 * POST /groups and PATCH /groups/{id}, as hosted (Business plan and up, as GET /groups). The store
 * keeps a group's name; its slug is made from the name, so a slug given must be that one, and a
 * colour (not kept) is refused rather than dropped.
 */

export const MAX_GROUP_NAME = 190;

const name = described(z.string().check(z.minLength(1), z.maxLength(MAX_GROUP_NAME)), "The group's name.");
const slug = described(
  z.optional(z.string().check(z.regex(/^[a-z0-9-]+$/, "lowercase letters, digits and hyphens"))),
  "The group's slug: here always the one made from its name (422 for another).",
);
const color = described(
  z.optional(z.nullable(z.string().check(z.maxLength(0, "group colours are not kept by this platform; leave it out")))),
  'The group\'s colour: not kept here, only null or "" is accepted (422 otherwise).',
);

export const createGroupBody = z.object({ name, slug, color });
export type CreateGroupBody = z.output<typeof createGroupBody>;

export const updateGroupBody = z.object({ name: z.optional(name), slug, color });
export type UpdateGroupBody = z.output<typeof updateGroupBody>;

export const GROUP_NOT_FOUND = "Group not found.";
export const groupSlugTaken = (slug: string) => `A group with the slug "${slug}" already exists in this program.`;
