import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import type { Story } from '../../shared/schemas/story';
import type { User } from '../../shared/schemas/user';
import { TestBrowser, signIn, startTestRuntime } from '../helpers/embedded-runtime';
import { multipartForm } from '../helpers/images';

describe('the writing room on the embedded runtime: theme and typography', () => {
  let runtime: EmbeddedRuntime;
  let author: TestBrowser;

  beforeAll(async () => {
    runtime = await startTestRuntime();
    author = await signIn(runtime, 'nightowl@example.com', 'Night Owl');
  });

  afterAll(async () => {
    await runtime?.close();
  });

  it('keeps the theme an author chooses, leaving the subscription fields as they were', async () => {
    const before = (await (await author.fetch('/api/user')).json()) as User;

    const saved = await author.sendJson('PUT', '/api/user', { theme: 'dark' });
    const reread = (await (await author.fetch('/api/user')).json()) as User;

    expect(before.theme).toBeUndefined();
    expect(saved.status).toBe(200);
    expect(reread).toEqual({ ...before, theme: 'dark' });
  });

  it('answers 400 for an unknown theme or an empty change, and 401 when signed out', async () => {
    const unknown = await author.sendJson('PUT', '/api/user', { theme: 'sepia' });
    const empty = await author.sendJson('PUT', '/api/user', {});
    const stranger = await new TestBrowser(runtime.url).sendJson('PUT', '/api/user', { theme: 'light' });

    expect(unknown.status).toBe(400);
    expect(empty.status).toBe(400);
    expect(stranger.status).toBe(401);
  });

  it('keeps the text size and font with the document settings, and refuses values it does not know', async () => {
    const created = await author.fetch('/api/stories', {
      method: 'POST',
      body: multipartForm({ title: 'Typography', description: 'x' }),
    });
    const story = (await created.json()) as Story;
    const settingsPath = `/api/stories/${story.story_id}/settings`;
    const settings = { spellcheck: true, autotab: false, text_size: 'large', font: 'sans-serif' };

    const saved = await author.sendJson('PUT', settingsPath, settings);
    const reread = await (await author.fetch(settingsPath)).json();
    const refused = await author.sendJson('PUT', settingsPath, { ...settings, text_size: 'huge' });

    expect(saved.status).toBe(200);
    expect(reread).toEqual({ ...settings, highlight_associations: true });
    expect(refused.status).toBe(400);
  });
});
