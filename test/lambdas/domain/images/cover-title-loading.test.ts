import path from 'node:path';
import type * as Fontkit from 'fontkit';
import { describe, expect, it, vi } from 'vitest';
import { coverTitleFonts } from '../../../../lambdas/domain/images/cover-title';

const { openSync } = vi.hoisted(() => ({ openSync: vi.fn() }));
vi.mock('fontkit', async (importOriginal) => {
  const fontkit = await importOriginal<typeof Fontkit>();
  openSync.mockImplementation(fontkit.openSync);
  return { ...fontkit, openSync };
});

const openedFiles = () => openSync.mock.calls.map(([file]) => path.basename(String(file)));

describe('loading the cover fonts', () => {
  it('opens the 10 MB CJK font only for the first title that needs it, and once', () => {
    // Act: a Latin title, then two Japanese ones.
    coverTitleFonts('The Long Night');
    const afterLatin = openedFiles();
    coverTitleFonts('東京物語');
    coverTitleFonts('ノルウェイの森');

    // Assert
    expect(afterLatin).toEqual(['Tinos_700Bold.ttf']);
    expect(openedFiles()).toEqual(['Tinos_700Bold.ttf', 'NotoSansSC_700Bold.ttf']);
  });
});
