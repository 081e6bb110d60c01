import { parseArgs, type ParseArgsConfig } from 'node:util';

type BenchArgs<N, F extends string, S extends string> = { [K in keyof N]: number } & Record<F, boolean> & Partial<Record<S, string>>;

/**
 * A bench's command line: `--name N` for each of `numbers` (its default given; anything but a finite number stops
 * the run naming the option), `--flag` for each of `flags`, `--name text` for each of `strings` (unset if absent).
 * An option not declared is an error too, so a typo is not run as the default.
 */
export function benchArgs<N extends Record<string, number>, F extends string = never, S extends string = never>(
  numbers: N,
  more: { flags?: readonly F[]; strings?: readonly S[] } = {},
  argv: string[] = process.argv.slice(2),
): BenchArgs<N, F, S> {
  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const [name, value] of Object.entries(numbers)) options[name] = { type: 'string', default: String(value) };
  for (const name of more.flags ?? []) options[name] = { type: 'boolean', default: false };
  for (const name of more.strings ?? []) options[name] = { type: 'string' };
  const { values } = parseArgs({ args: argv, options, strict: true });
  const out: Record<string, unknown> = { ...values };
  for (const name of Object.keys(numbers)) {
    const n = Number(values[name]);
    if (!Number.isFinite(n)) throw new Error(`--${name}: se esperaba un número, no «${String(values[name])}»`);
    out[name] = n;
  }
  return out as BenchArgs<N, F, S>;
}
