import * as z from "./zod";
import { TAG_COLORS } from "./events";

/** POST /tags and PATCH /tags/{id}, and the reply of DELETE: the hosted platform's shapes. */

export const MAX_TAG_NAME = 190;

const tagName = z.string().check(z.minLength(1), z.maxLength(MAX_TAG_NAME));
const color = z.optional(z.enum(TAG_COLORS));

/** `tag` is the older name of `name`, which the hosted platform still reads. */
export const createTagBody = z.object({ name: z.optional(tagName), tag: z.optional(tagName), color });
export type CreateTagBody = z.output<typeof createTagBody>;

export const updateTagBody = createTagBody;
export type UpdateTagBody = CreateTagBody;

export const TAG_NAME_TAKEN = "A tag with that name already exists.";
export const TAG_NOT_FOUND = "Tag not found.";
