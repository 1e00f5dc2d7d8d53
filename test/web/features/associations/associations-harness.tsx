import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import type { Association, AssociationListItem } from '../../../../shared/schemas/associations';
import { AlertsProvider } from '../../../../web/src/components/alerts/alerts-provider';
import { AssociationPanel, StoryAssociationsProvider } from '../../../../web/src/features/associations';
import { useStoryAssociations } from '../../../../web/src/features/associations/story-associations-context';
import { theme } from '../../../../web/src/theme/theme';
import { emptyResponse, jsonResponse, stubFetch } from '../../helpers/fetch-stub';

export const STORY_ID = 's1';
export const base = `/api/stories/${STORY_ID}/associations`;

export function buildAssociation(
  id: string,
  name: string,
  overrides: Partial<Association> = {},
): Association {
  return {
    association_id: id,
    association_name: name,
    association_type: 'character',
    aliases: '',
    case_sensitive: true,
    short_description: '',
    portrait: '/portraits/character.svg',
    thumbnail: '/portraits/character.svg',
    details: { extended_description: '' },
    ...overrides,
  };
}

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
    const one = method === 'GET' && /\/associations\/([^/]+)$/.exec(url);
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
 * A window 1280 px wide, where the panel sits beside the manuscript (a complementary region); jsdom has no
 * media queries of its own, which MUI reads as a phone, where the panel is a modal dialog.
 */
function stubDesktopWidth() {
  vi.stubGlobal('matchMedia', (query: string) => {
    const minWidth = /min-width:\s*(\d+)/.exec(query);
    return {
      matches: minWidth ? Number(minWidth[1]) <= 1280 : false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    };
  });
}

export function renderAssociations() {
  stubDesktopWidth();
  return render(
    <ThemeProvider theme={theme}>
      <MemoryRouter>
        <AlertsProvider>
          <StoryAssociationsProvider storyId={STORY_ID}>
            <EditorStandIn />
            <AssociationPanel />
          </StoryAssociationsProvider>
        </AlertsProvider>
      </MemoryRouter>
    </ThemeProvider>,
  );
}

/** The request bodies sent with `method` to `url`, parsed. */
export function bodiesOf(fetchMock: ReturnType<typeof stubFetch>, method: string, url: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => String(input) === url && (init?.method ?? 'GET') === method)
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body));
}
