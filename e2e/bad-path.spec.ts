import net from 'node:net';
import { expect, test } from '@playwright/test';

/**
 * A malformed %-escape in a storefront path answers 400 with the locale's "bad parameters" text, not Next's
 * 500 (issue 19 item 15; lib/security/bad-path.ts, installed by instrumentation.ts). Raw sockets: a browser
 * or an HTTP client library may refuse or rewrite such a URL before sending it.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);

function raw(target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(PORT, '127.0.0.1', () => socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost:${PORT}\r\nConnection: close\r\n\r\n`));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (c: string) => (data += c));
    socket.on('end', () => {
      const [head = '', ...rest] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: rest.join('\r\n\r\n') });
    });
    socket.on('error', reject);
  });
}

test('rutas con un escape % mal formado: 400 en el idioma de la ruta, no 500', async () => {
  for (const target of ['/productos/%E0%A4%A', '/%', '/%zz', '/products/%', '/uploads/%E0', '/api/revalidate%', '/_next/static/%E0']) {
    const res = await raw(target);
    expect(res.status, target).toBe(400);
  }
  expect((await raw('/vela%2')).body).toContain('Los parametros son incorrectos');
  expect((await raw('/en/%')).body).toContain('The parameters are incorrect');
  // a well-formed escape still reaches the app
  expect((await raw('/products?query=%25')).status).toBe(200);
});
