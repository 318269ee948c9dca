/** A URL as people read it in a list: without its `http(s)://`. */
export function withoutProtocol(url: string): string {
  return url.replace(/^https?:\/\//, "");
}
