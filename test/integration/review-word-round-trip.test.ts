import {
  CommentRangeEnd,
  CommentRangeStart,
  CommentReference,
  Document,
  Packer,
  Paragraph,
  TextRun,
} from 'docx';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import { sessionCookieName } from '../../lambdas/middleware/cookies';
import { anchorOf } from '../../shared/anchoring';
import type { CommentThread, Share } from '../../shared/schemas/review';
import type { Story } from '../../shared/schemas/story';
import { grantSubscription, signIn, startTestRuntime, type TestBrowser } from '../helpers/embedded-runtime';
import { multipartForm } from '../helpers/images';
import { paragraph, run } from '../helpers/paragraphs';

/**
 * Issue 24 §5 on the embedded runtime: a story's comments and suggestions exported into Word as comments and
 * tracked changes, and a Word document's comments imported back onto the story's words.
 */

const TEXT = 'The lighthouse keeper counted the ships every night.';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The text of document.xml's w:t and w:delText between two points of the XML. */
const textIn = (xml: string) =>
  [...xml.matchAll(/<w:(?:t|delText)(?:\s[^>]*)?>([^<]*)<\/w:(?:t|delText)>/g)]
    .map(([, text]) => text)
    .join('');

describe('the Word round trip of comments and suggestions', () => {
  let runtime: EmbeddedRuntime;
  let author: TestBrowser;
  let editor: TestBrowser;
  let storyId: string;
  let chapterId: string;
  let exported: Uint8Array;

  const threads = async () =>
    (await (
      await author.fetch(`/api/stories/${storyId}/comments?chapter=${chapterId}`)
    ).json()) as CommentThread[];

  const exportDocx = async (options: Record<string, boolean>) => {
    const response = await author.sendJson('PUT', `/api/stories/${storyId}/export?type=docx`, options);
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    return new Uint8Array(await (await fetch(url)).arrayBuffer());
  };

  const importDocx = (browser: TestBrowser, bytes: Uint8Array) =>
    browser.fetch(`/api/stories/${storyId}/comments/import`, {
      method: 'POST',
      body: multipartForm({}, { bytes, name: 'notes.docx', type: DOCX_TYPE }),
    });

  beforeAll(async () => {
    runtime = await startTestRuntime();
    author = await signIn(runtime, 'author@example.com', 'Ada Author');
    editor = await signIn(runtime, 'editor@example.com', 'Ed Editor');
    await grantSubscription(runtime, author.cookie(sessionCookieName(runtime.ports.config))!);
    const story = (await (
      await author.fetch('/api/stories', {
        method: 'POST',
        body: multipartForm({ title: 'Lights', description: 'A story.' }),
      })
    ).json()) as Story;
    storyId = story.story_id;
    chapterId = story.chapters[0]!.id;
    await runtime.queue.drain();
    const content = (await (
      await author.fetch(`/api/stories/${storyId}/content?chapter=${chapterId}`)
    ).json()) as { items: { key_id: { Value: string } }[] };
    const keyId = content.items[0]!.key_id.Value;
    // The leading tab is the paragraph's indent, which the DOCX writes as indentation rather than text.
    const saved = await author.sendJson('PUT', `/api/stories/${storyId}`, {
      chapter_id: chapterId,
      blocks: [{ key_id: keyId, chunk: JSON.stringify(paragraph(run(`\t${TEXT}`))), place: '0' }],
    });
    expect(saved.ok).toBe(true);

    const share = (await (
      await author.sendJson('POST', `/api/stories/${storyId}/shares`, { role: 'editor' })
    ).json()) as Share;
    expect((await editor.sendJson('POST', `/api/shares/${share.share_id}/join`)).status).toBe(200);
    const home = { key_id: keyId, text: `\t${TEXT}` };
    const at = (words: string) => {
      const start = home.text.indexOf(words);
      return anchorOf(home, start, start + words.length);
    };
    const comment = await editor.sendJson('POST', `/api/stories/${storyId}/comments`, {
      chapter_id: chapterId,
      anchor: at('counted the ships'),
      body: 'Which ships?',
    });
    const { comment_id: commentId } = (await comment.json()) as CommentThread;
    const reply = await author.sendJson('POST', `/api/stories/${storyId}/comments/${commentId}/replies`, {
      body: 'The ones with lanterns.',
    });
    expect(reply.status).toBe(201);
    const suggestion = await editor.sendJson('POST', `/api/stories/${storyId}/suggestions`, {
      chapter_id: chapterId,
      anchor: at('every night'),
      replacement: 'each dusk',
    });
    expect(suggestion.status).toBe(201);
  });

  afterAll(async () => {
    await runtime?.close();
  });

  it('exports the threads as Word comments on their words and the suggestion as tracked changes', async () => {
    exported = await exportDocx({ include_comments: true, include_suggestions: true });
    const zip = await JSZip.loadAsync(exported);
    const comments = (await zip.file('word/comments.xml')!.async('string')).replace(/\s+/g, ' ');
    const document = await zip.file('word/document.xml')!.async('string');

    expect(comments).toMatch(/w:author="Ed Editor"[^>]*>.*Which ships\?/);
    expect(comments).toMatch(/w:author="Ada Author"[^>]*>.*The ones with lanterns\./);
    expect(zip.file('word/commentsExtended.xml')).not.toBeNull();
    const range = /<w:commentRangeStart w:id="0"\/>(.*?)<w:commentRangeEnd w:id="0"\/>/s.exec(document);
    expect(textIn(range![1]!)).toBe('counted the ships');
    expect(textIn(/<w:del\b[^>]*w:author="Ed Editor"[^>]*>(.*?)<\/w:del>/s.exec(document)![1]!)).toBe(
      'every night',
    );
    expect(textIn(/<w:ins\b[^>]*w:author="Ed Editor"[^>]*>(.*?)<\/w:ins>/s.exec(document)![1]!)).toBe(
      'each dusk',
    );
  });

  it('leaves comments and suggestions out unless asked', async () => {
    const zip = await JSZip.loadAsync(await exportDocx({}));
    const document = await zip.file('word/document.xml')!.async('string');

    expect(zip.file('word/comments.xml')).toBeNull();
    expect(document).not.toMatch(/commentRangeStart|<w:ins\b|<w:del\b/);
    expect(textIn(document)).toContain(TEXT);
  });

  it('brings nothing twice: the file it exported, imported back, adds nothing', async () => {
    const before = await threads();

    const response = await importDocx(author, exported);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ imported: 0, unplaced: 0 });
    expect(await threads()).toEqual(before);
  });

  it('imports the exported comments back onto their words, by their Word authors', async () => {
    const [original] = await threads();
    const deleted = await author.fetch(`/api/stories/${storyId}/comments/${original!.comment_id}`, {
      method: 'DELETE',
    });
    expect(deleted.status).toBe(204);

    const response = await importDocx(author, exported);

    expect(await response.json()).toEqual({ imported: 2, unplaced: 0 });
    const [imported, ...others] = await threads();
    expect(others).toEqual([]);
    expect(imported).toMatchObject({
      author: { name: 'Ed Editor' },
      body: 'Which ships?',
      state: 'anchored',
      anchor: { exact: 'counted the ships' },
      mine: true,
    });
    expect(imported!.replies.map((reply) => [reply.author.name, reply.body])).toEqual([
      ['Ada Author', 'The ones with lanterns.'],
    ]);
  });

  it('adds a reply written in Word to the thread it answers, and only that reply', async () => {
    const document = new Document({
      comments: {
        children: [
          { id: 0, author: 'Ed Editor', children: [new Paragraph('Which ships?')] },
          { id: 1, author: 'Ada Author', children: [new Paragraph('The ones with lanterns.')], parentId: 0 },
          { id: 2, author: 'Ed Editor', children: [new Paragraph('Then say lanterns.')], parentId: 0 },
        ],
      },
      sections: [
        {
          children: [
            new Paragraph({
              children: [
                new TextRun('The lighthouse keeper '),
                new CommentRangeStart(0),
                new TextRun('counted the ships'),
                new CommentRangeEnd(0),
                new TextRun({ children: [new CommentReference(0)] }),
                new TextRun(' every night.'),
              ],
            }),
          ],
        },
      ],
    });

    const response = await importDocx(author, new Uint8Array(await Packer.toBuffer(document)));

    expect(await response.json()).toEqual({ imported: 1, unplaced: 0 });
    const [thread, ...others] = await threads();
    expect(others).toEqual([]);
    expect(thread!.replies.map((reply) => [reply.author.name, reply.body])).toEqual([
      ['Ada Author', 'The ones with lanterns.'],
      ['Ed Editor', 'Then say lanterns.'],
    ]);
  });

  it('places a comment made in Word on its words, and counts one whose words are not in the story', async () => {
    const document = new Document({
      comments: {
        children: [
          { id: 0, author: 'Word Editor', children: [new Paragraph('Count them again.')] },
          { id: 1, author: 'Word Editor', children: [new Paragraph('Where is this?')] },
        ],
      },
      sections: [
        {
          children: [
            new Paragraph({
              children: [
                new TextRun('The lighthouse keeper '),
                new CommentRangeStart(0),
                new TextRun('counted'),
                new CommentRangeEnd(0),
                new TextRun({ children: [new CommentReference(0)] }),
                new TextRun(' the ships every night.'),
              ],
            }),
            new Paragraph({
              children: [
                new CommentRangeStart(1),
                new TextRun('Purple elephants danced.'),
                new CommentRangeEnd(1),
                new TextRun({ children: [new CommentReference(1)] }),
              ],
            }),
          ],
        },
      ],
    });
    const bytes = new Uint8Array(await Packer.toBuffer(document));

    const response = await importDocx(author, bytes);

    expect(await response.json()).toEqual({ imported: 1, unplaced: 1 });
    const placed = (await threads()).find((thread) => thread.author.name === 'Word Editor');
    expect(placed).toMatchObject({ body: 'Count them again.', state: 'anchored' });
    expect(placed!.anchor).toMatchObject({ exact: 'counted', start: TEXT.indexOf('counted') + 1 });
  });

  it('keeps the import to the author', async () => {
    const response = await importDocx(editor, exported);
    expect(response.status).toBe(404);
  });
});
