/** C0 controls and DEL: never part of a path, a parameter or a redirect target. Pure, for the server and the browser. */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
