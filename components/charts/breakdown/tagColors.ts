import type { TAG_COLORS } from "@/lib/contract/events";

export const TAG_DOT: Record<(typeof TAG_COLORS)[number], string> = {
  red: "bg-red-500",
  yellow: "bg-yellow-400",
  green: "bg-green-500",
  blue: "bg-blue-500",
  purple: "bg-purple-500",
  brown: "bg-amber-800",
  gray: "bg-zinc-400",
  pink: "bg-pink-500",
};
