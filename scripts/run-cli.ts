/** Runs a command-line main: its exit code, a usage message for bad flags, the stack otherwise. */
export function runCli(main: () => Promise<number>, usage: string): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      const usageError = error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS');
      if (usageError) console.error(`${error.message}\n${usage}`);
      else console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exit(1);
    },
  );
}
