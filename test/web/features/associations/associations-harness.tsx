import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Association, AssociationListItem } from '../../../../shared/schemas/associations';
import { AlertsProvider } from '../../../../web/src/components/alerts/alerts-provider';
import { StoryAssociationsProvider } from '../../../../web/src/features/associations';
import { AssociationPanel } from '../../../../web/src/features/associations/components/association-panel';
import { useStoryAssociations } from '../../../../web/src/features/associations/story-associations-context';
import { theme } from '../../../../web/src/theme/theme';
import { buildAssociation } from '../../helpers/association-fixtures';
import { createTestQueryClient } from '../../helpers/render-app';
import { bodiesSent, emptyResponse, jsonResponse, stubFetch } from '../../helpers/fetch-stub';
import { stubViewportWidth } from '../../helpers/viewport';
import { buildChapter, buildStory } from '../workspace/workspace-server';

export const STORY_ID = 's1';
export const base = `/api/stories/${STORY_ID}/associations`;

export const frodo = buildAssociation('frodo', 'Frodo', {
  aliases: 'Mr. Underhill',
  case_sensitive: false,
  short_description: 'A hobbit.',
  details: { extended_description: 'Born in the Shire.' },
});
export const shire = buildAssociation('shire', 'the Shire', { association_type: 'place' });

export function listItem({ details: _details, ...item }: Association): AssociationListItem {
  return item;
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response> | undefined;

/**
 * A fake server for the association calls: the list and details of `associations`, updates answered with
 * the stored result. `handle` is consulted first; unexpected calls fail the test.
 */
export function stubAssociationServer(associations: Association[], handle?: Handler) {
  const stored = new Map(associations.map((association) => [association.association_id, association]));
  return stubFetch(async (url, init) => {
    const method = init.method ?? 'GET';
    const answer = await handle?.(url, init);
    if (answer) return answer;
    if (method === 'GET' && url === `${base}/thumbs`) return jsonResponse([...stored.values()].map(listItem));
    const appearances = method === 'GET' && /\/associations\/([^/]+)\/appearances$/.exec(url);
    if (appearances) {
      return jsonResponse({ association_id: decodeURIComponent(appearances[1]!), total: 0, chapters: [] });
    }
    // The panel's Facts read the story's chapters and the association as of one (issue 25 §2).
    if (method === 'GET' && url === `/api/stories/${STORY_ID}`)
      return jsonResponse(buildStory([buildChapter('c1', 1)]));
    const one = method === 'GET' && /\/associations\/([^/?]+)(?:\?as_of=[^/]+)?$/.exec(url);
    if (one) {
      const association = stored.get(decodeURIComponent(one[1]!));
      return association
        ? jsonResponse(association)
        : jsonResponse({ error: 'not_found', message: 'No.' }, 404);
    }
    if (method === 'PUT' && url === base) {
      const [changes] = JSON.parse(String(init.body)) as (Partial<Association> & {
        association_id: string;
      })[];
      const updated = { ...stored.get(changes!.association_id)!, ...changes } as Association;
      stored.set(updated.association_id, updated);
      return jsonResponse([updated]);
    }
    if (method === 'DELETE' && url === base) return emptyResponse(204);
    throw new Error(`Unexpected request: ${method} ${url}`);
  });
}

/** Stands in for the editor: buttons that do what clicking a mention or the context menu does. */
function EditorStandIn() {
  const { associations, panel, createAssociation, deleteAssociation } = useStoryAssociations();
  return (
    <div>
      <output aria-label="Association list">
        {associations === null
          ? 'loading'
          : associations
              .map(
                (item) =>
                  `${item.association_name}|${item.aliases}|${item.case_sensitive}|${item.short_description}`,
              )
              .join(';')}
      </output>
      <button type="button" onClick={() => panel.openAssociation('frodo')}>
        Click Frodo
      </button>
      <button type="button" onClick={() => panel.openAssociation('shire')}>
        Click the Shire
      </button>
      <button type="button" onClick={() => void createAssociation('Sam', 'character')}>
        Create Sam
      </button>
      <button type="button" onClick={() => void deleteAssociation('frodo')}>
        Delete Frodo
      </button>
    </div>
  );
}

/**
 * The panel and a stand-in editor in a window 1280 px wide, where the panel sits beside the manuscript (a
 * complementary region) rather than in a modal dialog as on a phone.
 */
export function renderAssociations() {
  stubViewportWidth(1280);
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <ThemeProvider theme={theme}>
        <MemoryRouter>
          <AlertsProvider>
            <StoryAssociationsProvider storyId={STORY_ID}>
              <EditorStandIn />
              <AssociationPanel />
            </StoryAssociationsProvider>
          </AlertsProvider>
        </MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

/** The request bodies sent with `method` to `url`, parsed. */
export function bodiesOf(fetchMock: ReturnType<typeof stubFetch>, method: string, url: string): unknown[] {
  return bodiesSent(fetchMock, method, url).map((body) =>
    typeof body === 'string' ? (JSON.parse(body) as unknown) : body,
  );
}
