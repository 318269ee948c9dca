import { ApiError } from "../contract/errors";
import { TRIGGER_KIND, deliveryEvent, looseWebhooks, SIGNATURE_HEADER } from "../contract/webhooks";
import { isSignedBy } from "../http/webhookSignature";
import { errorResponse, jsonResponse } from "../upstream/gatewayError";
import { eventIdOf, type LiveHub } from "./hub";

/** A delivery holds one event with its link and customer: a few KB. Anything far larger is not one. */
export const MAX_DELIVERY_BYTES = 256 * 1024;

export interface Receiver {
  /** The secret deliveries are signed with; null when no receiver is configured. */
  secret: string | null;
  hub: LiveHub;
  /** Told of every signed delivery, a duplicate too, with when its event happened: webhooks reach the dashboard. */
  onDelivery?: (at: number) => void;
}

function refuse(code: ConstructorParameters<typeof ApiError>[0], message: string): Response {
  return errorResponse(new ApiError(code, message));
}

/**
 * The body, read from its stream up to MAX_DELIVERY_BYTES: a larger declared Content-Length is
 * refused before a byte is read, and a body that grows past the limit as it streams (chunked, or
 * lying about its length) is cancelled there, not read to its end.
 */
async function bodyOf(request: Request): Promise<string | null> {
  const declared = request.headers.get("content-length");
  if (declared !== null && !(/^\d+$/.test(declared) && Number(declared) <= MAX_DELIVERY_BYTES)) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_DELIVERY_BYTES) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * POST /api/webhooks: a platform's delivery. The signature is checked on the raw body before
 * anything is parsed; a delivery seen before is acknowledged and dropped (the platform retries
 * until it gets a 2xx, so a receiver sees some deliveries twice).
 */
export async function receiveDelivery(request: Request, { secret, hub, onDelivery }: Receiver): Promise<Response> {
  if (secret === null)
    return refuse(
      "not_found",
      "No webhook receiver is configured on this dashboard: set LINK_WEBHOOK_SECRET to the secret the platform signs deliveries with.",
    );
  const body = await bodyOf(request);
  if (body === null) return refuse("bad_request", `A delivery is at most ${MAX_DELIVERY_BYTES / 1024} KB.`);
  if (!isSignedBy(body, request.headers.get(SIGNATURE_HEADER), secret)) {
    return refuse("unauthorized", `The delivery's ${SIGNATURE_HEADER} header is missing or does not match its body.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return refuse("bad_request", "The delivery is not JSON.");
  }
  const parsed = looseWebhooks.delivery.safeParse(json);
  if (!parsed.success)
    return refuse(
      "unprocessable_entity",
      "The delivery is not a link.clicked, lead.created or sale.created event with its records.",
    );
  const delivery = parsed.data;
  const event = deliveryEvent(delivery);
  if (event === null)
    return refuse("unprocessable_entity", "The delivery's event cannot be read (a timestamp or a record is missing).");
  const at = Date.parse(event.timestamp);
  onDelivery?.(at);
  // A click is known by its click id however it came, so one polled while deliveries were missing is not shown again.
  const id = event.event === "click" ? eventIdOf(event) : delivery.id;
  const fresh = hub.publish({ id, kind: TRIGGER_KIND[delivery.event], at, event });
  return jsonResponse(200, JSON.stringify({ received: true, duplicate: !fresh }));
}
