/**
 * How every command-line tool of the API ends (seed, accounts, storage migration): the process exits with
 * `main`'s code; a failure prints its message (and its cause's, e.g. the driver's error behind a connection
 * failure), never a stack, and exits 1.
 */
export function exitWith(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      const cause = (err as { cause?: { message?: string; name?: string } } | null)?.cause;
      console.error(`${err instanceof Error ? err.message : String(err)}${cause ? ` (${cause.message || cause.name})` : ''}`);
      process.exit(1);
    },
  );
}
