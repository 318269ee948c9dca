import Link from "next/link";
import type { ReactNode } from "react";

/** The top bar; `children` go on its right (a workspace's switcher and menus). */
export function AppHeader({ children, section = "Events" }: { children?: ReactNode; section?: string }) {
  return (
    <header className="sticky top-0 z-10 border-b border-zinc-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <Link href="/" className="flex items-center gap-2 rounded-md font-semibold text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-500">
          <svg viewBox="0 0 32 32" className="size-7" aria-hidden="true">
            <rect width="32" height="32" rx="8" fill="#18181b" />
            <path d="M13.5 18.5a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1 1" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
            <path d="M18.5 13.5a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1-1" fill="none" stroke="#a5b4fc" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
          Linklens
        </Link>
        <span className="text-zinc-300" aria-hidden="true">
          /
        </span>
        <span className="text-sm font-medium text-zinc-600">{section}</span>
        {children}
      </div>
    </header>
  );
}
