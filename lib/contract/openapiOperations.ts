import * as z from "./zod";
import { analyticsShape } from "./analytics";
import {
  customersShape,
  customerListItemSchema,
  customerListSchema,
  oneCustomerShape,
  updateCustomerBody,
} from "./customers";
import { domainsShape } from "./domains";
import { createDomainBody, updateDomainBody } from "./domainWrite";
import { strictEvents } from "./events";
import { createFolderBody, updateFolderBody } from "./folderWrite";
import { folderListItemSchema, folderListSchema, foldersShape } from "./folders";
import { createGroupBody, updateGroupBody } from "./groupWrite";
import { groupListItemSchema, groupListSchema, groupsShape } from "./groups";
import { infoShape, updateLinkBody } from "./linkLookup";
import { bulkLinksDocument, createLinkBody, linksShape } from "./links";
import { createPartnerBody } from "./partnerCreate";
import { partnerListItemSchema, partnerListSchema, partnersShape } from "./partners";
import type { ErrorCode } from "./errors";
import type { ParamShape } from "./params";
import { eventsShape } from "./query";
import { createTagBody, updateTagBody } from "./tagWrite";
import { tagListItemSchema, tagListSchema, tagsShape } from "./tags";
import { trackClickBody, trackLeadBody, trackSaleBody } from "./track";
import { createWebhookBody } from "./webhookCreate";

/**
 * Every operation the embedded platform serves, as the API document (GET /openapi.json) lists it:
 * its path and method, what it does, its query parameters (the contract's own parameter shapes,
 * described where they are defined), its body and reply schemas, and the errors it answers beyond
 * the ones every operation may (400, 401, 429, 500). The platform registers the same routes; a
 * test fails when one is missing here (lib/platform/http/openapi.int.test.ts).
 */

export type HttpMethod = "get" | "post" | "patch" | "delete";

export interface Operation {
  method: HttpMethod;
  /** OpenAPI form: `/links/{linkId}`. */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description: string;
  query?: ParamShape;
  /** Parameters the SDK repeats once per value (`ids=a&ids=b`), beside the shape. */
  repeated?: Record<string, string>;
  /** Path parameters and what each names. */
  pathParams?: Record<string, string>;
  body?: z.ZodMiniType;
  reply?: z.ZodMiniType;
  replyDescription: string;
  /** 201 instead of 200. */
  created?: true;
  errors: readonly ErrorCode[];
  /** The per-second analytics budget rather than the per-minute one. */
  analyticsLimits?: true;
  /** Needs a platform started with --writable. */
  write?: true;
}

const linkId = { linkId: "The link's id, or ext_ followed by its external id." };
const id = (what: string) => ({ id: `The ${what}'s id.` });
const deleted = z.strictObject({ id: z.string() });

