/** CLI entry point: parses flags, starts the sandbox, prints the ready line, stops on signals. */
import { DEMO_TOKEN, IDENTITIES } from "./catalog";
import { parseCliArgs, USAGE } from "./cli-args";
import { isLoopbackHost } from "./guard";
import { startSandbox } from "./server";

async function main(): Promise<void> {
  const parsed = parseCliArgs(process.argv.slice(2), process.env);
  if (parsed.kind === "help") {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (parsed.kind === "error") {
    process.stderr.write(`sandbox: ${parsed.message}\n`);
    process.exitCode = 2;
    return;
  }

  const log = parsed.quiet ? null : (line: string): void => void process.stdout.write(`${line}\n`);
  let sandbox;
  try {
    sandbox = await startSandbox({ ...parsed.options, log });
  } catch (error) {
    process.stderr.write(
      `sandbox: could not start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 1;
    return;
  }
  const running = sandbox;
  process.stdout.write(
    `Ledger Sheets sandbox listening on ${running.baseUrl} (release candidate: ${running.origin}/rc-1)\n` +
      `Demo credentials: Authorization: Bearer ${DEMO_TOKEN}, identity: ${IDENTITIES.join(" or ")}\n`,
  );

  if (!isLoopbackHost(parsed.options.host ?? "127.0.0.1")) {
    process.stderr.write(
      `sandbox: WARNING: listening on ${parsed.options.host ?? ""}, beyond loopback: anyone who can ` +
        `reach it can read and change the demo data.\n`,
    );
  }

  const stop = (signal: NodeJS.Signals): void => {
    process.stdout.write(`Received ${signal}; stopping the sandbox.\n`);
    void running.close().then(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

void main();
