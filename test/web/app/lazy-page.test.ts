import { describe, expect, it, vi } from 'vitest';
import { lazyPage, preloading } from '../../../web/src/app/lazy-page';

const Page = () => null;

describe('lazyPage', () => {
  it('starts the download from its route loader, once, answering nothing', async () => {
    // Arrange
    const load = vi.fn(() => Promise.resolve({ Page }));
    const page = lazyPage(load, 'Page');
    const loader = preloading(page);

    // Act
    const answers = [loader(), loader()];
    await page.preload();

    // Assert
    expect(answers).toEqual([null, null]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('downloads again at the next visit after a download failed', async () => {
    // Arrange
    const load = vi
      .fn<() => Promise<{ Page: typeof Page }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue({ Page });
    const page = lazyPage(load, 'Page');

    // Act
    const first = await page.preload().catch((error: unknown) => error);
    const second = await page.preload();

    // Assert
    expect(first).toBeInstanceOf(TypeError);
    expect(second).toEqual({ Page });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
