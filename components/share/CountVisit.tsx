"use client";

import { useEffect } from "react";
import { sendJson } from "@/lib/scope/sendJson";

/** Tells the server the link's page is open; the server counts one open per visitor session, so reloads do not inflate the count. */
export function CountVisit({ token }: { token: string }) {
  useEffect(() => {
    void sendJson("POST", `/api/s/${encodeURIComponent(token)}/visit`);
  }, [token]);
  return null;
}
