import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from '../../env';
import type { BlobStore } from '../../domain/ports';
import type { BucketName } from '../../routes';

/** S3 allows at most 1,000 keys in one DeleteObjects call. */
const DELETE_BATCH_SIZE = 1000;

export function createS3Client(
  config: Config,
  options: Pick<S3ClientConfig, 'requestChecksumCalculation'> = {},
): S3Client {
  return new S3Client({
    ...options,
    region: config.AWS_REGION,
    ...(config.S3_ENDPOINT
      ? {
          endpoint: config.S3_ENDPOINT,
          forcePathStyle: true,
          credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        }
      : {}),
  });
}

export function createS3BlobStore(
  config: Config,
  client: S3Client = createS3Client(config),
  // By default the SDK adds a checksum of the body to every PutObject, and a presigned PUT has no body yet:
  // the link would carry the CRC32 of zero bytes and S3 would refuse the file sent with it.
  uploadSigningClient: S3Client = createS3Client(config, { requestChecksumCalculation: 'WHEN_REQUIRED' }),
): BlobStore {
  const bucketNames: Record<BucketName, string> = {
    images: config.IMAGES_BUCKET,
    exports: config.EXPORTS_BUCKET,
    versions: config.VERSIONS_BUCKET,
    uploads: config.UPLOADS_BUCKET,
  };

  const deleteKeys = async (bucket: BucketName, keys: string[]) => {
    for (let start = 0; start < keys.length; start += DELETE_BATCH_SIZE) {
      const batch = keys.slice(start, start + DELETE_BATCH_SIZE);
      await client.send(
        new DeleteObjectsCommand({
          Bucket: bucketNames[bucket],
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
    }
  };

  return {
    async put(bucket, key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: bucketNames[bucket], Key: key, Body: body, ContentType: contentType }),
      );
    },

    async get(bucket, key) {
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: bucketNames[bucket], Key: key }));
        if (!result.Body) return undefined;
        return {
          body: await result.Body.transformToByteArray(),
          contentType: result.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return undefined;
        throw error;
      }
    },

    async delete(bucket, keys) {
      if (keys.length > 0) await deleteKeys(bucket, keys);
    },

    async deletePrefix(bucket, prefix) {
      let continuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucketNames[bucket],
            Prefix: prefix,
            ContinuationToken: continuationToken,
          }),
        );
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
        if (keys.length > 0) await deleteKeys(bucket, keys);
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);
    },

    async signedDownloadUrl(bucket, key, expiresInSeconds, fileName) {
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: bucketNames[bucket],
          Key: key,
          ...(fileName
            ? { ResponseContentDisposition: `attachment; filename="${fileName.replace(/"/g, '')}"` }
            : {}),
        }),
        { expiresIn: expiresInSeconds },
      );
    },

    async signedUploadUrl(bucket, key, contentLength, expiresInSeconds) {
      // Content-Length is signed, so S3 refuses a body of any other size: the size asked for is the limit.
      return getSignedUrl(
        uploadSigningClient,
        new PutObjectCommand({ Bucket: bucketNames[bucket], Key: key, ContentLength: contentLength }),
        { expiresIn: expiresInSeconds, signableHeaders: new Set(['content-length']) },
      );
    },
  };
}
