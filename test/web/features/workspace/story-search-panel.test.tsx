import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { replaceAllQuestion } from '../../../../web/src/features/workspace/components/story-search-panel';
import { stubViewportWidth } from '../../helpers/viewport';
import { renderWorkspace } from './render-workspace';
import { buildChapter, buildStory, stubWorkspaceServer } from './workspace-server';

vi.mock('../../../../web/src/editor/chapter-editor', () => import('./fake-chapter-editor'));

describe('the story search', () => {
  it('puts the caret in its search box when it opens docked beside the manuscript', async () => {
    // Arrange
    // Docked, the panel is in the page while closed: focusing on mount alone would miss its opening.
    stubViewportWidth(1366);
    stubWorkspaceServer({ story: buildStory([buildChapter('c1', 1)]) });
    await renderWorkspace('/stories/s1?chapter=c1');

    // Act
    fireEvent.keyDown(window, { key: 'F', code: 'KeyF', ctrlKey: true, shiftKey: true });

    // Assert
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Search the story' })),
    );
  });

  it.each([
    [3, 2, 'Replace “orchard” with “grove”? It appears 3 times, in 2 chapters.'],
    [1, 1, 'Replace “orchard” with “grove”? It appears once, in 1 chapter.'],
  ])('asks before replacing %i matches in %i chapters in plain words', (total, chapters, question) => {
    const search = { query: 'orchard', case_sensitive: false, whole_word: false };

    expect(replaceAllQuestion(search, 'grove', total, chapters)).toBe(
      `${question} Each chapter keeps its formatting.`,
    );
  });
});
