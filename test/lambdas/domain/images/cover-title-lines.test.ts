import { describe, expect, it } from 'vitest';
import { columnsOf, wrapTitle } from '../../../../lambdas/domain/images/cover-title-lines';

describe('cover title lines', () => {
  it('wraps Latin titles at spaces, as many words as fit a line', () => {
    expect(wrapTitle('The Lord of the Rings', 12, 5)).toEqual(['The Lord of', 'the Rings']);
  });

  it('counts a CJK character as two columns', () => {
    expect(columnsOf('東京')).toBe(4);
    expect(columnsOf('Tokyo 東京')).toBe(10);
  });

  it('breaks a CJK title between characters, since it has no spaces', () => {
    expect(wrapTitle('吾輩は猫である名前はまだ無い', 12, 5)).toEqual([
      '吾輩は猫であ',
      'る名前はまだ',
      '無い',
    ]);
  });

  it('breaks a Thai title between its words, since it has no spaces', () => {
    expect(wrapTitle('ความรักในสายลมหนาว', 12, 5)).toEqual(['ความรักใน', 'สายลมหนาว']);
  });

  it('counts a letter with its marks as one column and never cuts between them', () => {
    expect(columnsOf('ที่')).toBe(1);
    expect(columnsOf('हिन्दी')).toBe(2);
    expect(wrapTitle('हिन्दीहिन्दी', 3, 5)).toEqual(['हिन्दी…']);
  });

  it('never starts a line with closing punctuation', () => {
    const lines = wrapTitle('春はあけぼの。やうやう白く', 12, 5);

    expect(lines).toEqual(['春はあけぼ', 'の。やうやう', '白く']);
  });

  it('ends the last line with an ellipsis when the title does not fit', () => {
    const lines = wrapTitle('一二三四五六七八九十一二三四五六七八九十', 12, 2);

    expect(lines).toEqual(['一二三四五六', '七八九十一…']);
    expect(lines.every((line) => columnsOf(line) <= 12)).toBe(true);
  });

  it('cuts a word longer than a line with an ellipsis', () => {
    expect(wrapTitle('Supercalifragilistic', 12, 5)).toEqual(['Supercalifr…']);
  });
});
