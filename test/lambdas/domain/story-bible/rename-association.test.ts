import { describe, expect, it } from 'vitest';
import { createAssociations } from '../../../../lambdas/domain/associations/associations';
import { saveBlocks } from '../../../../lambdas/domain/blocks/sync-blocks';
import { createStory } from '../../../../lambdas/domain/stories/create-story';
import { renameAssociation } from '../../../../lambdas/domain/story-bible/rename-association';
import { paragraphChunk } from '../../../helpers/handler-harness';
import { createMemoryPorts } from '../../../helpers/memory-ports';

const AUTHOR = 'author-1';

async function storyWithStrider(texts: Record<string, string>) {
  const memory = createMemoryPorts();
  const story = await createStory(memory.ports, AUTHOR, {
    title: 'Story',
    description: '',
    series: { kind: 'standalone' },
  });
  const scope = { userId: AUTHOR, storyId: story.story_id };
  const chapterId = story.chapters![0]!.id;
  await saveBlocks(
    memory.ports,
    AUTHOR,
    story.story_id,
    chapterId,
    Object.entries(texts).map(([keyId, text], place) => ({
      key_id: keyId,
      chunk: paragraphChunk(keyId, text),
      place,
    })),
  );
  const [strider] = await createAssociations(memory.ports, scope, [
    {
      association_name: 'Strider',
      association_type: 'character',
      aliases: '',
      case_sensitive: true,
      short_description: '',
      details: { extended_description: '' },
    },
  ]);
  const textOf = (keyId: string) =>
    (
      JSON.parse(memory.state.blocks.get(chapterId)!.get(keyId)!.chunk) as { children: { text: string }[] }
    ).children
      .map((child) => child.text)
      .join('');
  return { ...memory, scope, chapterId, associationId: strider!.association_id, textOf };
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
