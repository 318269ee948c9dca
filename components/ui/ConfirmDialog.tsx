"use client";

import { useState, type ReactNode } from "react";
import { Button } from "./Button";
import { Dialog } from "./Dialog";

interface Props {
  open: boolean;
  title: string;
  /** What will happen, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  /** Runs on confirm; a message it returns is shown in the dialog (and it stays open). */
  onConfirm: () => Promise<string | null>;
  onCancel: () => void;
}

/** "Are you sure?" as an accessible dialog (not window.confirm): says what happens, Cancel has the focus first. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  destructive = false,
  onConfirm,
  onCancel,
}: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onCancel();
  };
  const confirm = async () => {
    setBusy(true);
    const problem = await onConfirm();
    setBusy(false);
    setError(problem);
  };
  return (
    <Dialog open={open} title={title} onClose={close}>
      <div className="text-sm text-zinc-700">{children}</div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button size="sm" autoFocus onClick={close}>
          Cancel
        </Button>
        <Button size="sm" variant={destructive ? "danger" : "primary"} disabled={busy} onClick={() => void confirm()}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}

/** A button that asks first (a ConfirmDialog), then runs `onConfirm`. */
export function ConfirmButton({
  label,
  ariaLabel,
  className,
  ...dialog
}: Omit<Props, "open" | "onCancel"> & { label: string; ariaLabel?: string; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={ariaLabel}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      <ConfirmDialog
        {...dialog}
        open={open}
        onCancel={() => setOpen(false)}
        onConfirm={async () => {
          const problem = await dialog.onConfirm();
          if (problem === null) setOpen(false);
          return problem;
        }}
      />
    </>
  );
}
