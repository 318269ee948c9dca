import { KeyValueList, type Entry } from "./KeyValueList";

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function Pretty({ value }: { value: unknown }) {
  return (
    <pre className="max-h-64 overflow-auto rounded-md bg-zinc-50 p-2 font-mono text-xs leading-5 whitespace-pre-wrap text-zinc-800 ring-1 ring-zinc-200">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

function valueOf(value: unknown) {
  if (value === null) return <span className="text-zinc-500">null</span>;
  if (typeof value === "object") return <Pretty value={value} />;
  if (typeof value === "boolean") return value ? "true" : "false";
  return String(value);
}

/** Custom metadata as a key/value list; nested objects and arrays pretty-printed as JSON. */
export function MetadataView({ metadata }: { metadata: unknown }) {
  if (metadata === null || metadata === undefined || (isPlainObject(metadata) && Object.keys(metadata).length === 0)) {
    return <p className="text-sm text-zinc-500">No metadata.</p>;
  }
  if (!isPlainObject(metadata)) return <Pretty value={metadata} />;
  const entries: Entry[] = Object.entries(metadata).map(([key, value]) => ({
    label: key,
    value: valueOf(value),
    mono: typeof value !== "object",
  }));
  return <KeyValueList entries={entries} />;
}
