/**
 * @jest-environment node
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { hasMalformedEscape, installBadPathGuard } from './bad-path';

/** One raw HTTP/1.1 request (the path exactly as written); resolves with the status and body. */
function raw(port: number, target: string, method = 'GET'): Promise<{ status: number; body: string; head: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`${method} ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (c: string) => (data += c));
    socket.on('end', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body, head });
    });
    socket.on('error', reject);
  });
}

describe('malformed %-escapes in the path (issue 19 item 15)', () => {
  it('recognises them in the path only', () => {
    for (const bad of ['/%', '/%zz', '/productos/%E0%A4%A', '/en/vela%2', '/uploads/%E0']) expect(hasMalformedEscape(bad)).toBe(true);
    for (const good of ['/', '/productos/vela%20de%20soja', '/%C3%B1', '/products?q=%', '/products?q=%zz']) expect(hasMalformedEscape(good)).toBe(false);
  });

  it('answers 400 with the locale’s badParams text before the app sees the request', async () => {
    installBadPathGuard();
    expect(installBadPathGuard()).toBe(false); // once per process
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      seen.push(req.url ?? '');
      // what Next 16 does with such a path
      res.statusCode = /%(?![0-9a-f]{2})/i.test((req.url ?? '').split('?')[0]!) ? 500 : 200;
      res.end('app');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    try {
      const es = await raw(port, '/productos/%E0%A4%A');
      expect(es.status).toBe(400);
      expect(es.body).toBe('Los parametros son incorrectos');
      expect(es.head).toMatch(/content-type: text\/plain; charset=utf-8/i);
      expect((await raw(port, '/en/%')).body).toBe('The parameters are incorrect');
      expect((await raw(port, '/br/%zz')).body).toBe('Os parâmetros estão incorretos');
      expect((await raw(port, '/uploads/%E0', 'HEAD')).status).toBe(400);
      const ok = await raw(port, '/productos/vela%20de%20soja?q=%zz');
      expect(ok.status).toBe(200);
      expect(seen).toEqual(['/productos/vela%20de%20soja?q=%zz']);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
