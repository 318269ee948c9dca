import * as z from "./zod";
import { described } from "./params";

/**
 * POST /folders and PATCH /folders/{id}, as hosted. Every folder here is a plain one that the
 * workspace's keys may write: `accessLevel` is `write` (or null, the hosted default, read as
 * write), and the store keeps no description, so one is refused rather than dropped.
 */

export const MAX_FOLDER_NAME = 190;

const noDescription = described(
  z.optional(
    z.nullable(z.string().check(z.maxLength(0, "folder descriptions are not kept by this platform; leave it out"))),
  ),
  'The folder\'s description: not kept here, only null or "" is accepted (422 otherwise).',
);
const accessLevel = described(
  z.optional(z.nullable(z.literal("write", 'every folder here is writable by the workspace\'s keys: "write" or null'))),
  'Who may write in the folder: "write" (or null) here, every folder being writable by the workspace\'s keys.',
);

export const createFolderBody = z.object({
  name: described(
    z.string().check(z.minLength(1), z.maxLength(MAX_FOLDER_NAME)),
    "The folder's name, unique in the workspace (409 when taken).",
  ),
  description: noDescription,
  accessLevel,
});
export type CreateFolderBody = z.output<typeof createFolderBody>;

export const updateFolderBody = z.partial(createFolderBody);
export type UpdateFolderBody = z.output<typeof updateFolderBody>;

export const FOLDER_NAME_TAKEN = "A folder with that name already exists.";
export const FOLDER_NOT_FOUND = "Folder not found.";
