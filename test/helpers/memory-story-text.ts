/** A story with stored text on the in-memory repositories, for the domain tests of story-wide tools. */
import { saveBlocks } from '../../lambdas/domain/blocks/sync-blocks';
import { createStory } from '../../lambdas/domain/stories/create-story';
import { paragraphChunk } from './handler-harness';
import { createMemoryPorts } from './memory-ports';

export const MEMORY_AUTHOR = 'author-1';

/** One chapter whose paragraphs (by key_id) hold the given texts, and `textOf` to read one back. */
export async function memoryStoryWithText(texts: Record<string, string>) {
  const memory = createMemoryPorts();
  const story = await createStory(memory.ports, MEMORY_AUTHOR, {
    title: 'Story',
    description: '',
    series: { kind: 'standalone' },
  });
  const scope = { userId: MEMORY_AUTHOR, storyId: story.story_id };
  const chapterId = story.chapters![0]!.id;
  await saveBlocks(
    memory.ports,
    MEMORY_AUTHOR,
    story.story_id,
    chapterId,
    Object.entries(texts).map(([keyId, text], place) => ({
      key_id: keyId,
      chunk: paragraphChunk(keyId, text),
      place,
    })),
  );
  const textOf = (keyId: string) =>
    (
      JSON.parse(memory.state.blocks.get(chapterId)!.get(keyId)!.chunk) as { children: { text: string }[] }
    ).children
      .map((child) => child.text)
      .join('');
  return { ...memory, scope, chapterId, textOf };
}
