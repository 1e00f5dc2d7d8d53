import * as z from 'zod';

// Zod compiles object parsers with `new Function` where it may, and probes for that on first use; the
// Content-Security-Policy has no 'unsafe-eval', so the probe is refused and reported as a violation. The
// parsers zod interprets instead give the same results. This module is imported first by `main.tsx`, so the
// setting holds before any other module parses anything at load time.
z.config({ jitless: true });
