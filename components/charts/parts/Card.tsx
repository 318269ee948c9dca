import type { ReactNode, Ref } from "react";

interface CardProps {
  title: string;
  /** Id of the heading, for aria-labelledby on the card's region. */
  titleId: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  ref?: Ref<HTMLElement>;
}

/** The frame of every chart: a titled region with optional controls on the right. */
export function Card({ title, titleId, actions, children, className = "", ref }: CardProps) {
  return (
    <section
      ref={ref}
      aria-labelledby={titleId}
      className={`flex min-w-0 flex-col rounded-xl border border-zinc-200 bg-white shadow-xs ${className}`}
    >
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-zinc-100 px-4 py-3">
        <h3 id={titleId} className="text-sm font-semibold text-zinc-900">
          {title}
        </h3>
        {actions && <div className="flex flex-wrap items-center gap-1.5">{actions}</div>}
      </header>
      <div className="flex min-h-0 flex-1 flex-col p-4">{children}</div>
    </section>
  );
}
