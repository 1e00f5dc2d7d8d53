import { multipartForm } from './images';
import type { TestBrowser } from './embedded-runtime';

/**
 * Every call of a story's author on the story, its series, chapters, content and blocks, aimed at ids given:
 * the ownership test aims them at another author's story, the sharing test at a story shared with the caller.
 */

export interface Victim {
  storyId: string;
  seriesId: string;
  chapterId: string;
  keyId: string;
}

export interface Intruder {
  storyId: string;
  seriesId: string;
}

export type Call = (browser: TestBrowser, victim: Victim, intruder: Intruder) => Promise<Response>;

const json = (method: string, body?: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

const paragraph = (keyId: string) =>
  JSON.stringify({
    type: 'custom-paragraph',
    key_id: keyId,
    format: '',
    indent: 0,
    direction: null,
    children: [{ type: 'text', text: 'Overwritten!', format: 0, style: '', detail: 0 }],
  });

/** Every story, series, chapter, content and block call, aimed at another author's ids. */
export const authorCalls: [string, Call][] = [
  ['GET story', (b, v) => b.fetch(`/api/stories/${v.storyId}`)],
  ['GET full story', (b, v) => b.fetch(`/api/stories/${v.storyId}/full`)],
  [
    'PUT story details',
    (b, v) =>
      b.fetch(`/api/stories/${v.storyId}/details`, {
        method: 'PUT',
        body: multipartForm({ title: 'Hijacked', description: 'Mine now.' }),
      }),
  ],
  [
    'PUT story details removing the image',
    (b, v) =>
      b.fetch(`/api/stories/${v.storyId}/details`, {
        method: 'PUT',
        body: multipartForm({ title: 'Hijacked', description: 'Mine now.', remove_image: 'true' }),
      }),
  ],
  ['DELETE story', (b, v) => b.fetch(`/api/stories/${v.storyId}`, { method: 'DELETE' })],
  ['GET settings', (b, v) => b.fetch(`/api/stories/${v.storyId}/settings`)],
  [
    'PUT settings',
    (b, v) =>
      b.fetch(`/api/stories/${v.storyId}/settings`, json('PUT', { spellcheck: false, autotab: false })),
  ],
  ['GET series', (b, v) => b.fetch(`/api/series/${v.seriesId}`)],
  [
    'PUT series',
    (b, v) =>
      b.fetch(`/api/series/${v.seriesId}`, {
        method: 'PUT',
        body: multipartForm({ series_title: 'Hijacked', series_description: 'Mine now.', stories: '[]' }),
      }),
  ],
  ['DELETE series', (b, v) => b.fetch(`/api/series/${v.seriesId}`, { method: 'DELETE' })],
  [
    'PUT remove story from series',
    (b, v) => b.fetch(`/api/series/${v.seriesId}/story/${v.storyId}`, { method: 'PUT' }),
  ],
  [
    'PUT remove their story from my series',
    (b, v, i) => b.fetch(`/api/series/${i.seriesId}/story/${v.storyId}`, { method: 'PUT' }),
  ],
  [
    'PUT my series with their story in its list',
    (b, v, i) =>
      b.fetch(`/api/series/${i.seriesId}`, {
        method: 'PUT',
        body: multipartForm({
          series_title: 'Mine',
          series_description: 'Mine.',
          stories: JSON.stringify([{ story_id: v.storyId, place: 1 }]),
        }),
      }),
  ],
  [
    'POST a story into their series',
    (b, v) =>
      b.fetch('/api/stories', {
        method: 'POST',
        body: multipartForm({ title: 'Cuckoo', description: 'In their nest.', series_id: v.seriesId }),
      }),
  ],
  [
    'PUT my story details into their series',
    (b, v, i) =>
      b.fetch(`/api/stories/${i.storyId}/details`, {
        method: 'PUT',
        body: multipartForm({ title: 'Cuckoo', description: 'In their nest.', series_id: v.seriesId }),
      }),
  ],
  [
    'POST chapter',
    (b, v) => b.fetch(`/api/stories/${v.storyId}/chapter`, json('POST', { title: 'Mine', place: 1 })),
  ],
  ['GET chapter', (b, v) => b.fetch(`/api/stories/${v.storyId}/chapters/${v.chapterId}`)],
  [
    'PUT chapter title',
    (b, v) =>
      b.fetch(`/api/stories/${v.storyId}/chapters/${v.chapterId}`, json('PUT', { title: 'Hijacked' })),
  ],
  [
    'PUT chapter order',
    (b, v) => b.fetch(`/api/stories/${v.storyId}/chapters`, json('PUT', [{ id: v.chapterId, place: 1 }])),
  ],
  [
    'DELETE chapter',
    (b, v) => b.fetch(`/api/stories/${v.storyId}/chapter/${v.chapterId}`, { method: 'DELETE' }),
  ],
  ['GET content', (b, v) => b.fetch(`/api/stories/${v.storyId}/content?chapter=${v.chapterId}`)],
  [
    'PUT blocks',
    (b, v) =>
      b.fetch(
        `/api/stories/${v.storyId}`,
        json('PUT', {
          chapter_id: v.chapterId,
          blocks: [{ key_id: v.keyId, chunk: paragraph(v.keyId), place: '0' }],
        }),
      ),
  ],
  [
    'PUT blocks into their chapter through my story',
    (b, v, i) =>
      b.fetch(
        `/api/stories/${i.storyId}`,
        json('PUT', {
          chapter_id: v.chapterId,
          blocks: [{ key_id: v.keyId, chunk: paragraph(v.keyId), place: '0' }],
        }),
      ),
  ],
  [
    'DELETE blocks',
    (b, v) =>
      b.fetch(
        `/api/stories/${v.storyId}/block`,
        json('DELETE', { chapter_id: v.chapterId, blocks: [{ key_id: v.keyId }] }),
      ),
  ],
  [
    'DELETE blocks of their chapter through my story',
    (b, v, i) =>
      b.fetch(
        `/api/stories/${i.storyId}/block`,
        json('DELETE', { chapter_id: v.chapterId, blocks: [{ key_id: v.keyId }] }),
      ),
  ],
  [
    'PUT block order',
    (b, v) =>
      b.fetch(
        `/api/stories/${v.storyId}/orderMap`,
        json('PUT', { chapter_id: v.chapterId, blocks: [{ key_id: v.keyId, place: '0' }] }),
      ),
  ],
  [
    'GET content of their chapter through my story',
    (b, v, i) => b.fetch(`/api/stories/${i.storyId}/content?chapter=${v.chapterId}`),
  ],
  // The intruder subscribes, so the export answers 404 for the story rather than 401 for the plan.
  ['PUT export', (b, v) => b.fetch(`/api/stories/${v.storyId}/export?type=pdf`, json('PUT', {}))],
  ['GET export job', (b, v) => b.fetch(`/api/stories/${v.storyId}/export/job-1`)],
  // Issue 25: story time, facts, continuity and relationships are the author's alone.
  ['GET story facts', (b, v) => b.fetch(`/api/stories/${v.storyId}/facts?as_of=${v.chapterId}`)],
  [
    'POST a fact',
    (b, v) =>
      b.fetch(
        `/api/stories/${v.storyId}/associations/someone/facts`,
        json('POST', { label: 'Status', value: 'dead', from_chapter_id: v.chapterId }),
      ),
  ],
  ['GET calendar', (b, v) => b.fetch(`/api/stories/${v.storyId}/calendar`)],
  [
    'PUT calendar',
    (b, v) =>
      b.fetch(`/api/stories/${v.storyId}/calendar`, json('PUT', { months: [{ name: 'Taken', days: 9 }] })),
  ],
  ['DELETE calendar', (b, v) => b.fetch(`/api/stories/${v.storyId}/calendar`, json('DELETE'))],
  [
    'PUT chapter time',
    (b, v) =>
      b.fetch(
        `/api/stories/${v.storyId}/chapters/${v.chapterId}/time`,
        json('PUT', { start: { year: 1, month: 1, day: 1 } }),
      ),
  ],
  ['GET timeline', (b, v) => b.fetch(`/api/stories/${v.storyId}/timeline`)],
  ['GET series timeline', (b, v) => b.fetch(`/api/series/${v.seriesId}/timeline`)],
  ['GET continuity', (b, v) => b.fetch(`/api/stories/${v.storyId}/continuity`)],
  ['GET relationships', (b, v) => b.fetch(`/api/stories/${v.storyId}/relationships?as_of=${v.chapterId}`)],
];
