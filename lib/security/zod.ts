/**
 * Imported (for its side effect) by the client modules that validate forms with zod. Our CSP has no
 * 'unsafe-eval', and zod probes for eval support with `new Function('')` on its first object parse:
 * the probe is caught, but the browser still reports a CSP violation. `jitless` skips the probe; form
 * validation does not need zod's compiled fast path. Browser only: the API keeps the JIT.
 */
import { z } from 'zod';

if (typeof window !== 'undefined') z.config({ jitless: true });
