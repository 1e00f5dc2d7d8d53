import { z } from 'zod';

// Zod compiles object parsers with `new Function` where it may, and probes for that when an object schema is
// made; the Content-Security-Policy has no 'unsafe-eval', so the probe is refused and reported as a
// violation. The parsers zod interprets instead give the same results. This module is imported first by
// main.tsx: imports run before the importing module's body, so a setting made there would come after the
// schemas of every statically imported module had already probed.
z.config({ jitless: true });
