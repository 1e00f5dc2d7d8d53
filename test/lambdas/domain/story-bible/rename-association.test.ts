import { describe, expect, it } from 'vitest';
import { createAssociations } from '../../../../lambdas/domain/associations/associations';
import { renameAssociation } from '../../../../lambdas/domain/story-bible/rename-association';
import { paragraphChunk } from '../../../helpers/handler-harness';
import { memoryStoryWithText } from '../../../helpers/memory-story-text';

async function storyWithStrider(texts: Record<string, string>) {
  const story = await memoryStoryWithText(texts);
  const [strider] = await createAssociations(story.ports, story.scope, [
    {
      association_name: 'Strider',
      association_type: 'character',
      aliases: '',
      case_sensitive: true,
      short_description: '',
      details: { extended_description: '' },
    },
  ]);
  return { ...story, associationId: strider!.association_id };
}

describe('rename everywhere, on in-memory repositories', () => {
  it('never overwrites a paragraph saved after it was read: that paragraph is read again and renamed', async () => {
    const { ports, state, scope, chapterId, associationId, textOf } = await storyWithStrider({
      a: 'Strider waited.',
      b: 'Strider smiled.',
    });
    const commit = ports.repositories.commit.bind(ports.repositories);
    let editorSaved = false;
    ports.repositories.commit = async (writes) => {
      if (!editorSaved) {
        // The editor saves paragraph a between the rename's read and its write.
        editorSaved = true;
        state.blocks
          .get(chapterId)!
          .set('a', { key_id: 'a', chunk: paragraphChunk('a', 'Strider waited long.'), revision: 2 });
      }
      return commit(writes);
    };

    const answer = await renameAssociation(ports, scope, associationId, {
      association_name: 'Aragorn',
      replace_in_text: true,
    });

    expect([textOf('a'), textOf('b')]).toEqual(['Aragorn waited long.', 'Aragorn smiled.']);
    expect(answer).toMatchObject({ replaced: 2, chapters: 1 });
  });

  it('renames the text once even when the new name contains the old one', async () => {
    const { ports, scope, associationId, textOf } = await storyWithStrider({ a: 'Strider waited.' });

    const answer = await renameAssociation(ports, scope, associationId, {
      association_name: 'Strider the Ranger',
      replace_in_text: true,
    });

    expect(textOf('a')).toBe('Strider the Ranger waited.');
    expect(answer.replaced).toBe(1);
  });
});
