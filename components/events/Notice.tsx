"use client";

import type { ReactNode } from "react";

type Tone = "neutral" | "warning" | "danger";

const TONES: Record<Tone, string> = {
  neutral: "border-zinc-200 bg-white",
  warning: "border-amber-200 bg-amber-50",
  danger: "border-red-200 bg-red-50",
};

interface NoticeProps {
  tone: Tone;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** `alert` interrupts screen readers: only for failures. */
  role?: "alert" | "status";
}

/** The frame of every non-table state of the events panel (error, empty, rate limited). */
export function Notice({ tone, title, children, actions, role = "status" }: NoticeProps) {
  return (
    <div role={role} className={`rounded-xl border px-6 py-8 text-center ${TONES[tone]}`}>
      <p className="text-sm font-semibold text-zinc-900">{title}</p>
      {children && <div className="mx-auto mt-1.5 max-w-xl text-sm text-zinc-600">{children}</div>}
      {actions && <div className="mt-4 flex flex-wrap items-center justify-center gap-2">{actions}</div>}
    </div>
  );
}
