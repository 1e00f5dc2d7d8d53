import { useEffect, useState } from 'react';
import type { FullStory } from '../../../../../shared/schemas/story';
import { api } from '../../../lib/api-client';
import { countStoredWords } from '../utils/count-words';
import { workspaceApiPaths } from './workspace-api-paths';

/** GET /api/stories/{id}/full: every chapter with its stored paragraphs. */
export function getFullStory(storyId: string): Promise<FullStory> {
  // In the background: the word count is a courtesy, and must not cover the manuscript with the overlay.
  return api.get<FullStory>(workspaceApiPaths.fullStory(storyId), { background: true });
}

/**
 * The stored word count of each chapter, by chapter id: `undefined` while loading, `null` if the story could
 * not be read. Only the story's total is shown from it, so a failure is logged rather than announced.
 */
export function useStoredWordCounts(storyId: string): ReadonlyMap<string, number> | null | undefined {
  const [counts, setCounts] = useState<ReadonlyMap<string, number> | null | undefined>(undefined);

  useEffect(() => {
    let current = true;
    getFullStory(storyId).then(
      (story) => {
        if (!current) return;
        setCounts(
          new Map(
            story.chapters_with_contents.map(({ chapter, blocks }) => [
              chapter.id,
              countStoredWords(blocks.items),
            ]),
          ),
        );
      },
      (error: unknown) => {
        if (!current) return;
        console.error('Loading the full story for its word count failed.', error);
        setCounts(null);
      },
    );
    return () => {
      current = false;
    };
  }, [storyId]);

  return counts;
}
