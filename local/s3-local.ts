import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { findFreePort } from './free-port';

export interface S3Local {
  endpoint: string;
  stop(): Promise<void>;
}

/** A bucket browsers on `allowedOrigin` may PUT to with presigned links (what the uploads bucket's CORS allows in AWS). */
export interface BrowserUploadBucket {
  name: string;
  allowedOrigin: string;
}

function corsConfiguration(allowedOrigin: string): string {
  return [
    '<CORSConfiguration><CORSRule>',
    `<AllowedOrigin>${allowedOrigin}</AllowedOrigin>`,
    '<AllowedMethod>PUT</AllowedMethod>',
    '<AllowedHeader>*</AllowedHeader>',
    '<MaxAgeSeconds>3000</MaxAgeSeconds>',
    '</CORSRule></CORSConfiguration>',
  ].join('');
}

/**
 * The S3 protocol served locally by s3rver, storing objects under `directory` (a temporary one for tests).
 * s3rver checks a presigned link's expiry but not its signature, so the size a link was signed for is not
 * enforced here as S3 enforces it; the import checks the stored size itself in both runtimes.
 */
export async function startS3Local(
  directory: string | undefined,
  bucketNames: string[],
  uploadBucket: BrowserUploadBucket,
): Promise<S3Local> {
  const root = directory
    ? path.resolve(directory)
    : path.join(os.tmpdir(), `loreweaver-s3-${process.pid}-${Date.now()}`);
  await mkdir(root, { recursive: true });
  const port = await findFreePort();
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    directory: root,
    silent: true,
    resetOnClose: !directory,
    configureBuckets: [
      ...bucketNames.map((name) => ({ name })),
      { name: uploadBucket.name, configs: [corsConfiguration(uploadBucket.allowedOrigin)] },
    ],
  });
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      await server.close();
    },
  };
}
