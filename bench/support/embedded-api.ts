import { performance } from 'node:perf_hooks';
import type { TestBrowser } from '../../test/helpers/embedded-runtime';

/** Sends a JSON request as the signed-in author and throws on anything but a 2xx, naming the answer. */
export async function sendOk(browser: TestBrowser, method: string, path: string, body?: unknown) {
  const response = await browser.sendJson(method, path, body);
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** Runs one request after another and answers their wall times in milliseconds, sorted ascending. */
export async function measureSequentially(
  runs: number,
  run: (index: number) => Promise<unknown>,
): Promise<number[]> {
  const timings: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const started = performance.now();
    await run(index);
    timings.push(performance.now() - started);
  }
  return timings.sort((a, b) => a - b);
}
