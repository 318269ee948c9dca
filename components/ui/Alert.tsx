import type { ReactNode } from "react";
import { CloseIcon, InfoIcon, WarningIcon } from "@/components/ui/icons";

export type AlertTone = "info" | "warning" | "error" | "success";

const TONES: Record<AlertTone, string> = {
  info: "border-sky-200 bg-sky-50 text-sky-900",
  warning: "border-amber-200 bg-amber-50 text-amber-900",
  error: "border-red-200 bg-red-50 text-red-900",
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
};

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /** Buttons or links shown after the text. */
  actions?: ReactNode;
  onDismiss?: () => void;
  dismissLabel?: string;
  className?: string;
}

/** A message box. Warnings and errors are announced (role alert), the rest politely (role status). */
export function Alert({
  tone = "info",
  title,
  children,
  actions,
  onDismiss,
  dismissLabel = "Dismiss",
  className = "",
}: AlertProps) {
  const Icon = tone === "info" || tone === "success" ? InfoIcon : WarningIcon;
  return (
    <div
      role={tone === "warning" || tone === "error" ? "alert" : "status"}
      className={`flex items-start gap-3 rounded-lg border px-3.5 py-3 text-sm ${TONES[tone]} ${className}`}
    >
      <Icon className="mt-0.5 size-4 shrink-0 opacity-80" />
      <div className="min-w-0 flex-1 space-y-1">
        {title && <p className="font-medium">{title}</p>}
        {children && <div className="break-words opacity-90">{children}</div>}
        {actions && <div className="flex flex-wrap gap-2 pt-1">{actions}</div>}
      </div>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label={dismissLabel}
          className="-m-1 rounded-md p-1 opacity-70 hover:bg-black/5 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          <CloseIcon className="size-4" />
        </button>
      )}
    </div>
  );
}
