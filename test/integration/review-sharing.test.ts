import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import { sessionCookieName } from '../../lambdas/middleware/cookies';
import { anchorOf } from '../../shared/anchoring';
import type { CommentThread, Share, SharedStory, Suggestion } from '../../shared/schemas/review';
import type { FullStory, Story } from '../../shared/schemas/story';
import { authorCalls, type Victim } from '../helpers/author-calls';
import { grantSubscription, signIn, startTestRuntime, type TestBrowser } from '../helpers/embedded-runtime';
import { multipartForm } from '../helpers/images';
import { paragraph, run } from '../helpers/paragraphs';

/**
 * Issue 24's isolation rule, on DynamoDB Local through the embedded runtime: nobody reaches anything of an
 * author's but exactly what the author shared, with the role given.
 */

const FIRST = 'The lighthouse keeper counted the ships every night.';
const SECOND = 'Nobody believed her when she said one of them had no crew.';

describe('a story shared with a reader and an editor', () => {
  let runtime: EmbeddedRuntime;
  let author: TestBrowser;
  let reader: TestBrowser;
  let editor: TestBrowser;
  let stranger: TestBrowser;
  let shared: Victim & { secondChapterId: string; secondKeyId: string };
  let otherStoryId: string;
  let readerShare: Share;
  let editorShare: Share;

  const createStory = async (title: string, fields: Record<string, string> = {}) =>
    (await (
      await author.fetch('/api/stories', {
        method: 'POST',
        body: multipartForm({ title, description: 'A story.', ...fields }),
      })
    ).json()) as Story;

  const firstKeyOf = async (storyId: string, chapterId: string) =>
    (
      (await (await author.fetch(`/api/stories/${storyId}/content?chapter=${chapterId}`)).json()) as {
        items: { key_id: { Value: string } }[];
      }
    ).items[0]!.key_id.Value;

  const writeParagraph = (storyId: string, chapterId: string, keyId: string, text: string) =>
    author.sendJson('PUT', `/api/stories/${storyId}`, {
      chapter_id: chapterId,
      blocks: [{ key_id: keyId, chunk: JSON.stringify(paragraph(run(text))), place: '0' }],
    });

  const readFull = async () =>
    (await (await author.fetch(`/api/stories/${shared.storyId}/full`)).json()) as FullStory;

  beforeAll(async () => {
    runtime = await startTestRuntime();
    author = await signIn(runtime, 'author@example.com', 'Ada Author');
    reader = await signIn(runtime, 'reader@example.com', 'Rita Reader');
    editor = await signIn(runtime, 'editor@example.com', 'Ed Editor');
    await grantSubscription(runtime, editor.cookie(sessionCookieName(runtime.ports.config))!);
    stranger = await signIn(runtime, 'stranger@example.com', 'Stranger');
    const story = await createStory('Shared', { series_title: 'Saga' });
    const chapterId = story.chapters[0]!.id;
    const second = (await (
      await author.sendJson('POST', `/api/stories/${story.story_id}/chapter`, { title: 'Unshared', place: 2 })
    ).json()) as { id: string };
    await runtime.queue.drain();
    const keyId = await firstKeyOf(story.story_id, chapterId);
    const secondKeyId = await firstKeyOf(story.story_id, second.id);
    expect((await writeParagraph(story.story_id, chapterId, keyId, FIRST)).ok).toBe(true);
    expect((await writeParagraph(story.story_id, second.id, secondKeyId, SECOND)).ok).toBe(true);
    shared = {
      storyId: story.story_id,
      seriesId: story.series_id!,
      chapterId,
      keyId,
      secondChapterId: second.id,
      secondKeyId,
    };
    otherStoryId = (await createStory('Not shared')).story_id;
  });

  afterAll(async () => {
    await runtime?.close();
  });

  it('makes an unguessable link to one chapter for a reader', async () => {
    const response = await author.sendJson('POST', `/api/stories/${shared.storyId}/shares`, {
      role: 'reader',
      chapters: [shared.chapterId],
    });

    expect(response.status).toBe(201);
    readerShare = (await response.json()) as Share;
    expect(readerShare).toMatchObject({ role: 'reader', chapters: [shared.chapterId], expires_at: null });
    expect(readerShare.share_id).toMatch(/^[a-f0-9]{32}$/);
    expect(readerShare.url).toBe(`${runtime.ports.config.APP_ORIGIN}/shared/${readerShare.share_id}`);
  });

  it('keeps a free story to one live link, and a subscriber to any number', async () => {
    const refused = await author.sendJson('POST', `/api/stories/${shared.storyId}/shares`, {
      role: 'editor',
    });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: 'subscription_required' });

    await grantSubscription(runtime, author.cookie(sessionCookieName(runtime.ports.config))!);
    const response = await author.sendJson('POST', `/api/stories/${shared.storyId}/shares`, {
      role: 'editor',
    });
    expect(response.status).toBe(201);
    editorShare = (await response.json()) as Share;
    expect(editorShare.chapters).toBeNull();
  });

  it('joins whoever opens a link, with its role, and lists the story as shared with them', async () => {
    const joined = await reader.sendJson('POST', `/api/shares/${readerShare.share_id}/join`);
    expect(joined.status).toBe(200);
    expect(await joined.json()).toEqual({ story_id: shared.storyId, role: 'reader' });
    expect((await editor.sendJson('POST', `/api/shares/${editorShare.share_id}/join`)).status).toBe(200);

    const list = (await (await reader.fetch('/api/shared')).json()) as SharedStory[];
    expect(list).toEqual([
      expect.objectContaining({
        story_id: shared.storyId,
        title: 'Shared',
        author: { name: 'Ada Author' },
        role: 'reader',
        chapters: [{ chapter_id: shared.chapterId, title: expect.any(String) }],
        unread_replies: 0,
      }),
    ]);
    expect(await (await author.fetch('/api/stories')).json()).toHaveLength(2);
    expect(await (await reader.fetch('/api/stories')).json()).toEqual([]);

    const shares = (await (await author.fetch(`/api/stories/${shared.storyId}/shares`)).json()) as Share[];
    expect(shares.map((share) => [share.role, share.collaborators?.map((person) => person.name)])).toEqual([
      ['editor', ['Ed Editor']],
      ['reader', ['Rita Reader']],
    ]);
  });

  it('answers 404 for a link that never was', async () => {
    const response = await reader.sendJson('POST', `/api/shares/${'0'.repeat(32)}/join`);
    expect(response.status).toBe(404);
  });

  it('shows the reader the story and the chapter shared, and nothing else', async () => {
    const story = (await (await reader.fetch(`/api/stories/${shared.storyId}`)).json()) as Story;
    expect(story.chapters.map((chapter) => chapter.id)).toEqual([shared.chapterId]);
    expect(story.outline).toEqual([]);
    expect(story.review).toEqual({ role: 'reader', author_name: 'Ada Author', unread_comments: 0 });

    const content = await reader.fetch(`/api/stories/${shared.storyId}/content?chapter=${shared.chapterId}`);
    expect(content.status).toBe(200);
    const unshared = await reader.fetch(
      `/api/stories/${shared.storyId}/content?chapter=${shared.secondChapterId}`,
    );
    expect(unshared.status).toBe(404);
    expect((await reader.fetch(`/api/stories/${otherStoryId}`)).status).toBe(404);
  });

  // The editor subscribes, so an export or the relationships answer 404 for the story rather than 401 for the
  // plan; the reader stays on the free plan (joining needs none), so those two are left out for them.
  const PREMIUM_CALLS = new Set(['PUT export', 'GET relationships']);
  it.each(authorCalls.filter(([name]) => name !== 'GET story' && name !== 'GET content'))(
    'refuses a collaborator %s with 404',
    async (name, call) => {
      for (const collaborator of PREMIUM_CALLS.has(name) ? [editor] : [reader, editor]) {
        const response = await call(collaborator, shared, {
          storyId: otherStoryId,
          seriesId: shared.seriesId,
        });
        expect(response.status).toBe(404);
      }
    },
  );

  it('keeps every other route of the story to its author', async () => {
    const before = await readFull();
    const attempts = [
      reader.fetch(`/api/stories/${shared.storyId}/shares`),
      reader.sendJson('POST', `/api/stories/${shared.storyId}/shares`, { role: 'editor' }),
      reader.fetch(`/api/stories/${shared.storyId}/shares/${readerShare.share_id}`, { method: 'DELETE' }),
      editor.fetch(`/api/stories/${shared.storyId}/associations/thumbs`),
      editor.fetch(`/api/stories/${shared.storyId}/progress`),
      editor.fetch(`/api/stories/${shared.storyId}/chapters/${shared.chapterId}/versions`),
      editor.fetch(`/api/stories/${shared.storyId}/search?q=ships`),
      editor.sendJson('PUT', `/api/stories/${shared.storyId}/export?type=docx`, {}),
      reader.fetch(`/api/stories/${shared.storyId}/book`),
      editor.sendJson('PUT', `/api/stories/${shared.storyId}/book`, { trim: '5x8' }),
      editor.sendJson('POST', `/api/stories/${shared.storyId}/book/preview`, { format: 'epub' }),
    ];
    const statuses = (await Promise.all(attempts)).map((response) => response.status);
    expect(statuses).toEqual(attempts.map(() => 404));
    await runtime.queue.drain();
    expect(await readFull()).toEqual(before);
  });

  describe('comments', () => {
    let readerThread: CommentThread;

    it('anchors a reader’s comment on the words selected', async () => {
      const start = FIRST.indexOf('counted the ships');
      const anchor = anchorOf(
        { key_id: shared.keyId, text: FIRST },
        start,
        start + 'counted the ships'.length,
      );
      const response = await reader.sendJson('POST', `/api/stories/${shared.storyId}/comments`, {
        chapter_id: shared.chapterId,
        anchor,
        body: 'Which ships? <b>I</b> lost count.',
      });

      expect(response.status).toBe(201);
      readerThread = (await response.json()) as CommentThread;
      expect(readerThread).toMatchObject({
        author: { name: 'Rita Reader' },
        body: 'Which ships? <b>I</b> lost count.',
        state: 'anchored',
        mine: true,
        private: false,
      });
    });

    it('refuses a comment on a chapter not shared', async () => {
      const anchor = anchorOf({ key_id: shared.secondKeyId, text: SECOND }, 0, 6);
      const response = await reader.sendJson('POST', `/api/stories/${shared.storyId}/comments`, {
        chapter_id: shared.secondChapterId,
        anchor,
        body: 'Sneaky.',
      });
      expect(response.status).toBe(404);
    });

    it('tells the author, who sees it and replies; the reader is told of the reply', async () => {
      const story = (await (await author.fetch(`/api/stories/${shared.storyId}`)).json()) as Story;
      expect(story.review).toEqual({ role: 'author', unread_comments: 1 });
      const threads = (await (
        await author.fetch(`/api/stories/${shared.storyId}/comments?chapter=${shared.chapterId}`)
      ).json()) as CommentThread[];
      expect(threads.map((thread) => thread.comment_id)).toEqual([readerThread.comment_id]);
      expect(threads[0]!.mine).toBe(false);

      const reply = await author.sendJson(
        'POST',
        `/api/stories/${shared.storyId}/comments/${readerThread.comment_id}/replies`,
        { body: 'The ones with lanterns.' },
      );
      expect(reply.status).toBe(201);
      expect(
        (await author.fetch(`/api/stories/${shared.storyId}/comments/seen`, { method: 'PUT' })).status,
      ).toBe(204);

      const list = (await (await reader.fetch('/api/shared')).json()) as SharedStory[];
      expect(list[0]!.unread_replies).toBe(1);
      const seen = (await (
        await reader.fetch(`/api/stories/${shared.storyId}/comments?chapter=${shared.chapterId}`)
      ).json()) as CommentThread[];
      expect(seen[0]!.replies.map((item) => [item.author.name, item.body])).toEqual([
        ['Ada Author', 'The ones with lanterns.'],
      ]);
    });

    it('keeps each collaborator to their own threads, and the author’s notes to the author', async () => {
      const note = await author.sendJson('POST', `/api/stories/${shared.storyId}/comments`, {
        chapter_id: shared.chapterId,
        anchor: anchorOf({ key_id: shared.keyId, text: FIRST }, 4, 14),
        body: 'Fix this later.',
      });
      expect(((await note.json()) as CommentThread).private).toBe(true);

      const editorView = (await (
        await editor.fetch(`/api/stories/${shared.storyId}/comments?chapter=${shared.chapterId}`)
      ).json()) as CommentThread[];
      expect(editorView).toEqual([]);
      const readerView = (await (
        await reader.fetch(`/api/stories/${shared.storyId}/comments?chapter=${shared.chapterId}`)
      ).json()) as CommentThread[];
      expect(readerView.map((thread) => thread.comment_id)).toEqual([readerThread.comment_id]);

      const stolen = await editor.sendJson(
        'POST',
        `/api/stories/${shared.storyId}/comments/${readerThread.comment_id}/replies`,
        { body: 'Me too.' },
      );
      expect(stolen.status).toBe(404);
      const edited = await author.sendJson(
        'PATCH',
        `/api/stories/${shared.storyId}/comments/${readerThread.comment_id}`,
        {
          body: 'Not yours to edit.',
        },
      );
      expect(edited.status).toBe(403);
    });

    it('follows the words when the author edits the paragraph, and detaches when they are gone', async () => {
      const edited = `At dusk, ${FIRST.replace('The', 'the')}`;
      expect((await writeParagraph(shared.storyId, shared.chapterId, shared.keyId, edited)).ok).toBe(true);
      const [moved] = (await (
        await reader.fetch(`/api/stories/${shared.storyId}/comments?chapter=${shared.chapterId}`)
      ).json()) as CommentThread[];
      expect(moved!.state).toBe('moved');
      expect(edited.slice(moved!.anchor.start, moved!.anchor.end)).toBe('counted the ships');

      const rewritten = 'The keeper slept through every storm.';
      expect((await writeParagraph(shared.storyId, shared.chapterId, shared.keyId, rewritten)).ok).toBe(true);
      const [detached] = (await (
        await reader.fetch(`/api/stories/${shared.storyId}/comments?chapter=${shared.chapterId}`)
      ).json()) as CommentThread[];
      expect(detached!.state).toBe('detached');
      expect(detached!.anchor.exact).toBe('counted the ships');
      expect((await writeParagraph(shared.storyId, shared.chapterId, shared.keyId, FIRST)).ok).toBe(true);
    });

    it('lets the reader resolve their thread and delete it', async () => {
      const resolved = await reader.sendJson(
        'PATCH',
        `/api/stories/${shared.storyId}/comments/${readerThread.comment_id}`,
        { resolved: true },
      );
      expect(resolved.status).toBe(200);
      expect(((await resolved.json()) as CommentThread).resolved).toBe(true);
      const deleted = await reader.fetch(
        `/api/stories/${shared.storyId}/comments/${readerThread.comment_id}`,
        {
          method: 'DELETE',
        },
      );
      expect(deleted.status).toBe(204);
      const left = (await (
        await author.fetch(`/api/stories/${shared.storyId}/comments?chapter=${shared.chapterId}`)
      ).json()) as CommentThread[];
      expect(left.map((thread) => thread.body)).toEqual(['Fix this later.']);
    });
  });

  describe('suggestions', () => {
    let suggestion: Suggestion;
    const quote = 'every night';
    const anchor = () =>
      anchorOf(
        { key_id: shared.keyId, text: FIRST },
        FIRST.indexOf(quote),
        FIRST.indexOf(quote) + quote.length,
      );

    it('takes an editor’s suggestion and refuses a reader’s', async () => {
      const refused = await reader.sendJson('POST', `/api/stories/${shared.storyId}/suggestions`, {
        chapter_id: shared.chapterId,
        anchor: anchor(),
        replacement: 'each dusk',
      });
      expect(refused.status).toBe(403);

      const response = await editor.sendJson('POST', `/api/stories/${shared.storyId}/suggestions`, {
        chapter_id: shared.chapterId,
        anchor: anchor(),
        replacement: 'each dusk',
      });
      expect(response.status).toBe(201);
      suggestion = (await response.json()) as Suggestion;
      expect(suggestion).toMatchObject({ status: 'open', outdated: false, author: { name: 'Ed Editor' } });
    });

    it('lets only the author decide, and refuses to accept one whose words changed', async () => {
      const byEditor = await editor.sendJson(
        'POST',
        `/api/stories/${shared.storyId}/suggestions/${suggestion.suggestion_id}/accept`,
      );
      expect(byEditor.status).toBe(403);

      const changed = FIRST.replace('every night', 'every single night');
      expect((await writeParagraph(shared.storyId, shared.chapterId, shared.keyId, changed)).ok).toBe(true);
      const [listed] = (await (
        await author.fetch(`/api/stories/${shared.storyId}/suggestions?chapter=${shared.chapterId}`)
      ).json()) as Suggestion[];
      expect(listed!.outdated).toBe(true);
      const blind = await author.sendJson(
        'POST',
        `/api/stories/${shared.storyId}/suggestions/${suggestion.suggestion_id}/accept`,
      );
      expect(blind.status).toBe(409);

      expect((await writeParagraph(shared.storyId, shared.chapterId, shared.keyId, FIRST)).ok).toBe(true);
      const accepted = await author.sendJson(
        'POST',
        `/api/stories/${shared.storyId}/suggestions/${suggestion.suggestion_id}/accept`,
      );
      expect(accepted.status).toBe(200);
      expect(((await accepted.json()) as Suggestion).status).toBe('accepted');
      const again = await author.sendJson(
        'POST',
        `/api/stories/${shared.storyId}/suggestions/${suggestion.suggestion_id}/reject`,
      );
      expect(again.status).toBe(409);
    });
  });

  it('remembers where a reader stopped, and shows the author how far each got', async () => {
    const saved = await reader.sendJson('PUT', `/api/stories/${shared.storyId}/reading-position`, {
      chapter_id: shared.chapterId,
      key_id: shared.keyId,
    });
    expect(saved.status).toBe(204);
    const mine = await (await reader.fetch(`/api/stories/${shared.storyId}/reading-positions`)).json();
    expect(mine).toEqual([
      expect.objectContaining({ chapter_id: shared.chapterId, key_id: shared.keyId, progress: 1 }),
    ]);
    const everyone = await (await author.fetch(`/api/stories/${shared.storyId}/reading-positions`)).json();
    expect(everyone).toEqual([
      expect.objectContaining({ reader: expect.objectContaining({ name: 'Rita Reader' }), progress: 1 }),
    ]);
  });

  it('gives a stranger nothing of the story (404)', async () => {
    const anchor = anchorOf({ key_id: shared.keyId, text: FIRST }, 0, 3);
    const attempts = [
      stranger.fetch(`/api/stories/${shared.storyId}`),
      stranger.fetch(`/api/stories/${shared.storyId}/comments?chapter=${shared.chapterId}`),
      stranger.fetch(`/api/stories/${shared.storyId}/suggestions?chapter=${shared.chapterId}`),
      stranger.fetch(`/api/stories/${shared.storyId}/reading-positions`),
      stranger.sendJson('POST', `/api/stories/${shared.storyId}/comments`, {
        chapter_id: shared.chapterId,
        anchor,
        body: 'Hello.',
      }),
      stranger.sendJson('PUT', `/api/stories/${shared.storyId}/reading-position`, {
        chapter_id: shared.chapterId,
        key_id: shared.keyId,
      }),
      stranger.fetch(`/api/stories/${shared.storyId}/comments/seen`, { method: 'PUT' }),
      stranger.fetch(`/api/stories/${shared.storyId}/shares`),
      stranger.fetch(`/api/stories/${shared.storyId}/book`),
      stranger.sendJson('PUT', `/api/stories/${shared.storyId}/book`, { trim: '5x8' }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(404);
  });

  it('revokes a link at once: the reader loses the story, and the link answers 410', async () => {
    const revoked = await author.fetch(`/api/stories/${shared.storyId}/shares/${readerShare.share_id}`, {
      method: 'DELETE',
    });
    expect(revoked.status).toBe(204);

    expect((await reader.fetch(`/api/stories/${shared.storyId}`)).status).toBe(404);
    expect(
      (await reader.fetch(`/api/stories/${shared.storyId}/content?chapter=${shared.chapterId}`)).status,
    ).toBe(404);
    expect(await (await reader.fetch('/api/shared')).json()).toEqual([]);
    const rejoin = await reader.sendJson('POST', `/api/shares/${readerShare.share_id}/join`);
    expect(rejoin.status).toBe(410);
    expect((await editor.fetch(`/api/stories/${shared.storyId}`)).status).toBe(200);
  });

  it('takes a deleted account out of the stories it joined', async () => {
    const leaving = await signIn(runtime, 'leaving@example.com', 'Lee Leaving');
    expect((await leaving.sendJson('POST', `/api/shares/${editorShare.share_id}/join`)).status).toBe(200);
    expect(
      (await leaving.sendJson('POST', '/api/user/delete', { email: 'leaving@example.com' })).status,
    ).toBe(202);
    await runtime.queue.drain();

    const shares = (await (await author.fetch(`/api/stories/${shared.storyId}/shares`)).json()) as Share[];
    expect(shares.flatMap((share) => share.collaborators?.map((person) => person.name) ?? [])).toEqual([
      'Ed Editor',
    ]);
  });

  it('ends an expired link with 410', async () => {
    const soon = new Date(runtime.ports.now().getTime() + 1000).toISOString();
    const share = (await (
      await author.sendJson('POST', `/api/stories/${shared.storyId}/shares`, {
        role: 'reader',
        expires_at: soon,
      })
    ).json()) as Share;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const response = await stranger.sendJson('POST', `/api/shares/${share.share_id}/join`);
    expect(response.status).toBe(410);
    expect(await response.json()).toMatchObject({ error: 'gone' });
  });
});
