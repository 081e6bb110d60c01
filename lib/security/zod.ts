/**
 * Imported (for its side effect) by the client modules that validate forms with zod. Our CSP has no
 * 'unsafe-eval', and zod probes for eval support with `new Function('')` on its first object parse:
 * the probe is caught, but the browser still reports a CSP violation. `jitless` skips the probe; form
 * validation does not need zod's compiled fast path. Browser only: the API keeps the JIT.
 */
import { z } from 'zod';

// (globalThis: this file is also type-checked with the server's config, which has no DOM types)
if (typeof (globalThis as { window?: unknown }).window !== 'undefined') z.config({ jitless: true });
