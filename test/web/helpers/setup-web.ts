import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Runs before every web test file. Without vitest globals Testing Library cannot register its own cleanup,
// so each test unmounts what it rendered here, and loses the fetch / matchMedia stubs and the console spies
// it set up.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
