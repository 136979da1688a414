/** Where {@link signalStopper} reports and how it ends the process (replaceable in tests). */
export interface StopperIo {
  log(line: string): void;
  error(line: string): void;
  exit(code: number): void;
}

const processIo: StopperIo = {
  log: (line) => console.log(line),
  error: (line) => console.error(line),
  exit: (code) => process.exit(code),
};

/**
 * A signal handler for the sandbox CLI: the first SIGINT/SIGTERM closes the sandbox and exits 0
 * (1 if closing failed); a second one while closing exits 130 at once, so a stuck close never
 * leaves Ctrl-C without effect.
 *
 * @param close - Stops everything the process started.
 * @param io - Output and exit (default: the console and `process.exit`).
 * @returns The handler to register for each signal; it may also be called with another reason
 *   (such as `"parent process gone"`), which it prints in place of the signal's name.
 * @example
 * const stop = signalStopper(() => sandbox.close());
 * process.on("SIGINT", stop);
 * process.on("SIGTERM", stop);
 */
export function signalStopper(
  close: () => Promise<void>,
  io: StopperIo = processIo,
): (signal: NodeJS.Signals | string) => void {
  let stopping = false;
  return (signal) => {
    if (stopping) {
      io.error(`${signal} again: exiting without waiting for the sandbox to stop`);
      io.exit(130);
      return;
    }
    stopping = true;
    io.log(`\n${signal}: stopping the sandbox...`);
    close().then(
      () => {
        io.log("sandbox stopped");
        io.exit(0);
      },
      (error: unknown) => {
        io.error(`sandbox failed to stop cleanly: ${(error as Error).message}`);
        io.exit(1);
      },
    );
  };
}
