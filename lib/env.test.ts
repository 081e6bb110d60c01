import { storefrontEnv } from './env';

describe('storefrontEnv', () => {
  it('fills the defaults of an empty environment', () => {
    const env = storefrontEnv({ NODE_ENV: 'test' });
    expect(env.SHOP_API_URL).toBe('http://localhost:4000');
    expect(env.PUBLIC_API_URL).toBeUndefined();
    expect(env.PORT).toBe(3000);
    expect(env.SHOP_API_TIMEOUT_MS).toBe(4000);
    expect(env.STOREFRONT_METRICS_PORT).toBe(0);
  });

  it('reads numbers and URLs, dropping trailing slashes; an empty value is unset', () => {
    const env = storefrontEnv({ NODE_ENV: 'test', SHOP_API_URL: 'https://api.example//', PUBLIC_SITE_URL: 'https://tienda.example/', SHOP_API_TIMEOUT_MS: '250', PORT: '', HSTS: '1' });
    expect(env.SHOP_API_URL).toBe('https://api.example');
    expect(env.PUBLIC_SITE_URL).toBe('https://tienda.example');
    expect(env.SHOP_API_TIMEOUT_MS).toBe(250);
    expect(env.PORT).toBe(3000);
    expect(env.HSTS).toBe('1');
  });

  it.each([
    ['SHOP_API_TIMEOUT_MS', 'abc', 'entero positivo'],
    ['SHOP_API_BREAKER_FAILURES', '0', 'entero positivo'],
    ['SHOP_API_URL', 'localhost:4000', 'URL http'],
    ['PUBLIC_SITE_URL', 'tienda.example', 'URL http'],
    ['STOREFRONT_METRICS_PORT', '70000', 'puerto'],
    ['HSTS', 'yes', '0 o 1'],
    ['REDIS_URL', 'localhost:6379', 'redis://'],
  ])('refuses %s=%s with a message naming it', (name, value, what) => {
    expect(() => storefrontEnv({ NODE_ENV: 'test', [name]: value })).toThrow(new RegExp(`Configuración inválida del storefront: ${name}="${value}": .*${what}`));
  });

  it('names every bad variable at once', () => {
    expect(() => storefrontEnv({ NODE_ENV: 'test', PORT: 'x', SHOP_API_SHELL_TIMEOUT_MS: '-1' })).toThrow(/PORT="x".*SHOP_API_SHELL_TIMEOUT_MS="-1"/);
  });
});
