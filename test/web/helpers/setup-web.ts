import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { forgetKept } from '../../../web/src/lib/offline/kept-reads';

// Runs before every web test file. Without vitest globals Testing Library cannot register its own cleanup,
// so each test unmounts what it rendered here, and loses the fetch / matchMedia stubs and the console spies
// it set up. What a test's reads kept for offline use is let go, so it cannot answer the next test's reads
// (IndexedDB is fake-indexeddb's, in memory).
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await forgetKept();
});
