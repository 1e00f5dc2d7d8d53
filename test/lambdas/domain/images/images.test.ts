import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { generateCoverImage, sampleCoverImage } from '../../../../lambdas/domain/images/generated-cover';
import { prepareUploadedImage } from '../../../../lambdas/domain/images/images';
import { imageKeyOf } from '../../../../lambdas/domain/images/stored-images';
import { createLogger } from '../../../../lambdas/logger';
import { createHttpSampleImages } from '../../../../lambdas/adapters/http/http-sample-images';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../../../../lambdas/errors';
import { gif, jpegWithLocation, png } from '../../../helpers/images';

describe('uploaded images', () => {
  it('re-encodes a jpeg without its EXIF and GPS metadata', async () => {
    const photo = await jpegWithLocation();

    const prepared = await prepareUploadedImage(photo);

    expect(prepared).toMatchObject({ contentType: 'image/jpeg', extension: 'jpg' });
    const metadata = await sharp(prepared.body).metadata();
    expect(metadata.exif).toBeUndefined();
    expect([metadata.width, metadata.height]).toEqual([40, 30]);
  });

  it('applies the camera orientation before dropping it', async () => {
    const sideways = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#777' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();

    const prepared = await prepareUploadedImage(sideways);

    const metadata = await sharp(prepared.body).metadata();
    expect([metadata.width, metadata.height, metadata.orientation]).toEqual([20, 40, undefined]);
  });

  it('keeps png as png and gif as gif', async () => {
    expect(await prepareUploadedImage(await png())).toMatchObject({
      contentType: 'image/png',
      extension: 'png',
    });
    expect(await prepareUploadedImage(await gif())).toMatchObject({
      contentType: 'image/gif',
      extension: 'gif',
    });
  });

  it('scales very large pictures down to 1600 px on the longer side', async () => {
    const large = await sharp({ create: { width: 3200, height: 1000, channels: 3, background: '#123' } })
      .png()
      .toBuffer();

    const prepared = await prepareUploadedImage(large);

    const metadata = await sharp(prepared.body).metadata();
    expect([metadata.width, metadata.height]).toEqual([1600, 500]);
  });

  it('refuses other types by their content with 415, whatever the name', async () => {
    const webp = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .webp()
      .toBuffer();

    await expect(prepareUploadedImage(webp)).rejects.toBeInstanceOf(UnsupportedMediaTypeError);
    await expect(
      prepareUploadedImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
    ).rejects.toThrow('Only images of the following type are allowed: png,jpg,jpeg,gif');
  });

  it('refuses a file over 4 MiB with 413', async () => {
    await expect(prepareUploadedImage(Buffer.alloc(4 * 1024 * 1024 + 1))).rejects.toBeInstanceOf(
      PayloadTooLargeError,
    );
  });

  it("refuses a file that starts like a png but is not one with the spec's message", async () => {
    const truncated = (await png(200, 200)).subarray(0, 60);

    await expect(prepareUploadedImage(truncated)).rejects.toThrow(
      'Only images of the following type are allowed: png,jpg,jpeg,gif',
    );
  });

  it('answers 400 when a complete png cannot be decoded', async () => {
    const corrupt = Buffer.from(await png(200, 200));
    // The IHDR chunk's checksum no longer matches its content.
    corrupt[29] = corrupt[29]! ^ 0xff;

    await expect(prepareUploadedImage(corrupt)).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('generated covers', () => {
  it('makes a 300 px square jpeg', async () => {
    const cover = await generateCoverImage('The Long Night');

    const metadata = await sharp(cover.body).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 300, 300]);
  });

  it('gives the same title the same colours, and other titles other colours', async () => {
    const colourOf = async (title: string) =>
      (await sharp((await generateCoverImage(title)).body).stats()).dominant;

    expect(await colourOf('Emma')).toEqual(await colourOf('Emma'));
    expect(await colourOf('Emma')).not.toEqual(await colourOf('Beloved'));
  });

  it.each([
    ['a Latin', 'The Long Night', true],
    ['a Chinese', '红楼梦', true],
    ['a Japanese', '東京物語', true],
    ['a Korean', '한국어', true],
    ['an Arabic', 'ألف ليلة وليلة', true],
    ['a Devanagari', 'हिन्दी', true],
    ['a Thai', 'ภาษาไทย', true],
    ['an emoji', '🐉🐉', false],
  ])('draws %s title on the cover, or leaves a title it cannot draw off', async (_script, title, drawn) => {
    // Arrange: white title outlines are the only near-white pixels inside the frame.
    const cover = await generateCoverImage(title);

    // Act
    const centre = await sharp(cover.body)
      .extract({ left: 40, top: 100, width: 220, height: 100 })
      .greyscale()
      .raw()
      .toBuffer();

    // Assert
    const white = centre.filter((value) => value > 235).length;
    if (drawn) expect(white).toBeGreaterThan(300);
    else expect(white).toBe(0);
  });

  it('sets titles with markup characters as text', async () => {
    await expect(generateCoverImage(`Tom & "Jerry" <b>'s</b>`)).resolves.toMatchObject({ extension: 'jpg' });
  });
});

describe('image keys', () => {
  it('finds the stored key behind one of our image URLs, and nothing behind anyone else’s', () => {
    expect(imageKeyOf('/images/stories/s1/cover-1.jpg', 'images/stories/s1/')).toBe(
      'images/stories/s1/cover-1.jpg',
    );
    expect(imageKeyOf('/images/stories/s2/cover-1.jpg', 'images/stories/s1/')).toBeUndefined();
    expect(imageKeyOf('https://example.com/x.jpg', 'images/stories/s1/')).toBeUndefined();
  });
});

describe('sample covers', () => {
  const logger = createLogger('silent');
  let server: Server | undefined;

  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  /** A stand-in image service on loopback answering every request the same way. */
  async function imageService(status: number, body: Buffer, contentType: string): Promise<string> {
    server = createServer((_request, response) => {
      response.writeHead(status, { 'content-type': contentType });
      response.end(body);
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/300`;
  }

  it("takes the configured service's picture, cut to a 300 px square jpeg", async () => {
    const landscape = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();
    const url = await imageService(200, landscape, 'image/png');

    const cover = await sampleCoverImage(createHttpSampleImages(url), 'Dune', logger);

    expect(cover.contentType).toBe('image/jpeg');
    const metadata = await sharp(cover.body).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 300, 300]);
    const { dominant } = await sharp(cover.body).stats();
    expect(dominant.g).toBeGreaterThan(dominant.r);
  });

  it('generates the cover from the title when the service fails', async () => {
    const url = await imageService(503, Buffer.from('busy'), 'text/plain');

    const cover = await sampleCoverImage(createHttpSampleImages(url), 'Dune', logger);

    expect(cover.body.equals((await generateCoverImage('Dune')).body)).toBe(true);
  });

  it('generates the cover from the title when the service answers something that is not an image', async () => {
    const url = await imageService(200, Buffer.from('<html>hello</html>'), 'image/png');

    const cover = await sampleCoverImage(createHttpSampleImages(url), 'Dune', logger);

    expect(cover.body.equals((await generateCoverImage('Dune')).body)).toBe(true);
  });

  it('generates the cover from the title when no service is configured', async () => {
    const cover = await sampleCoverImage(undefined, 'Dune', logger);

    expect(cover.body.equals((await generateCoverImage('Dune')).body)).toBe(true);
  });
});
