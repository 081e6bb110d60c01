/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { benchArgs } from './args';

describe('benchArgs', () => {
  it('gives numbers, flags and strings their defaults', () => {
    const args = benchArgs({ products: 2000, duration: 10 }, { flags: ['keep'], strings: ['pg'] }, []);
    expect(args).toEqual({ products: 2000, duration: 10, keep: false });
    expect(args.pg).toBeUndefined();
  });

  it('reads numbers as numbers, flags and text', () => {
    const args = benchArgs({ products: 2000 }, { flags: ['keep'], strings: ['pg'] }, ['--products', '50', '--keep', '--pg', 'postgres://x']);
    expect(args).toEqual({ products: 50, keep: true, pg: 'postgres://x' });
  });

  it('stops on a value that is not a number, naming the option', () => {
    expect(() => benchArgs({ products: 2000 }, {}, ['--products', 'mil'])).toThrow('--products: se esperaba un número, no «mil»');
  });

  it('stops on an option it does not know (a typo is not run as the default)', () => {
    expect(() => benchArgs({ products: 2000 }, {}, ['--prodcts', '5'])).toThrow(/prodcts/);
  });
});
