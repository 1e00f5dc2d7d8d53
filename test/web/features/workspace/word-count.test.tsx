import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeEditorRenders } from './fake-chapter-editor';
import { renderWorkspace } from './render-workspace';
import { buildChapter, buildStory, storedParagraph, stubWorkspaceServer } from './workspace-server';

vi.mock('../../../../web/src/editor/chapter-editor', () => import('./fake-chapter-editor'));

const first = buildChapter('c1', 1);
const second = buildChapter('c2', 2);

function stubStoryWithText() {
  stubWorkspaceServer({
    story: buildStory([first, second]),
    chaptersWithContents: [
      {
        chapter: first,
        blocks: {
          items: [
            storedParagraph('p1', '\tThe caravan left at dawn — quietly.'),
            storedParagraph('p2', "Nobody didn't notice."),
          ],
        },
      },
      { chapter: second, blocks: { items: [storedParagraph('p3', 'Sand, everywhere.')] } },
    ],
  });
}

describe('the word count', () => {
  it('counts the stored words of the open chapter and of the story', async () => {
    // Arrange
    stubStoryWithText();

    // Act
    await renderWorkspace('/stories/s1?chapter=c1');

    // Assert
    const count = screen.getByRole('group', { name: 'Word count' });
    expect(await within(count).findByText('9 words')).toBeTruthy();
    expect(within(count).getByText('11 words')).toBeTruthy();
  });

  it("follows the editor's live count of the open chapter", async () => {
    // Arrange
    stubStoryWithText();
    await renderWorkspace('/stories/s1?chapter=c1');
    const count = screen.getByRole('group', { name: 'Word count' });
    await within(count).findByText('11 words');

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Type 1234 words' }));

    // Assert
    expect(within(count).getByText('1,234 words')).toBeTruthy();
    expect(within(count).getByText('1,236 words')).toBeTruthy();
  });

  it('re-renders only the word count when the live count changes, not the workspace and its editor', async () => {
    // Arrange
    stubStoryWithText();
    await renderWorkspace('/stories/s1?chapter=c1');
    const count = screen.getByRole('group', { name: 'Word count' });
    await within(count).findByText('11 words');
    const rendersBefore = fakeEditorRenders.count;

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Type 1234 words' }));

    // Assert
    expect(within(count).getByText('1,234 words')).toBeTruthy();
    expect(fakeEditorRenders.count).toBe(rendersBefore);
  });
});
