/** A promise's value as soon as it has one, to tell "answered now" from "still held" without waiting. */
export function track<T>(promise: Promise<T>): { value?: T } {
  const state: { value?: T } = {};
  void promise.then((value) => (state.value = value));
  return state;
}
