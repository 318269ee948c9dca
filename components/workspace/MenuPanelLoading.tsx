import { LoadingPanel } from "@/components/ui/LoadingPanel";

/** Where a header menu's panel opens, while its code loads: same place and width, over the page (no layout shift). */
export function MenuPanelLoading() {
  return (
    <LoadingPanel className="absolute right-0 z-20 mt-2 w-96 rounded-xl border border-zinc-200 bg-white p-4 shadow-lg" />
  );
}
