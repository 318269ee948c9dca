"use client";

import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/Button";
import { sendJson } from "@/lib/scope/sendJson";

export function SignOutButton() {
  const router = useRouter();
  const signOut = async () => {
    await sendJson("POST", "/api/auth/sign-out", {});
    router.push("/sign-in");
    router.refresh();
  };
  return (
    <Button size="sm" variant="ghost" onClick={() => void signOut()}>
      Sign out
    </Button>
  );
}
