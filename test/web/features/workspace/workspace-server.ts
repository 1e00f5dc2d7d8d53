import type { ChapterWithContent } from '../../../../shared/schemas/block';
import type { Chapter } from '../../../../shared/schemas/chapter';
import type { DocumentSettings } from '../../../../shared/schemas/settings';
import type { Story } from '../../../../shared/schemas/story';
import type { User } from '../../../../shared/schemas/user';
import { countChunkWords } from '../../../../shared/word-count';
import { buildUser } from '../../helpers/render-app';
import { emptyResponse, jsonResponse, stubFetch } from '../../helpers/fetch-stub';

export function buildChapter(id: string, place: number, overrides: Partial<Chapter> = {}): Chapter {
  return {
    id,
    chapter_id: id,
    story_id: 's1',
    title: `Chapter ${place}`,
    place,
    status: 'ready',
    synopsis: null,
    stage: null,
    ...overrides,
  };
}

export function buildStory(chapters: Chapter[], overrides: Partial<Story> = {}): Story {
  return {
    story_id: 's1',
    title: 'The Salt Road',
    description: 'A caravan crosses the desert.',
    image_url: '',
    created_at: 1_704_067_200,
    updated_at: '2024-01-01T00:00:00.000Z',
    chapters,
    word_count: 0,
    last_edited_at: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A stored paragraph as the content calls answer it. */
export function storedParagraph(keyId: string, text: string) {
  const chunk = JSON.stringify({
    type: 'custom-paragraph',
    key_id: keyId,
    format: '',
    indent: 0,
    direction: 'ltr',
    children: [{ type: 'text', text, format: 0, style: '', detail: 0 }],
  });
  return { key_id: { Value: keyId }, chunk: { Value: chunk }, place: { Value: '0' } };
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response> | undefined;

interface WorkspaceServerOptions {
  story: Story;
  user?: User;
  /** `null` answers 404, as for a story whose settings were never saved. */
  settings?: DocumentSettings | null;
  chaptersWithContents?: ChapterWithContent[];
  /** Consulted first; answer `undefined` to fall through to the defaults. */
  handle?: Handler;
}

/**
 * A fake server for the workspace page: the user, the story, its settings and its text (answered as the
 * story's progress, which gives the stored word counts), plus every
 * write answered as the real server would. Unexpected calls fail the test loudly.
 */
export function stubWorkspaceServer({
  story,
  user = buildUser(),
  settings = { spellcheck: true, autotab: true, highlight_associations: true },
  chaptersWithContents = [],
  handle,
}: WorkspaceServerOptions) {
  const base = `/api/stories/${story.story_id}`;
  return stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    const answer = handle?.(url, init);
    if (answer) return answer;
    if (url === '/api/user') return jsonResponse(user);
    if (method === 'GET' && url.startsWith('/api/user/progress?')) {
      return jsonResponse({ daily_goal: null, streak: 0, today: '2024-01-01', days: [] });
    }
    if (method === 'GET' && url === base) return jsonResponse(story);
    if (method === 'GET' && url === `${base}/settings`) {
      return settings ? jsonResponse(settings) : jsonResponse({ error: 'not_found', message: 'None.' }, 404);
    }
    if (method === 'GET' && url === `${base}/progress`) {
      const chapters = chaptersWithContents.map(({ chapter, blocks }) => ({
        chapter_id: chapter.id,
        title: chapter.title,
        words: blocks.items.reduce((total, item) => total + countChunkWords(item.chunk.Value), 0),
      }));
      return jsonResponse({
        words: chapters.reduce((total, chapter) => total + chapter.words, 0),
        target_words: null,
        deadline: null,
        words_per_day_needed: null,
        chapters,
      });
    }
    if (method === 'GET' && url === `${base}/associations/thumbs`) return jsonResponse([]);
    if (method === 'PUT' && url === `${base}/settings`) return jsonResponse(JSON.parse(String(init.body)));
    if (method === 'PUT' && url === `${base}/chapters`) return jsonResponse(JSON.parse(String(init.body)));
    if (method === 'PUT' && url.startsWith(`${base}/chapters/`)) {
      // As the server does: what the body leaves out (a synopsis, a stage) stays as it was.
      const sent = JSON.parse(String(init.body)) as Chapter;
      return jsonResponse({ ...story.chapters?.find((chapter) => chapter.id === sent.id), ...sent });
    }
    if (method === 'DELETE' && url.startsWith(`${base}/chapter/`)) return emptyResponse(204);
    if (method === 'POST' && url === `${base}/chapter`) {
      const request = JSON.parse(String(init.body)) as { title: string; place: number };
      return jsonResponse(
        buildChapter('new-chapter', request.place, { title: request.title, status: 'creating' }),
        201,
      );
    }
    throw new Error(`Unexpected request: ${method} ${url}`);
  });
}
