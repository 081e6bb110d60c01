import { serializeJsonForScript } from './inline-script';

describe('serializeJsonForScript', () => {
  it('escapes characters that could end the script element or break parsing', () => {
    const out = serializeJsonForScript({ name: '</script><b>&', sep: '\u2028\u2029' });
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(out)).toEqual({ name: '</script><b>&', sep: '\u2028\u2029' });
  });
});
