import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { errorBody } from "../contract/errors";

/** The flag-icons package's 4:3 SVGs, named by lowercase ISO 3166-1 alpha-2 code. */
const FLAGS_DIR = join(process.cwd(), "node_modules/flag-icons/flags/4x3");
const FILE = /^([a-z]{2})\.svg$/;

function notFound(file: string): Response {
  return Response.json(
    errorBody("not_found", `No flag named "${file.slice(0, 20)}"; flags are /flags/<2-letter country code>.svg.`),
    { status: 404 },
  );
}

/** GET /flags/us.svg: a country's flag, cached for a year (flags do not change with a build). */
export async function flagImage(file: string): Promise<Response> {
  const match = FILE.exec(file);
  if (!match) return notFound(file);
  try {
    const svg = await readFile(join(FLAGS_DIR, `${match[1]}.svg`));
    return new Response(svg, {
      headers: {
        "Content-Type": "image/svg+xml",
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch {
    return notFound(file);
  }
}
