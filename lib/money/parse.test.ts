import { echoAmount, formatAmountInput, parseAmount, parsePesosInput } from './parse';

describe('parseAmount (es-AR amounts typed by staff)', () => {
  it.each([
    ['21.500', 21500],
    ['21.500,50', 21500.5],
    ['1.234.567,8', 1234567.8],
    ['21500', 21500],
    ['21500,5', 21500.5],
    ['21,50', 21.5],
    ['0,99', 0.99],
    ['$ 21.500', 21500],
    ['$\u00a021.500,00', 21500],
    [' 10.25 ', 10.25],
    ['21.50', 21.5],
    ['0', 0],
  ])('reads %j as %d pesos', (raw, pesos) => {
    expect(parseAmount(raw)).toEqual({ ok: true, pesos, cents: Math.round(pesos * 100) });
  });

  it.each(['1e3', '-1', '+5', '1,001', '1.2345', '1.23.4', '12.34.567', '1.234,567', 'abc', '1,2,3', '.5', ',5', '5.', '5,', '$', '1 000 000 000 000 000 000'])(
    'refuses %j',
    (raw) => {
      const r = parseAmount(raw);
      expect(r.ok).toBe(false);
    },
  );

  it('says what is wrong: empty, format or too large', () => {
    expect(parseAmount('  ')).toEqual({ ok: false, problem: 'empty' });
    expect(parseAmount('1e3')).toEqual({ ok: false, problem: 'format' });
    expect(parseAmount('20.000.001')).toEqual({ ok: false, problem: 'tooLarge' });
    expect(parseAmount('20.000.000')).toEqual({ ok: true, pesos: 20_000_000, cents: 2_000_000_000 });
    expect(parseAmount('1.000', 999)).toEqual({ ok: false, problem: 'tooLarge' });
  });

  it('formats back what it reads (the editors show amounts this way)', () => {
    for (const pesos of [0, 0.5, 21.5, 999, 21500, 15682.5, 1234567.89, 20_000_000]) {
      const text = formatAmountInput(pesos);
      expect(parsePesosInput(text)).toBe(pesos);
    }
    expect(formatAmountInput(21500)).toBe('21.500');
    expect(formatAmountInput(15682.5)).toBe('15.682,50');
  });

  it('echoes the amount as the shop prints it, so "21.50" shows as $ 21,50 before saving', () => {
    expect(echoAmount('21.50')).toBe('$\u00a021,50');
    expect(echoAmount('21.500')).toBe('$\u00a021.500,00');
    expect(echoAmount('nope')).toBeNull();
  });
});
