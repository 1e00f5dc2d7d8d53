import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { findFreePort } from './free-port';

export interface S3Local {
  endpoint: string;
  stop(): Promise<void>;
}

/** The S3 protocol served locally by s3rver, storing objects under `directory` (a temporary one for tests). */
export async function startS3Local(directory: string | undefined, bucketNames: string[]): Promise<S3Local> {
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
    configureBuckets: bucketNames.map((name) => ({ name })),
  });
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      await server.close();
    },
  };
}
