import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { createApp } from "./platformApp";
import { openPlatform, type Platform } from "../openPlatform";

/**
 * GET /openapi.json describes every route the platform registers, and nothing it does not: a
 * route added without its entry in lib/contract/openapiOperations.ts (a summary, a description,
 * described parameters and responses) fails here.
 */

type Json = Record<string, unknown>;
interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}

/** Every property of a body schema, at any depth (through arrays and unions), named by its path, with its schema. */
function bodyProperties(schema: JsonSchema, path: string): [string, JsonSchema][] {
  const out: [string, JsonSchema][] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    out.push([`${path}.${name}`, property]);
    out.push(...bodyProperties(property, `${path}.${name}`));
  }
  if (schema.items) out.push(...bodyProperties(schema.items, `${path}[]`));
  for (const option of schema.anyOf ?? []) out.push(...bodyProperties(option, path));
  return out;
}
interface DocOperation {
  summary?: string;
  description?: string;
  parameters: { name: string; in: string; description?: string }[];
  requestBody?: { content: { "application/json": { schema: JsonSchema } } };
  responses: Record<string, { description?: string }>;
}

let platform: Platform;
let app: ReturnType<typeof createApp>;
let doc: { openapi: string; paths: Record<string, Record<string, DocOperation>>; components: Json };

beforeAll(async () => {
  platform = await openPlatform(inject("dataFile"));
  app = createApp({ store: platform.store });
  const res = await app.request("/openapi.json");
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
  doc = (await res.json()) as typeof doc;
});
afterAll(() => platform?.close());

/** Hono's `/links/:linkId` as OpenAPI writes it. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, "{$1}");

/** The routes the app answers with a handler of their own: not middleware, not the catch-all 404s of a known path's other methods. */
function registeredRoutes(): { method: string; path: string }[] {
  const seen = new Set<string>();
  const out: { method: string; path: string }[] = [];
  for (const route of app.routes) {
    if (route.method === "ALL") continue;
    const method = route.method.toLowerCase();
    const path = openApiPath(route.path);
    if (seen.has(`${method} ${path}`)) continue;
    seen.add(`${method} ${path}`);
    out.push({ method, path });
  }
  return out;
}

describe("GET /openapi.json", () => {
  it("is an OpenAPI 3.1 document served without a key", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths).length).toBeGreaterThan(20);
  });

  it("describes every route the platform registers: summary, description, each parameter and each response", () => {
    const routes = registeredRoutes();
    expect(routes.length).toBeGreaterThan(30);
    for (const { method, path } of routes) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method.toUpperCase()} ${path} is not in the document`).toBeDefined();
      if (!op) continue;
      expect(op.summary, `${method} ${path} summary`).toBeTruthy();
      expect(op.description, `${method} ${path} description`).toBeTruthy();
      for (const param of op.parameters)
        expect(param.description, `${method} ${path} parameter ${param.name}`).toBeTruthy();
      const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(
        op.parameters
          .filter((p) => p.in === "path")
          .map((p) => p.name)
          .sort(),
        `${method} ${path} path parameters`,
      ).toEqual(pathParams);
      for (const [status, response] of Object.entries(op.responses))
        expect(response.description, `${method} ${path} ${status}`).toBeTruthy();
      expect(Object.keys(op.responses), `${method} ${path} errors`).toEqual(
        expect.arrayContaining(["400", "401", "429", "500"]),
      );
    }
  });

  it("describes every top-level field of every request body (from the contract's schemas), and shows the bulk body's items", () => {
    let bodies = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const schema = op.requestBody?.content["application/json"].schema;
        if (!schema) continue;
        bodies++;
        const top = schema.items ?? schema;
        expect(Object.keys(top.properties ?? {}).length, `${method} ${path} body fields`).toBeGreaterThan(0);
        for (const [name, property] of Object.entries(top.properties ?? {}))
          expect(property.description, `${method} ${path} body field ${name}`).toBeTruthy();
      }
    }
    expect(bodies).toBeGreaterThanOrEqual(17);
    const bulk = doc.paths["/links/bulk"].post.requestBody?.content["application/json"].schema;
    expect(bulk?.type).toBe("array");
    expect(Object.keys(bulk?.items?.properties ?? {})).toEqual(
      expect.arrayContaining(["url", "tagIds", "testVariants"]),
    );
    const partner = doc.paths["/partners"].post.requestBody?.content["application/json"].schema;
    const linkProps = bodyProperties(partner ?? {}, "").filter(([name]) => name.startsWith(".linkProps."));
    expect(linkProps.map(([name]) => name)).toEqual(expect.arrayContaining([".linkProps.prefix", ".linkProps.tagIds"]));
    for (const [name, property] of linkProps.filter(([n]) => n.split(".").length === 3))
      expect(property.description, name).toBeTruthy();
  });

  it("documents no route the platform does not serve", () => {
    const registered = new Set(registeredRoutes().map(({ method, path }) => `${method} ${path}`));
    for (const [path, ops] of Object.entries(doc.paths))
      for (const method of Object.keys(ops))
        expect(registered.has(`${method} ${path}`), `${method} ${path}`).toBe(true);
  });

  it("lists every filter, range and paging parameter of GET /events, and every groupBy of GET /analytics", () => {
    const events = doc.paths["/events"].get.parameters.map((p) => p.name);
    expect(events).toEqual(
      expect.arrayContaining([
        "event",
        "interval",
        "start",
        "end",
        "timezone",
        "country",
        "trigger",
        "query",
        "page",
        "limit",
        "sortOrder",
      ]),
    );
    const groupBy = doc.paths["/analytics"].get.parameters.find((p) => p.name === "groupBy") as unknown as {
      schema: { enum: string[] };
    };
    expect(groupBy.schema.enum).toEqual(
      expect.arrayContaining([
        "count",
        "timeseries",
        "top_folders",
        "top_base_urls",
        "top_groups",
        "top_partner_tags",
        "trigger",
      ]),
    );
  });
});
