import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './app/app';

// Zod compiles object parsers with `new Function` where it may, and probes for that on first use; the
// Content-Security-Policy has no 'unsafe-eval', so the probe is refused and reported as a violation. The
// parsers zod interprets instead give the same results.
z.config({ jitless: true });

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain an element with id "root".');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
