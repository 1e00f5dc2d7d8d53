import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWorkspace } from './render-workspace';
import { buildChapter, buildStory, stubWorkspaceServer } from './workspace-server';

vi.mock('../../../../web/src/editor/chapter-editor', () => import('./fake-chapter-editor'));

describe("the workspace's side menu", () => {
  it('closes the document to the story list', async () => {
    // Arrange
    stubWorkspaceServer({ story: buildStory([buildChapter('c1', 1)]) });
    const { router } = await renderWorkspace('/stories/s1?chapter=c1');

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Close document' }));

    // Assert
    await waitFor(() => expect(router.state.location.pathname).toBe('/stories'));
  });
});
