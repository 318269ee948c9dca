import slugify from "@sindresorhus/slugify";
import type { CreateLinkBody } from "../../contract/links";
import type { PartnerLinkProps } from "../../contract/partnerCreate";
import { insertLink, keyTaken, type Claimed, type LinkAuthor } from "./createLinks";
import { randomBase62 } from "./ids";
import { PLATFORM_DEFAULT_DOMAIN, workspaceTargets } from "./linkTargets";
import type { WriteTx } from "./writeTx";

/** Who the default link is for: the partner as created, and what the request said about it. */
export interface LinkPartner {
  id: string;
  email: string;
  name: string | null | undefined;
  username: string | null | undefined;
  tenantId: string | null;
}

/** The key the hosted platform gives a partner's default link: its username, else its name or its email's local part made a slug; under `prefix`. */
export function defaultLinkKey(
  partner: Pick<LinkPartner, "email" | "name" | "username">,
  prefix: string | undefined,
): string {
  const slug = partner.username || slugify(partner.name || "") || slugify(partner.email.split("@")[0]);
  const trimmed = (prefix ?? "").replace(/^\/|\/$/g, "");
  return trimmed === "" ? slug : `${trimmed}/${slug}`;
}

const SUFFIX_ATTEMPTS = 8;

/**
 * A new partner's default link, as the hosted platform makes it for a program's group: on the
 * program's domain (the workspace's primary one), to the program's website, keyed by the partner
 * (a taken key gets a short random suffix), tracking conversions, with `linkProps` on top.
 * Returns its id.
 */
export async function createDefaultLink(
  tx: WriteTx,
  author: LinkAuthor,
  programUrl: string,
  partner: LinkPartner,
  linkProps: PartnerLinkProps | undefined,
  now: Date,
): Promise<string> {
  const targets = await workspaceTargets(tx, author.workspaceId);
  const domain = targets.primaryDomain ?? PLATFORM_DEFAULT_DOMAIN;
  const claimed: Claimed = { keys: new Set(), externalIds: new Set() };
  const { prefix, ...props } = linkProps ?? {};
  let key = defaultLinkKey(partner, prefix);
  for (let i = 0; i < SUFFIX_ATTEMPTS && (await keyTaken(tx, claimed, domain, key)); i++)
    key = `${defaultLinkKey(partner, prefix)}-${randomBase62(4).toLowerCase()}`;
  const body: CreateLinkBody = {
    ...props,
    url: programUrl,
    domain,
    key,
    trackConversion: true,
    programId: targets.defaultProgramId,
    partnerId: partner.id,
    tenantId: partner.tenantId,
  };
  return insertLink(tx, author, targets, claimed, body, now);
}
