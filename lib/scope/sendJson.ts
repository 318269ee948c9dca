import { errorBodySchema } from "../contract/errors";
import { cookieFrom } from "../http/cookies";
import { CSRF_COOKIE, CSRF_HEADER } from "../security/csrf";

function csrfToken(): string {
  if (typeof document === "undefined") return "";
  return cookieFrom(document.cookie, CSRF_COOKIE) ?? "";
}

export type Sent<T> = { ok: true; status: number; data: T } | { ok: false; status: number; message: string };

/**
 * A state-changing request from the page (sign-in, saving a view, inviting…): JSON in, JSON out,
 * with the CSRF token the server asks of every such request (lib/security/csrf.ts). A refusal
 * comes back as the server's message.
 */
export async function sendJson<T = unknown>(
  method: "POST" | "PATCH" | "DELETE",
  url: string,
  body?: unknown,
): Promise<Sent<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: { "Content-Type": "application/json", Accept: "application/json", [CSRF_HEADER]: csrfToken() },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    return { ok: false, status: 0, message: "The dashboard could not be reached. Check your connection and retry." };
  }
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  if (response.ok) return { ok: true, status: response.status, data: parsed as T };
  const error = errorBodySchema.safeParse(parsed);
  return {
    ok: false,
    status: response.status,
    message: error.success ? error.data.error.message : `The request failed with status ${response.status}.`,
  };
}

/** GET JSON from an explicit path (not rewritten to the page's workspace: these paths name it themselves). */
export async function getJson<T>(url: string): Promise<Sent<T>> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" });
  } catch {
    return { ok: false, status: 0, message: "The dashboard could not be reached. Check your connection and retry." };
  }
  const parsed: unknown = await response.json().catch(() => undefined);
  if (response.ok) return { ok: true, status: response.status, data: parsed as T };
  const error = errorBodySchema.safeParse(parsed);
  return {
    ok: false,
    status: response.status,
    message: error.success ? error.data.error.message : `The request failed with status ${response.status}.`,
  };
}
