"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { MenuPanelLoading } from "./MenuPanelLoading";

/** The menu's form loads when it is first opened, not on a first visit. */
const SharePanel = dynamic(() => import("./SharePanel").then((m) => m.SharePanel), {
  ssr: false,
  loading: MenuPanelLoading,
});

/**
 * "Share": a read-only link to the current view, for people without an account. Optional
 * password and expiry; export only when allowed here. Its creator finds it again under "Your share links".
 */
export function ShareMenu({ slug }: { slug: string }) {
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="relative">
      <Button size="sm" aria-expanded={open} onClick={() => setOpen(!open)}>
        Share
      </Button>
      {open && <SharePanel slug={slug} url={url} error={error} onUrl={setUrl} onError={setError} />}
    </div>
  );
}
