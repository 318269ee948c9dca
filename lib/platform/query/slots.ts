/**
 * Events are counted per 15-minute slot of UTC time, with integer arithmetic: every zone's
 * offset, and every change of it, is a multiple of 15 minutes, so a slot never straddles a
 * local bucket boundary (see analyticsBuckets).
 */
export const SLOT_US = 900_000_000;
export const SLOT_SECONDS = SLOT_US / 1_000_000;
export const SLOT_MS = SLOT_US / 1000;

/** The slot number of a TIMESTAMPTZ expression. */
export const slotOf = (t: string) => `epoch_us(${t}) // ${SLOT_US}`;
