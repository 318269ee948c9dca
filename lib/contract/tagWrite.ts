import * as z from "./zod";
import { TAG_COLORS } from "./events";
import { described } from "./params";

/** POST /tags and PATCH /tags/{id}, and the reply of DELETE: the hosted platform's shapes. */

export const MAX_TAG_NAME = 190;

const tagName = z.string().check(z.minLength(1), z.maxLength(MAX_TAG_NAME));
const color = described(z.optional(z.enum(TAG_COLORS)), "The tag's colour. Default: one picked at random.");

/** `tag` is the older name of `name`, which the hosted platform still reads. */
export const createTagBody = z.object({
  name: described(z.optional(tagName), "The tag's name, unique in the workspace (409 when taken)."),
  tag: described(z.optional(tagName), "Deprecated: use name."),
  color,
});
export type CreateTagBody = z.output<typeof createTagBody>;

export const updateTagBody = createTagBody;
export type UpdateTagBody = CreateTagBody;

export const TAG_NAME_TAKEN = "A tag with that name already exists.";
export const TAG_NOT_FOUND = "Tag not found.";
