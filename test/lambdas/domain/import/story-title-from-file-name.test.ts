import { describe, expect, it } from 'vitest';
import { storyTitleFromFileName } from '../../../../lambdas/domain/import/import-story';

describe("a story title from a manuscript's file name", () => {
  it('keeps what authors write in names, underscores as spaces and curly quotes straightened', () => {
    expect(storyTitleFromFileName('Love & War.docx')).toBe('Love & War');
    expect(storyTitleFromFileName('C:\\drafts\\Don’t_Look_Back (v2).md')).toBe("Don't Look Back (v2)");
  });

  it("falls back when the name is blank or starts with 'aws:'", () => {
    expect(storyTitleFromFileName('.docx')).toBe('Imported manuscript');
    expect(storyTitleFromFileName('aws:notes.txt')).toBe('Imported manuscript');
  });

  it('cuts a long name to 256 characters', () => {
    expect(storyTitleFromFileName(`${'a'.repeat(300)}.txt`)).toBe('a'.repeat(256));
  });
});
