import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ImportWordComments } from '../../../../web/src/features/review/components/import-word-comments';
import { jsonResponse, stubFetch } from '../../helpers/fetch-stub';
import { createTestQueryClient } from '../../helpers/render-app';

describe('Import comments from Word', () => {
  it('uploads the chosen .docx and reports how many comments came in and how many could not be placed', async () => {
    const fetchMock = stubFetch((url, init) =>
      init.method === 'POST' && url === '/api/stories/s1/comments/import'
        ? jsonResponse({ imported: 2, unplaced: 1 })
        : jsonResponse({}, 404),
    );
    const { container } = render(
      <QueryClientProvider client={createTestQueryClient()}>
        <ImportWordComments storyId="s1" />
      </QueryClientProvider>,
    );
    const file = new File(['PK'], 'notes.docx');

    fireEvent.change(container.querySelector('input[type="file"]')!, { target: { files: [file] } });

    expect(await screen.findByText('Imported 2 comments (1 could not be placed)')).toBeTruthy();
    const body = fetchMock.mock.calls[0]![1]!.body as FormData;
    expect((body.get('file') as File).name).toBe('notes.docx');
    expect(screen.getByText('Import comments from Word')).toBeTruthy();
  });
});
