import { encode } from "uqr";

/** A QR code of `text` as an SVG (one path of dark modules, a quiet zone of 4), named by `label`. */
export function QrCode({ text, label, size = 192 }: { text: string; label: string; size?: number }) {
  const { data } = encode(text, { ecc: "M", border: 4 });
  const n = data.length;
  const path = data.flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`M${x} ${y}h1v1h-1z`] : []))).join("");
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${n} ${n}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className="rounded-md bg-white"
    >
      <rect width={n} height={n} fill="#fff" />
      <path d={path} fill="#18181b" />
    </svg>
  );
}
