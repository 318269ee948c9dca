"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { MenuPanelLoading } from "./MenuPanelLoading";

/** The menu's list, actions and form load when it is first opened, not on a first visit. */
const SavedViewsPanel = dynamic(() => import("./SavedViewsPanel").then((m) => m.SavedViewsPanel), {
  ssr: false,
  loading: MenuPanelLoading,
});

/**
 * Saved views: the current view (the page's whole URL state) under a name, personal or shared with
 * the workspace; open, rename, delete; owners pick the workspace's default (what `/` opens).
 */
export function SavedViewsMenu({ slug, canSave, canCurate }: { slug: string; canSave: boolean; canCurate: boolean }) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  return (
    <div className="relative">
      <Button size="sm" aria-expanded={open} onClick={() => setOpen(!open)}>
        Saved views
      </Button>
      {open && (
        <SavedViewsPanel slug={slug} canSave={canSave} canCurate={canCurate} message={message} onMessage={setMessage} />
      )}
    </div>
  );
}
