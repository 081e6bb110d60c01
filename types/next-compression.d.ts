// Next's compiled copy of the `compression` middleware (what router-server.js runs on every request)
// ships no types: the part lib/status-pages/templates.test.ts uses.
declare module 'next/dist/compiled/compression' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  export default function compression(): (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
}
