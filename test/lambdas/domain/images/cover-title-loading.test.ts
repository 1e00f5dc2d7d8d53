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
  it('opens each fallback font only for the first title that needs it, and once', () => {
    // Act: a Latin title, two Japanese ones, then two Korean ones and an Arabic one.
    coverTitleFonts('The Long Night');
    const afterLatin = openedFiles();
    coverTitleFonts('東京物語');
    coverTitleFonts('ノルウェイの森');
    const afterJapanese = openedFiles();
    coverTitleFonts('채식주의자');
    coverTitleFonts('소년이 온다');
    coverTitleFonts('ألف ليلة وليلة');

    // Assert: the 10 MB CJK font is not opened again for Korean, nor for Arabic.
    expect(afterLatin).toEqual(['Tinos_700Bold.ttf']);
    expect(afterJapanese).toEqual(['Tinos_700Bold.ttf', 'NotoSansSC_700Bold.ttf']);
    expect(openedFiles()).toEqual([
      'Tinos_700Bold.ttf',
      'NotoSansSC_700Bold.ttf',
      'NotoSansKR_700Bold.ttf',
      'NotoSansArabic_700Bold.ttf',
    ]);
  });
});
