import { vi } from 'vitest';

/**
 * Keeps the console quiet about errors the test provokes on purpose (React, the router and the API client
 * report them); `setup-web.ts` restores the console after each test.
 */
export function silenceConsoleErrors(): void {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
}
