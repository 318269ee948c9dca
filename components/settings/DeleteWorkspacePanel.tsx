"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { INPUT_CLASS } from "@/components/account/fields";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { refusalOf, useSend } from "./useSend";

/**
 * Deleting the workspace: its owner types its name to confirm (the server checks it again). Its
 * views, share links, invitations, reports and alerts go with it; everyone lands on another
 * workspace or the "no workspace yet" page.
 */
export function DeleteWorkspacePanel({
  slug,
  name,
  fromEnvironment,
}: {
  slug: string;
  name: string;
  fromEnvironment: boolean;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const send = useSend();
  return (
    <section aria-labelledby="delete-heading" className="space-y-3 rounded-xl border border-red-200 bg-white p-5">
      <h2 id="delete-heading" className="font-semibold text-red-800">
        Delete this workspace
      </h2>
      {fromEnvironment ? (
        <p className="text-sm text-zinc-600">
          This workspace comes from the server&apos;s environment (LINK_API_BASE_URL and LINK_API_KEY): it goes when
          those are unset and the dashboard restarts.
        </p>
      ) : (
        <>
          <p className="text-sm text-zinc-600">
            Its saved views, share links (they then say the workspace was deleted), invitations, reports and alerts are
            deleted with it, and its members lose access. The activity log keeps its entries. The platform&apos;s data
            is not touched.
          </p>
          <Button variant="danger" size="sm" aria-haspopup="dialog" onClick={() => setOpen(true)}>
            Delete workspace…
          </Button>
        </>
      )}
      <ConfirmDialog
        open={open}
        title={`Delete ${name}?`}
        confirmLabel="Delete workspace"
        destructive
        onCancel={() => {
          setTyped("");
          setOpen(false);
        }}
        onConfirm={async () => {
          if (typed.trim() !== name) return `Type the workspace's name, ${name}, to delete it.`;
          const problem = await refusalOf(
            send.mutateAsync({ method: "DELETE", url: `/api/w/${encodeURIComponent(slug)}`, body: { confirm: typed } }),
          );
          if (problem !== null) return problem;
          router.push("/");
          router.refresh();
          return null;
        }}
      >
        <p>This cannot be undone. Type the workspace&apos;s name to confirm.</p>
        <label className="mt-3 block space-y-1">
          <span className="font-medium text-zinc-700">Name of the workspace to delete</span>
          <input
            className={INPUT_CLASS}
            value={typed}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setTyped(e.target.value)}
          />
        </label>
      </ConfirmDialog>
    </section>
  );
}
