import JSZip from 'jszip';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import type { AssociationListItem } from '../../shared/schemas/associations';
import type { Story } from '../../shared/schemas/story';
import { IMAGE_TYPE_REJECTED_MESSAGE } from '../../shared/validation';
import { signIn, startTestRuntime, type TestBrowser } from '../helpers/embedded-runtime';
import { gif, jpegWithLocation, multipartForm, png } from '../helpers/images';

/**
 * Suite 5 of issue 16: what an image upload refuses (files that are not, or not only, a png, jpeg or gif) and
 * what it stores (a re-encoded picture with no metadata), on both upload routes of the embedded runtime.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let crc = index;
  for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  return crc >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A well-formed PNG of a few hundred bytes whose header declares 30000 × 30000 pixels. */
async function decompressionBomb(): Promise<Buffer> {
  const bomb = Buffer.from(await png(16, 16));
  bomb.writeUInt32BE(30_000, 16);
  bomb.writeUInt32BE(30_000, 20);
  bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
  return bomb;
}

/** The classic GIF/JavaScript polyglot: the screen width reads `/*`, and a script follows the trailer. */
async function gifScript(): Promise<Buffer> {
  const picture = Buffer.from(await gif(8, 8));
  picture.write('/*', 6, 'latin1');
  return Buffer.concat([picture, Buffer.from('*/=alert(document.cookie);')]);
}

async function hostileFiles(): Promise<[string, { bytes: Buffer; name: string; type: string }][]> {
  const photo = await jpegWithLocation(120, 90);
  const zip = await new JSZip()
    .file('payload.html', '<script>alert(1)</script>')
    .generateAsync({ type: 'nodebuffer' });
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="9" height="9"/></svg>',
  );
  const pdf = Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  );
  return [
    ['a PDF renamed .png', { bytes: pdf, name: 'cover.png', type: 'image/png' }],
    [
      'an HTML page renamed .jpg',
      { bytes: Buffer.from('<!doctype html><script>alert(1)</script>'), name: 'a.jpg', type: 'image/jpeg' },
    ],
    ['an SVG', { bytes: svg, name: 'cover.svg', type: 'image/svg+xml' }],
    ['an SVG renamed .png', { bytes: svg, name: 'cover.png', type: 'image/png' }],
    [
      'a JPEG with a zip appended',
      { bytes: Buffer.concat([photo, zip]), name: 'photo.jpg', type: 'image/jpeg' },
    ],
    [
      'a JPEG with HTML appended',
      {
        bytes: Buffer.concat([photo, Buffer.from('<html><script>alert(1)</script></html>')]),
        name: 'p.jpg',
        type: 'image/jpeg',
      },
    ],
    ['a GIF that is also a script', { bytes: await gifScript(), name: 'smile.gif', type: 'image/gif' }],
    [
      'a PNG declaring 30000 × 30000 pixels',
      { bytes: await decompressionBomb(), name: 'bomb.png', type: 'image/png' },
    ],
    [
      'a truncated JPEG',
      { bytes: photo.subarray(0, photo.length - 40), name: 'cut.jpg', type: 'image/jpeg' },
    ],
    ['a truncated PNG', { bytes: (await png(64, 64)).subarray(0, 80), name: 'cut.png', type: 'image/png' }],
  ];
}

describe('image uploads', () => {
  let runtime: EmbeddedRuntime;
  let author: TestBrowser;
  let story: Story;
  let associationId: string;
  let files: Awaited<ReturnType<typeof hostileFiles>>;

  const uploadPortrait = (file: { bytes: Buffer; name: string; type: string }) =>
    author.fetch(`/api/stories/${story.story_id}/associations/${associationId}/upload?type=character`, {
      method: 'PUT',
      body: multipartForm({}, file),
    });
  const createStoryWithCover = (file: { bytes: Buffer; name: string; type: string }) =>
    author.fetch('/api/stories', {
      method: 'POST',
      body: multipartForm({ title: 'Covered', description: 'With a cover.' }, file),
    });
  const storedState = async () => ({
    stories: await (await author.fetch('/api/stories')).json(),
    associations: (await (
      await author.fetch(`/api/stories/${story.story_id}/associations/thumbs`)
    ).json()) as AssociationListItem[],
  });
  const storedImage = async (url: string) => Buffer.from(await (await author.fetch(url)).arrayBuffer());

  beforeAll(async () => {
    runtime = await startTestRuntime();
    author = await signIn(runtime, 'illustrator@example.com', 'Illustrator');
    story = (await (
      await author.fetch('/api/stories', {
        method: 'POST',
        body: multipartForm({ title: 'Pictures', description: 'Of people.' }),
      })
    ).json()) as Story;
    await author.sendJson('POST', `/api/stories/${story.story_id}/associations`, [
      { association_name: 'Ada', association_type: 'character' },
    ]);
    const [ada] = (await (
      await author.fetch(`/api/stories/${story.story_id}/associations/thumbs`)
    ).json()) as AssociationListItem[];
    associationId = ada!.association_id;
    files = await hostileFiles();
  });

  afterAll(async () => {
    await runtime?.close();
  });

  it("refuses every hostile file on both upload routes with the spec's message, storing nothing", async () => {
    const before = await storedState();
    const answers: Record<string, string> = {};

    for (const [name, file] of files) {
      for (const [route, upload] of [
        ['portrait', uploadPortrait],
        ['cover', createStoryWithCover],
      ] as const) {
        const response = await upload(file);
        const body = (await response.json()) as { message?: string };
        answers[`${name} as a ${route}`] =
          `${response.status >= 400 && response.status < 500 ? '4xx' : response.status} ${body.message}`;
      }
    }

    const refused = `4xx ${IMAGE_TYPE_REJECTED_MESSAGE}`;
    expect(answers).toEqual(Object.fromEntries(Object.keys(answers).map((key) => [key, refused])));
    expect(await storedState()).toEqual(before);
  });

  it('stores a photo without its EXIF, GPS or XMP metadata, as a portrait and as a cover', async () => {
    const photo = await sharp(await jpegWithLocation(320, 240))
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Ada Lovelace"/></rdf:RDF></x:xmpmeta>',
      )
      .keepExif()
      .jpeg()
      .toBuffer();
    const original = await sharp(photo).metadata();
    expect([original.exif, original.xmp]).toEqual([expect.any(Buffer), expect.any(Buffer)]);
    const file = { bytes: photo, name: 'photo.jpg', type: 'image/jpeg' };

    const portrait = (await (await uploadPortrait(file)).json()) as { url: string };
    const created = (await (await createStoryWithCover(file)).json()) as Story;
    const [listed] = (await (
      await author.fetch(`/api/stories/${story.story_id}/associations/thumbs`)
    ).json()) as AssociationListItem[];

    for (const url of [portrait.url, created.image_url, listed!.thumbnail]) {
      const stored = await storedImage(url);
      const metadata = await sharp(stored).metadata();
      expect(metadata, url).toMatchObject({ format: 'jpeg' });
      expect([metadata.exif, metadata.xmp, metadata.iptc], url).toEqual([undefined, undefined, undefined]);
      expect(stored.includes('Ada Lovelace'), url).toBe(false);
      expect(stored.includes('PhoneMaker'), url).toBe(false);
    }
  });
});
