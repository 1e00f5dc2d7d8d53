import { randomBytes, randomUUID } from 'node:crypto';
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  manuscriptUploadKey,
  UPLOAD_NOT_FOUND_MESSAGE,
} from '../../lambdas/domain/import/manuscript-uploads';
import { sessionCookieName } from '../../lambdas/middleware/cookies';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import {
  MANUSCRIPT_MAX_BYTES,
  MANUSCRIPT_NOT_TEXT_MESSAGE,
  MANUSCRIPT_TOO_LARGE_MESSAGE,
  MANUSCRIPT_UNSUPPORTED_TYPE_MESSAGE,
} from '../../shared/manuscript-import';
import type { Series } from '../../shared/schemas/series';
import type { Story } from '../../shared/schemas/story';
import { signIn, startTestRuntime, type TestBrowser } from '../helpers/embedded-runtime';
import { importUpload, uploadManuscript } from '../helpers/manuscript-uploads';

/**
 * A Word manuscript of two chapters made larger than Lambda's request payload can carry (6 MB, base64):
 * 5.5 MB of pictures' worth of incompressible bytes stored in the package beside the text.
 */
async function largeDocx(): Promise<Uint8Array> {
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: 'Landfall', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ text: 'The island was larger than the map.' }),
          new Paragraph({ text: 'Inland', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ text: 'They walked until the sea was a rumour.' }),
        ],
      },
    ],
  });
  const zip = await JSZip.loadAsync(await Packer.toBuffer(document));
  zip.file('word/media/photographs.bin', randomBytes(5.5 * 1024 * 1024));
  return zip.generateAsync({ type: 'uint8array', compression: 'STORE' });
}

const text = (content: string) => new TextEncoder().encode(content);

