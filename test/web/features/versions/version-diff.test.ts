import { describe, expect, it } from 'vitest';
import { chaptersText, compareWithCurrent } from '../../../../web/src/features/versions/version-diff';
import { BOLD, mention, paragraph, run } from '../../../helpers/paragraphs';

describe('comparing a version with the current text', () => {
  it('marks what restoring would bring back and what it would take away, word by word', () => {
    const parts = compareWithCurrent('It was a bright cold day.', 'It was a dark day.');

    expect(parts).toEqual([
      { text: 'It was a ', change: 'same' },
      { text: 'dark', change: 'onlyInCurrent' },
      { text: 'bright cold', change: 'onlyInVersion' },
      { text: ' day.', change: 'same' },
    ]);
  });

  it('reads stored paragraphs as their visible text, a line each, mentions as the text they show', () => {
    const chunks = [
      JSON.stringify(paragraph(run('Call me '), mention('a1', 'Ishmael'), run('.'))),
      JSON.stringify(paragraph(run('Some years ago', BOLD))),
      'not a paragraph',
    ];

    expect(chaptersText(chunks)).toBe('Call me Ishmael.\nSome years ago\n');
  });
});
