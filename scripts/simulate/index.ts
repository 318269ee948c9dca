// npm run simulate -- [--rate N] [--seconds N] [--base URL] [--key K] [--lead-share F] [--sale-share F] [--seed N]
// Live traffic for demos and load tests: clicks through the embedded platform's short-link
// resolver, leads and sales through its tracking endpoints. Needs a writable platform (npm start).
import { parseSimulateArgs, UsageError, USAGE } from "./args";
import { SimulateError, simulate } from "./traffic";

function main(): Promise<number> | number {
  let args;
  try {
    args = parseSimulateArgs(process.argv.slice(2), process.env);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`simulate: ${error.message} (${USAGE})`);
      return 2;
    }
    throw error;
  }
  if (args === "help") {
    console.log(USAGE);
    return 0;
  }
  const abort = new AbortController();
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => abort.abort());
  console.log(
    `simulate: ${args.rate} clicks/s against ${args.base}${args.seconds === null ? " until Ctrl-C" : ` for ${args.seconds} s`}`,
  );
  return simulate(args, {
    signal: abort.signal,
    onSecond: (c) =>
      console.log(
        `  ${c.clicks} clicks, ${c.leads} leads, ${c.sales} sales${c.failures ? `, ${c.failures} failed` : ""}`,
      ),
  }).then(
    (c) => {
      console.log(`simulate: done: ${c.clicks} clicks, ${c.leads} leads, ${c.sales} sales, ${c.failures} failed`);
      return 0;
    },
    (error: unknown) => {
      if (error instanceof SimulateError) {
        console.error(`simulate: ${error.message}`);
        return 1;
      }
      throw error;
    },
  );
}

void Promise.resolve(main()).then((code) => process.exit(code));
