"use client";

import { useRouter } from "next/navigation";
import { ConfirmButton } from "@/components/ui/ConfirmDialog";
import { refusalOf, useSend } from "@/components/settings/useSend";

/**
 * "Leave" one workspace, after a confirmation. The server refuses the only owner and says what to
 * do instead (hand it over or delete it); the dialog shows that. Leaving goes home: another
 * workspace, or the "no workspace yet" page.
 */
export function LeaveWorkspaceButton({ slug, name }: { slug: string; name: string }) {
  const router = useRouter();
  const send = useSend();
  return (
    <ConfirmButton
      label="Leave"
      ariaLabel={`Leave ${name}`}
      className="rounded-md px-2 py-1 text-sm text-red-700 hover:bg-red-50"
      title={`Leave ${name}?`}
      confirmLabel="Leave workspace"
      destructive
      onConfirm={async () => {
        const problem = await refusalOf(
          send.mutateAsync({ method: "DELETE", url: `/api/w/${encodeURIComponent(slug)}/membership` }),
        );
        if (problem !== null) return problem;
        router.push("/");
        router.refresh();
        return null;
      }}
    >
      You lose access to this workspace and its views at once; your other workspaces stay. To come back, an owner
      invites you again.
    </ConfirmButton>
  );
}
