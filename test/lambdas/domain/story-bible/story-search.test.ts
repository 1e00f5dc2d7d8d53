import { describe, expect, it } from 'vitest';
import { replaceInStoryText, searchStory } from '../../../../lambdas/domain/story-bible/story-search';
import { ValidationError } from '../../../../lambdas/errors';
import { PARAGRAPH_MAX_BYTES } from '../../../../shared/validation';
import { paragraphChunk } from '../../../helpers/handler-harness';
import { memoryStoryWithText } from '../../../helpers/memory-story-text';

const EXACT = { case_sensitive: true, whole_word: false };

describe('replace across a story, on in-memory repositories', () => {
  it('changes nothing when one replaced paragraph would be too large to store', async () => {
    const filler = 'Tuesday '.repeat(Math.floor((PARAGRAPH_MAX_BYTES - 400) / 8));
    const { ports, scope, textOf } = await memoryStoryWithText({ small: 'Tuesday.', large: filler });

    const replacing = replaceInStoryText(ports, scope, {
      find: 'Tuesday',
      replace: 'Wednesday',
      ...EXACT,
    });

    await expect(replacing).rejects.toBeInstanceOf(ValidationError);
    expect(textOf('small')).toBe('Tuesday.');
    expect(textOf('large')).toBe(filler);
  });

  it('never overwrites a paragraph saved after it was read: that paragraph is read again and replaced', async () => {
    const { ports, state, scope, chapterId, textOf } = await memoryStoryWithText({
      a: 'Tuesday came.',
      b: 'Tuesday went.',
    });
    const commit = ports.repositories.commit.bind(ports.repositories);
    let editorSaved = false;
    ports.repositories.commit = async (writes) => {
      if (!editorSaved) {
        editorSaved = true;
        state.blocks
          .get(chapterId)!
          .set('a', { key_id: 'a', chunk: paragraphChunk('a', 'Tuesday came at last.'), revision: 2 });
      }
      return commit(writes);
    };

    const answer = await replaceInStoryText(ports, scope, { find: 'Tuesday', replace: 'Friday', ...EXACT });

    expect([textOf('a'), textOf('b')]).toEqual(['Friday came at last.', 'Friday went.']);
    expect(answer).toEqual({ replaced: 2, chapters: 1 });
  });

  it('replaces once when the replacement contains what it replaces, and search then counts the new text', async () => {
    const { ports, scope, textOf } = await memoryStoryWithText({ a: 'Tuesday came.' });

    const answer = await replaceInStoryText(ports, scope, {
      find: 'Tuesday',
      replace: 'Tuesday evening',
      ...EXACT,
    });
    const found = await searchStory(ports.repositories, scope, 'Tuesday evening', EXACT);

    expect(textOf('a')).toBe('Tuesday evening came.');
    expect(answer).toEqual({ replaced: 1, chapters: 1 });
    expect(found.total).toBe(1);
  });

  it('answers nothing replaced when nothing matches, writing nothing', async () => {
    const { ports, scope } = await memoryStoryWithText({ a: 'Monday came.' });
    let commits = 0;
    const commit = ports.repositories.commit.bind(ports.repositories);
    ports.repositories.commit = async (writes) => {
      commits += 1;
      return commit(writes);
    };

    const answer = await replaceInStoryText(ports, scope, { find: 'Tuesday', replace: 'Friday', ...EXACT });

    expect(answer).toEqual({ replaced: 0, chapters: 0 });
    expect(commits).toBe(0);
  });
});