describe('importing a manuscript uploaded straight to storage, on the embedded runtime', () => {
  let runtime: EmbeddedRuntime;
  let author: TestBrowser;
  let stranger: TestBrowser;
  let authorId: string;

  beforeAll(async () => {
    runtime = await startTestRuntime();
    author = await signIn(runtime, 'ursula@example.com', 'Ursula');
    stranger = await signIn(runtime, 'iain@example.com', 'Iain');
    const session = await runtime.ports.repositories.sessions.find(
      author.cookie(sessionCookieName(runtime.ports.config))!,
      new Date(),
    );
    authorId = session!.userId;
  });

  afterAll(async () => {
    await runtime?.close();
  });

  const listStories = async (browser: TestBrowser) =>
    (await (await browser.fetch('/api/stories')).json()) as Story[];
  const storedUpload = (uploadId: string) =>
    runtime.ports.blobs.get('uploads', manuscriptUploadKey(authorId, uploadId));

  it('imports a Word file of more than 5 MB through the upload, then removes the upload', async () => {
    const bytes = await largeDocx();
    const upload = await uploadManuscript(author, { bytes, name: 'The_Island.docx' });

    const response = await importUpload(author, upload.upload_id, { file_name: 'The_Island.docx' });
    const story = (await response.json()) as Story;
    await runtime.queue.drain();
    const built = (await (await author.fetch(`/api/stories/${story.story_id}`)).json()) as Story;

    expect(bytes.byteLength).toBeGreaterThan(5 * 1024 * 1024);
    expect(response.status).toBe(202);
    expect(story).toMatchObject({ title: 'The Island', description: 'Imported from The_Island.docx' });
    expect(built.chapters!.map((chapter) => [chapter.title, chapter.status])).toEqual([
      ['Landfall', 'ready'],
      ['Inland', 'ready'],
    ]);
    expect(await storedUpload(upload.upload_id)).toBeUndefined();
  });

  it('hands out a link signed for the declared size, under the author’s own prefix, for a quarter of an hour', async () => {
    const before = Date.now();
    const asked = await author.sendJson('POST', '/api/stories/import/uploads', {
      file_name: 'draft.md',
      size: 1234,
    });
    const upload = (await asked.json()) as { upload_id: string; upload_url: string; expires_at: string };
    const url = new URL(upload.upload_url);

    expect(asked.status).toBe(201);
    expect(url.origin).toBe(runtime.uploadsOrigin);
    expect(url.pathname).toBe(`/loreweaver-uploads/manuscripts/${authorId}/${upload.upload_id}`);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;host');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(new Date(upload.expires_at).getTime()).toBeGreaterThanOrEqual(before + 899_000);
  });

  it('keeps the title, description and series the author gave', async () => {
    const upload = await uploadManuscript(author, { bytes: text('# One\n\nWords.\n'), name: 'notes.md' });

    const response = await importUpload(author, upload.upload_id, {
      file_name: 'notes.md',
      title: 'Field Notes',
      description: 'Kept on the boat.',
      series_title: 'Voyages',
    });
    const story = (await response.json()) as Story;

    expect(response.status).toBe(202);
    expect(story).toMatchObject({
      title: 'Field Notes',
      description: 'Kept on the boat.',
      series_title: 'Voyages',
    });
    await runtime.queue.drain();
  });

  it('answers 404 for an upload id nobody was given, and for another author’s upload, which stays theirs', async () => {
    const upload = await uploadManuscript(author, { bytes: text('Mine.\n'), name: 'mine.txt' });
    const before = await listStories(stranger);

    const unknown = await importUpload(author, randomUUID(), { file_name: 'mine.txt' });
    const taken = await importUpload(stranger, upload.upload_id, { file_name: 'mine.txt' });

    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ message: UPLOAD_NOT_FOUND_MESSAGE });
    expect(taken.status).toBe(404);
    expect(await listStories(stranger)).toEqual(before);
    expect(await storedUpload(upload.upload_id)).toBeDefined();
    expect((await importUpload(author, upload.upload_id, { file_name: 'mine.txt' })).status).toBe(202);
    await runtime.queue.drain();
  });

  it('refuses to hand out an upload for a file over 15 MB, empty, or of a type it cannot import', async () => {
    const ask = (file_name: string, size: number) =>
      author.sendJson('POST', '/api/stories/import/uploads', { file_name, size });

    const oversize = await ask('novel.docx', MANUSCRIPT_MAX_BYTES + 1);
    const empty = await ask('novel.docx', 0);
    const unsupported = await ask('novel.pdf', 1000);

    expect([oversize.status, empty.status, unsupported.status]).toEqual([413, 400, 415]);
    expect(await oversize.json()).toMatchObject({ message: MANUSCRIPT_TOO_LARGE_MESSAGE });
    expect(await unsupported.json()).toMatchObject({ message: MANUSCRIPT_UNSUPPORTED_TYPE_MESSAGE });
  });

  it('checks the stored object again: more than 15 MB sent under a smaller declared size is refused, nothing is created and the upload is removed', async () => {
    const before = await listStories(author);
    const bytes = text('x'.repeat(MANUSCRIPT_MAX_BYTES + 1));
    // The S3 stand-in does not check signatures; S3 itself refuses a body of any size but the signed one.
    const upload = await uploadManuscript(author, { bytes, name: 'huge.txt' }, 1000);

    const response = await importUpload(author, upload.upload_id, {
      file_name: 'huge.txt',
      series_title: 'Never made',
    });

    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ message: MANUSCRIPT_TOO_LARGE_MESSAGE });
    expect(await listStories(author)).toEqual(before);
    expect(await storedUpload(upload.upload_id)).toBeUndefined();
  });

  it('refuses a renamed file as the multipart import does, creating no story and no series', async () => {
    const before = await listStories(author);
    const upload = await uploadManuscript(author, { bytes: await largeDocx(), name: 'notes.txt' });

    const response = await importUpload(author, upload.upload_id, {
      file_name: 'notes.txt',
      series_title: 'A series that must not appear',
    });

    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ message: MANUSCRIPT_NOT_TEXT_MESSAGE });
    expect(await listStories(author)).toEqual(before);
    const series = (await (await author.fetch('/api/series')).json()) as Series[];
    expect(series.map((item) => item.series_title)).not.toContain('A series that must not appear');
  });
});
