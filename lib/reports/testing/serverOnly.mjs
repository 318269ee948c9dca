// Next builds server code with the react-server condition, where `server-only` is empty; a test's
// worker process runs server code outside Next, so it resolves that one package to nothing as well.
import { register } from "node:module";

const hooks = `export async function resolve(specifier, context, next) {
  if (specifier === "server-only") return { url: "data:text/javascript,", shortCircuit: true };
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
