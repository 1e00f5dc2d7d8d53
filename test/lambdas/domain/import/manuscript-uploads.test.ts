import {
  DeleteObjectsCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createS3BlobStore } from '../../../../lambdas/adapters/s3/s3-blob-store';
import { importUploadedManuscript } from '../../../../lambdas/domain/import/import-uploaded-manuscript';
import {
  createManuscriptUpload,
  manuscriptUploadKey,
} from '../../../../lambdas/domain/import/manuscript-uploads';
import {
  NotFoundError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../../../../lambdas/errors';
import { MANUSCRIPT_MAX_BYTES } from '../../../../shared/manuscript-import';
import { createMemoryPorts } from '../../../helpers/memory-ports';
import { TEST_NOW, testConfig } from '../../../helpers/ports';

// The real presigner, watched: its inputs are what S3 will enforce, its output what the browser is given.
vi.mock(import('@aws-sdk/s3-request-presigner'), async (importOriginal) => {
  const presigner = await importOriginal();
  const watched = vi.fn(presigner.getSignedUrl) as unknown as typeof presigner.getSignedUrl;
  return { ...presigner, getSignedUrl: watched };
});

const AUTHOR = 'author-1';
const UPLOADS_BUCKET = 'loreweaver-dev-uploads-000000000000-eu-west-1';
const config = testConfig({ AWS_REGION: 'eu-west-1', UPLOADS_BUCKET });
const s3 = mockClient(S3Client);

/** Domain ports on the AWS S3 adapter (every S3 call mocked) and the in-memory repositories. */
function awsBlobPorts() {
  return createMemoryPorts({ config, blobs: createS3BlobStore(config) });
}

/** What GetObject answers: only the body reader the adapter uses. */
function objectBody(bytes: Uint8Array): GetObjectCommandOutput['Body'] {
  return { transformToByteArray: async () => bytes } as unknown as GetObjectCommandOutput['Body'];
}

describe('manuscript uploads on S3', () => {
  beforeEach(() => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIAIOSFODNN7EXAMPLE');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY');
    s3.on(PutObjectCommand).resolves({});
    s3.on(DeleteObjectsCommand).resolves({});
  });

  afterEach(() => {
    s3.reset();
    vi.unstubAllEnvs();
    vi.mocked(getSignedUrl).mockClear();
  });

  it("signs a PUT of exactly the declared size under the author's prefix of the uploads bucket, for 15 minutes", async () => {
    const { ports } = awsBlobPorts();

    const upload = await createManuscriptUpload(ports, AUTHOR, { file_name: 'Novel.docx', size: 12_000_000 });

    const [, command, options] = vi.mocked(getSignedUrl).mock.calls[0]!;
    expect(command.input).toEqual({
      Bucket: UPLOADS_BUCKET,
      Key: `manuscripts/${AUTHOR}/${upload.upload_id}`,
      ContentLength: 12_000_000,
    });
    expect(options).toEqual({ expiresIn: 900, signableHeaders: new Set(['content-length']) });
    const url = new URL(upload.upload_url);
    expect(url.origin).toBe(`https://${UPLOADS_BUCKET}.s3.eu-west-1.amazonaws.com`);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;host');
    // A checksum of the empty body the link was signed without would make S3 refuse the real file.
    expect([...url.searchParams.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);
    expect(upload).toMatchObject({
      upload_method: 'PUT',
      expires_at: new Date(TEST_NOW.getTime() + 15 * 60 * 1000).toISOString(),
    });
  });

  it('refuses by name and size with the import’s own errors, signing nothing', async () => {
    const { ports } = awsBlobPorts();
    const ask = (file_name: string, size: number) =>
      createManuscriptUpload(ports, AUTHOR, { file_name, size });

    await expect(ask('novel.docx', MANUSCRIPT_MAX_BYTES + 1)).rejects.toBeInstanceOf(PayloadTooLargeError);
    await expect(ask('novel.doc', 1000)).rejects.toBeInstanceOf(UnsupportedMediaTypeError);
    await expect(ask('novel.md', 0)).rejects.toBeInstanceOf(ValidationError);
    expect(getSignedUrl).not.toHaveBeenCalled();
  });

  it("imports the author's stored object, then deletes it", async () => {
    const memory = awsBlobPorts();
    const key = manuscriptUploadKey(AUTHOR, 'upload-1');
    s3.on(GetObjectCommand, { Bucket: UPLOADS_BUCKET, Key: key }).resolves({
      Body: objectBody(new TextEncoder().encode('Chapter 1\n\nOnce.\n\nChapter 2\n\nTwice.\n')),
    });

    const story = await importUploadedManuscript(memory.ports, AUTHOR, 'upload-1', {
      fileName: 'Sea_Story.txt',
      series: { kind: 'standalone' },
    });

    expect(story).toMatchObject({ title: 'Sea Story', import: { chapters_total: 2 } });
    expect(memory.queue.send).toHaveBeenCalledOnce();
    expect(s3.commandCalls(DeleteObjectsCommand, { Bucket: UPLOADS_BUCKET })[0]?.args[0].input).toMatchObject(
      { Delete: { Objects: [{ Key: key }] } },
    );
  });

  it('answers not found for a key the author has no object under, creating and deleting nothing', async () => {
    const memory = awsBlobPorts();
    s3.on(GetObjectCommand).rejects(new NoSuchKey({ message: 'No such key', $metadata: {} }));

    await expect(
      importUploadedManuscript(memory.ports, AUTHOR, 'someone-elses', {
        fileName: 'draft.txt',
        series: { kind: 'standalone' },
      }),
    ).rejects.toBeInstanceOf(NotFoundError);

    expect(memory.state.stories.size).toBe(0);
    expect(s3.commandCalls(DeleteObjectsCommand)).toEqual([]);
    expect(s3.commandCalls(GetObjectCommand)[0]?.args[0].input).toEqual({
      Bucket: UPLOADS_BUCKET,
      Key: manuscriptUploadKey(AUTHOR, 'someone-elses'),
    });
  });

  it('deletes a refused upload and stores nothing: no story, no cover, no staged chapters', async () => {
    const memory = awsBlobPorts();
    s3.on(GetObjectCommand).resolves({ Body: objectBody(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0, 0xff])) });

    await expect(
      importUploadedManuscript(memory.ports, AUTHOR, 'upload-2', {
        fileName: 'renamed.txt',
        series: { kind: 'standalone' },
      }),
    ).rejects.toBeInstanceOf(UnsupportedMediaTypeError);

    expect(memory.state.stories.size).toBe(0);
    expect(s3.commandCalls(PutObjectCommand)).toEqual([]);
    expect(s3.commandCalls(DeleteObjectsCommand)[0]?.args[0].input).toMatchObject({
      Bucket: UPLOADS_BUCKET,
      Delete: { Objects: [{ Key: manuscriptUploadKey(AUTHOR, 'upload-2') }] },
    });
  });
});