export const OPERATIONS: readonly Operation[] = [
  {
    method: "get",
    path: "/events",
    operationId: "listEvents",
    tag: "Events",
    summary: "List events",
    description: "The workspace's click, lead or sale events, newest first, paginated; Business plan and up.",
    query: eventsShape,
    reply: strictEvents.events,
    replyDescription: "A page of events of the kind asked for.",
    errors: ["forbidden", "unprocessable_entity"],
    analyticsLimits: true,
  },
  {
    method: "get",
    path: "/analytics",
    operationId: "retrieveAnalytics",
    tag: "Analytics",
    summary: "Retrieve analytics",
    description:
      "Clicks, leads, sales and sale amounts of the workspace: a total, a timeseries, or grouped by a dimension; Pro plan and up.",
    query: analyticsShape,
    replyDescription:
      "The count, the timeseries buckets, or one row per value of the grouping (at most 1,000, by the event's metric).",
    errors: ["forbidden", "unprocessable_entity"],
    analyticsLimits: true,
  },
  {
    method: "post",
    path: "/track/click",
    operationId: "trackClick",
    tag: "Track",
    summary: "Track a click",
    description:
      "Records a click the client saw itself (a pageview click) on a link of the workspace; leads and sales are then tracked on its id.",
    body: trackClickBody,
    replyDescription: "The click's id, and the link's partner.",
    errors: ["not_found", "forbidden"],
    write: true,
  },
  {
    method: "post",
    path: "/track/lead",
    operationId: "trackLead",
    tag: "Track",
    summary: "Track a lead",
    description:
      "Makes a customer a lead of a click's link; mode deferred keeps the click for a later lead sent with an empty clickId.",
    body: trackLeadBody,
    replyDescription: "The click, its link and the customer.",
    errors: ["not_found", "unprocessable_entity", "forbidden"],
    write: true,
  },
  {
    method: "post",
    path: "/track/sale",
    operationId: "trackSale",
    tag: "Track",
    summary: "Track a sale",
    description:
      "Records a sale of a customer on its lead's click (or on clickId), in USD cents; an invoice counts once.",
    body: trackSaleBody,
    replyDescription: "The sale and its customer; both null when the customer is unknown and no click is given.",
    errors: ["not_found", "unprocessable_entity", "forbidden"],
    write: true,
  },
  {
    method: "get",
    path: "/links",
    operationId: "getLinks",
    tag: "Links",
    summary: "List links",
    description: "The workspace's links, by page or by cursor.",
    query: linksShape,
    reply: z.array(strictEvents.link),
    replyDescription: "A page of links.",
    errors: ["unprocessable_entity"],
  },
  {
    method: "post",
    path: "/links",
    operationId: "createLink",
    tag: "Links",
    summary: "Create a link",
    description: "A new short link; a missing domain takes the workspace's primary one, a missing key a random one.",
    body: createLinkBody,
    reply: strictEvents.link,
    replyDescription: "The link created.",
    errors: ["conflict", "unprocessable_entity", "forbidden"],
    write: true,
  },
  {
    method: "post",
    path: "/links/bulk",
    operationId: "bulkCreateLinks",
    tag: "Links",
    summary: "Create links in bulk",
    description: "Up to 100 links in one call; each item answers its link or its error, in its place.",
    body: bulkLinksDocument,
    replyDescription: "One link or one error per item, in order.",
    errors: ["unprocessable_entity", "forbidden"],
    write: true,
  },
  {
    method: "get",
    path: "/links/info",
    operationId: "getLinkInfo",
    tag: "Links",
    summary: "Retrieve a link",
    description: "One link, by domain and key, by linkId, or by externalId (prefixed ext_).",
    query: infoShape,
    reply: strictEvents.link,
    replyDescription: "The link.",
    errors: ["not_found"],
  },
  {
    method: "get",
    path: "/links/{linkId}",
    operationId: "getLink",
    tag: "Links",
    summary: "Retrieve a link by id",
    description: "One link by its id or ext_ and its external id.",
    pathParams: linkId,
    reply: strictEvents.link,
    replyDescription: "The link.",
    errors: ["not_found"],
  },
  {
    method: "patch",
    path: "/links/{linkId}",
    operationId: "updateLink",
    tag: "Links",
    summary: "Update a link",
    description:
      "Changes the fields given; tags given replace the link's. Its past events count under its new tags and folder.",
    pathParams: linkId,
    body: updateLinkBody,
    reply: strictEvents.link,
    replyDescription: "The link as changed.",
    errors: ["not_found", "conflict", "unprocessable_entity", "forbidden"],
    write: true,
  },
  {
    method: "delete",
    path: "/links/{linkId}",
    operationId: "deleteLink",
    tag: "Links",
    summary: "Delete a link",
    description: "Deletes the link with its analytics: its events leave every count, breakdown and list.",
    pathParams: linkId,
    reply: deleted,
    replyDescription: "The id of the link deleted.",
    errors: ["not_found", "forbidden"],
    write: true,
  },
  {
    method: "get",
    path: "/domains",
    operationId: "listDomains",
    tag: "Domains",
    summary: "List domains",
    description: "The workspace's domains.",
    query: domainsShape,
    replyDescription: "A page of domains.",
    errors: ["unprocessable_entity"],
  },
  {
    method: "post",
    path: "/domains",
    operationId: "createDomain",
    tag: "Domains",
    summary: "Create a domain",
    description: "Adds a domain to the workspace.",
    body: createDomainBody,
    replyDescription: "The domain created.",
    created: true,
    errors: ["conflict", "unprocessable_entity", "forbidden"],
    write: true,
  },
  {
    method: "get",
    path: "/domains/{slug}",
    operationId: "getDomain",
    tag: "Domains",
    summary: "Retrieve a domain",
    description: "One domain of the workspace.",
    pathParams: { slug: "The domain name." },
    replyDescription: "The domain.",
    errors: ["not_found"],
  },
  {
    method: "patch",
    path: "/domains/{slug}",
    operationId: "updateDomain",
    tag: "Domains",
    summary: "Update a domain",
    description: "Renames or archives a domain; its links follow.",
    pathParams: { slug: "The domain name." },
    body: updateDomainBody,
    replyDescription: "The domain as changed.",
    errors: ["not_found", "conflict", "unprocessable_entity", "forbidden"],
    write: true,
  },
  {
    method: "post",
    path: "/domains/{slug}/primary",
    operationId: "setPrimaryDomain",
    tag: "Domains",
    summary: "Make a domain primary",
    description: "The domain new links take when they name none.",
    pathParams: { slug: "The domain name." },
    replyDescription: "The domain.",
    errors: ["not_found", "forbidden"],
    write: true,
  },
  {
    method: "get",
    path: "/tags",
    operationId: "getTags",
    tag: "Tags",
    summary: "List tags",
    description: "The workspace's link tags.",
    query: tagsShape,
    repeated: { ids: "Tag ids, repeated or comma-separated." },
    reply: tagListSchema,
    replyDescription: "A page of tags.",
    errors: ["unprocessable_entity"],
  },
  {
    method: "post",
    path: "/tags",
    operationId: "createTag",
    tag: "Tags",
    summary: "Create a tag",
    description: "A new link tag.",
    body: createTagBody,
    reply: tagListItemSchema,
    replyDescription: "The tag created.",
    created: true,
    errors: ["conflict", "unprocessable_entity", "forbidden"],
    write: true,
  },
  {
    method: "patch",
    path: "/tags/{id}",
    operationId: "updateTag",
    tag: "Tags",
    summary: "Update a tag",
    description: "Renames or recolours a tag.",
    pathParams: id("tag"),
    body: updateTagBody,
    reply: tagListItemSchema,
    replyDescription: "The tag as changed.",
    errors: ["not_found", "conflict", "unprocessable_entity", "forbidden"],
    write: true,
  },
  {
    method: "delete",
    path: "/tags/{id}",
    operationId: "deleteTag",
    tag: "Tags",
    summary: "Delete a tag",
    description: "Deletes a tag; its links lose it.",
    pathParams: id("tag"),
    reply: deleted,
    replyDescription: "The id of the tag deleted.",
    errors: ["not_found", "forbidden"],
    write: true,
  },
  {
    method: "get",
    path: "/folders",
    operationId: "listFolders",
    tag: "Folders",
    summary: "List folders",
    description: "The workspace's link folders.",
    query: foldersShape,
    reply: folderListSchema,
    replyDescription: "A page of folders.",
    errors: ["unprocessable_entity"],
  },
  {
    method: "post",
    path: "/folders",
    operationId: "createFolder",
    tag: "Folders",
    summary: "Create a folder",
    description: "A new link folder.",
    body: createFolderBody,
    reply: folderListItemSchema,
    replyDescription: "The folder created.",
    created: true,
    errors: ["conflict", "unprocessable_entity", "forbidden"],
    write: true,
  },
  {
    method: "patch",
    path: "/folders/{id}",
    operationId: "updateFolder",
    tag: "Folders",
    summary: "Update a folder",
    description: "Renames a folder.",
    pathParams: id("folder"),
    body: updateFolderBody,
    reply: folderListItemSchema,
    replyDescription: "The folder as changed.",
    errors: ["not_found", "conflict", "unprocessable_entity", "forbidden"],
    write: true,
  },
  {
    method: "delete",
    path: "/folders/{id}",
    operationId: "deleteFolder",
    tag: "Folders",
    summary: "Delete a folder",
    description: "Deletes a folder; its links leave it.",
    pathParams: id("folder"),
    reply: deleted,
    replyDescription: "The id of the folder deleted.",
    errors: ["not_found", "forbidden"],
    write: true,
  },
  {
    method: "get",
    path: "/customers",
    operationId: "getCustomers",
    tag: "Customers",
    summary: "List customers",
    description: "The workspace's customers, by page or by cursor.",
    query: customersShape,
    reply: customerListSchema,
    replyDescription: "A page of customers.",
    errors: ["unprocessable_entity"],
  },
  {
    method: "get",
    path: "/customers/{id}",
    operationId: "getCustomer",
    tag: "Customers",
    summary: "Retrieve a customer",
    description: "One customer by its id or ext_ and its external id.",
    pathParams: id("customer"),
    query: oneCustomerShape,
    reply: customerListItemSchema,
    replyDescription: "The customer.",
    errors: ["not_found"],
  },
  {
    method: "patch",
    path: "/customers/{id}",
    operationId: "updateCustomer",
    tag: "Customers",
    summary: "Update a customer",
    description: "Changes the fields given.",
    pathParams: id("customer"),
    body: updateCustomerBody,
    reply: customerListItemSchema,
    replyDescription: "The customer as changed.",
    errors: ["not_found", "conflict", "unprocessable_entity", "forbidden"],
    write: true,
  },
  {
    method: "get",
    path: "/partners",
    operationId: "listPartners",
    tag: "Partners",
    summary: "List partners",
    description: "The partners of the workspace's program.",
    query: partnersShape,
    reply: partnerListSchema,
    replyDescription: "A page of partners.",
    errors: ["unprocessable_entity"],
  },
  {
    method: "post",
    path: "/partners",
    operationId: "createPartner",
    tag: "Partners",
    summary: "Create a partner",
    description: "Enrolls a partner in the workspace's program; an email already enrolled answers that partner.",
    body: createPartnerBody,
    reply: partnerListItemSchema,
    replyDescription: "The partner.",
    created: true,
    errors: ["unprocessable_entity", "forbidden"],
    write: true,
  },
  {
    method: "get",
    path: "/groups",
    operationId: "listGroups",
    tag: "Partners",
    summary: "List partner groups",
    description: "The partner groups of the workspace's program with their totals; Business plan and up.",
    query: groupsShape,
    repeated: { groupIds: "Group ids, repeated or comma-separated." },
    reply: groupListSchema,
    replyDescription: "A page of groups.",
    errors: ["forbidden", "unprocessable_entity"],
  },
  {
    method: "post",
    path: "/groups",
    operationId: "createGroup",
    tag: "Partners",
    summary: "Create a partner group",
    description: "A new partner group.",
    body: createGroupBody,
    reply: groupListItemSchema,
    replyDescription: "The group created.",
    created: true,
    errors: ["conflict", "unprocessable_entity", "forbidden"],
    write: true,
  },
  {
    method: "patch",
    path: "/groups/{id}",
    operationId: "updateGroup",
    tag: "Partners",
    summary: "Update a partner group",
    description: "Renames a group.",
    pathParams: id("group"),
    body: updateGroupBody,
    reply: groupListItemSchema,
    replyDescription: "The group as changed.",
    errors: ["not_found", "conflict", "unprocessable_entity", "forbidden"],
    write: true,
  },
  {
    method: "get",
    path: "/webhooks",
    operationId: "listWebhooks",
    tag: "Webhooks",
    summary: "List webhooks",
    description: "The workspace's webhook receivers.",
    replyDescription: "The webhooks.",
    errors: ["forbidden"],
  },
  {
    method: "post",
    path: "/webhooks",
    operationId: "createWebhook",
    tag: "Webhooks",
    summary: "Create a webhook",
    description:
      "Registers a receiver of link.clicked, lead.created and sale.created events, signed with Dub-Signature.",
    body: createWebhookBody,
    replyDescription: "The webhook, with its secret.",
    created: true,
    errors: ["unprocessable_entity", "forbidden"],
    write: true,
  },
  {
    method: "get",
    path: "/openapi.json",
    operationId: "getOpenApiDocument",
    tag: "Meta",
    summary: "This document",
    description: "The API described in OpenAPI 3.1, generated from the contract's schemas.",
    replyDescription: "The OpenAPI document.",
    errors: [],
  },
];
