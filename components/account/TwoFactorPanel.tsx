"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { CopyButton } from "@/components/ui/CopyButton";
import { sendJson } from "@/lib/scope/sendJson";
import { Field, FormError } from "./fields";
import { QrCode } from "./QrCode";

type Enrolment = { totpURI: string; backupCodes: string[] };

/** The key an authenticator app is given by hand when the QR code cannot be scanned. */
function secretOf(uri: string): string {
  return (new URL(uri).searchParams.get("secret") ?? "").replace(/(.{4})/g, "$1 ").trim();
}

function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <div className="space-y-2">
      <p className="text-sm text-zinc-700">
        Backup codes: keep them somewhere safe. Each signs you in once if you lose your phone; they are not shown again.
      </p>
      <ul aria-label="Backup codes" className="grid grid-cols-2 gap-1 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <CopyButton text={codes.join("\n")} label="Copy backup codes" what="Backup codes" />
    </div>
  );
}

/**
 * Two-factor sign-in with an authenticator app (TOTP): turned on with the password, a QR code
 * (or its key typed by hand) and a first code from the app; backup codes shown once; turned off
 * with the password.
 */
export function TwoFactorPanel({
  enabled,
  hasPassword,
  oidcName,
}: {
  enabled: boolean;
  hasPassword: boolean;
  oidcName: string | null;
}) {
  const router = useRouter();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async <T,>(event: FormEvent<HTMLFormElement>, path: string, field: string, then: (data: T) => void) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const raw = String(new FormData(formElement).get(field) ?? "");
    const value = field === "code" ? raw.replace(/\s+/g, "") : raw;
    setBusy(true);
    const sent = await sendJson<T>("POST", `/api/auth${path}`, { [field]: value });
    setBusy(false);
    if (!sent.ok)
      return setError(
        sent.status === 400 && field === "password"
          ? "That password is not right."
          : sent.status === 401
            ? "That code is wrong or has expired: enter the one your app shows now."
            : sent.message,
      );
    setError(null);
    formElement.reset();
    then(sent.data);
  };

  return (
    <section aria-labelledby="two-factor-heading" className="space-y-3 rounded-xl border border-zinc-200 bg-white p-5">
      <h2 id="two-factor-heading" className="font-semibold text-zinc-900">
        Two-factor sign-in
      </h2>
      {!hasPassword ? (
        <p className="text-sm text-zinc-600">
          You sign in through {oidcName ?? "single sign-on"}: its second factor protects your account, set up with your
          identity provider.
        </p>
      ) : enrolment ? (
        <div className="space-y-4">
          <p className="text-sm text-zinc-700">
            Scan this code with your authenticator app (1Password, Google Authenticator, Authy…), then enter the 6-digit
            code it shows.
          </p>
          <QrCode text={enrolment.totpURI} label="QR code for your authenticator app" />
          <p className="text-sm text-zinc-600">
            Cannot scan it? Enter this key in the app:{" "}
            <code className="font-mono break-all text-zinc-900">{secretOf(enrolment.totpURI)}</code> (or{" "}
            <a href={enrolment.totpURI} className="text-indigo-700 underline">
              open it in an app on this device
            </a>
            ).
          </p>
          <BackupCodes codes={enrolment.backupCodes} />
          <form
            className="space-y-2"
            onSubmit={(e) =>
              void run(e, "/two-factor/verify-totp", "code", () => {
                setEnrolment(null);
                setDone("Two-factor sign-in is on: from your next sign-in, you will be asked for a code.");
                router.refresh();
              })
            }
          >
            <Field label="Code from your app" name="code" inputMode="numeric" autoComplete="one-time-code" required />
            <FormError message={error} />
            <Button type="submit" variant="primary" disabled={busy}>
              Turn on
            </Button>
          </form>
        </div>
      ) : enabled ? (
        <div className="space-y-4">
          <p className="text-sm text-zinc-700">
            On: every sign-in with your password also asks for a code from your authenticator app (or a backup code).
          </p>
          {codes && <BackupCodes codes={codes} />}
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e) =>
              void run<{ backupCodes: string[] }>(e, "/two-factor/generate-backup-codes", "password", (data) =>
                setCodes(data.backupCodes),
              )
            }
          >
            <Field
              label="Password (for new backup codes)"
              name="password"
              type="password"
              autoComplete="current-password"
              required
            />
            <Button type="submit" disabled={busy}>
              New backup codes
            </Button>
          </form>
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e) =>
              void run(e, "/two-factor/disable", "password", () => {
                setCodes(null);
                setDone("Two-factor sign-in is off: your password alone signs you in.");
                router.refresh();
              })
            }
          >
            <Field
              label="Password (to turn it off)"
              name="password"
              type="password"
              autoComplete="current-password"
              required
            />
            <Button type="submit" variant="danger" disabled={busy}>
              Turn off two-factor
            </Button>
          </form>
          <FormError message={error} />
        </div>
      ) : (
        <form
          className="space-y-2"
          onSubmit={(e) => void run<Enrolment>(e, "/two-factor/enable", "password", (data) => setEnrolment(data))}
        >
          <p className="text-sm text-zinc-700">
            Off. With it on, signing in takes your password and a code from an authenticator app on your phone.
          </p>
          <Field label="Password" name="password" type="password" autoComplete="current-password" required />
          <FormError message={error} />
          <Button type="submit" variant="primary" disabled={busy}>
            Set up two-factor
          </Button>
        </form>
      )}
      {done && (
        <p role="status" className="text-sm text-zinc-700">
          {done}
        </p>
      )}
    </section>
  );
}
