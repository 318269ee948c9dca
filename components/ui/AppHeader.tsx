import Link from "next/link";
import type { ReactNode } from "react";
import { ThemeMenu } from "./ThemeMenu";

/** Where the skip link goes: the page's <main> carries this id (and tabIndex -1, so focus lands there). */
export const MAIN_ID = "main";

/** The top bar; `children` go on its right (a workspace's switcher and menus), the theme control last. First in it, a skip link to the main content. */
export function AppHeader({ children, section = "Events" }: { children?: ReactNode; section?: string }) {
  return (
    <header className="sticky top-0 z-10 border-b border-zinc-200 bg-white/90 backdrop-blur">
      <a
        href={`#${MAIN_ID}`}
        className="sr-only rounded-md bg-white px-3 py-2 text-sm font-medium text-zinc-900 shadow focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-20 focus-visible:outline-2 focus-visible:outline-indigo-500"
      >
        Skip to main content
      </a>
      {/* On a phone the name and section give way (the logo keeps its name) and the right side may wrap: nothing is pushed off-screen. */}
      <div className="mx-auto flex min-h-14 max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 sm:px-6 lg:px-8">
        {/* Not prefetched: every page shows it, and `/` renders a workspace's whole first screen (or a sign-in redirect for a share link's visitor) that the page's own requests would wait behind. */}
        <Link
          href="/"
          prefetch={false}
          className="flex items-center gap-2 rounded-md font-semibold text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-500"
        >
          <svg viewBox="0 0 32 32" className="size-7" aria-hidden="true">
            <rect width="32" height="32" rx="8" fill="#18181b" />
            <path
              d="M13.5 18.5a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1 1"
              fill="none"
              stroke="#fff"
              strokeWidth="2.4"
              strokeLinecap="round"
            />
            <path
              d="M18.5 13.5a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1-1"
              fill="none"
              stroke="#a5b4fc"
              strokeWidth="2.4"
              strokeLinecap="round"
            />
          </svg>
          <span className="sr-only sm:not-sr-only">Linklens</span>
        </Link>
        <span className="hidden text-zinc-300 sm:inline" aria-hidden="true">
          /
        </span>
        <span className="hidden text-sm font-medium text-zinc-600 sm:inline">{section}</span>
        {children}
        <ThemeMenu className={children ? "" : "ml-auto"} />
      </div>
    </header>
  );
}
