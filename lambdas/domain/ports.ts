import type { Logger } from '../logger';
import type { BucketName, QueueName } from '../routes';
import type { Repositories } from './repositories';

/**
 * The ports the domain speaks to, declared here so that the domain depends on nothing outside it. Each
 * operation takes only the ones it uses (`Pick<DomainPorts, …>`, named per module); `lambdas/ports.ts`
 * composes them, with the runtime's own, for a handler.
 */

export interface StoredBlob {
  body: Uint8Array;
  contentType: string;
}

export interface BlobStore {
  put(bucket: BucketName, key: string, body: Uint8Array, contentType: string): Promise<void>;
  get(bucket: BucketName, key: string): Promise<StoredBlob | undefined>;
  delete(bucket: BucketName, keys: string[]): Promise<void>;
  /** Every key under the prefix; used by cascading deletes. */
  deletePrefix(bucket: BucketName, prefix: string): Promise<void>;
  /** A time-limited download link. */
  signedDownloadUrl(
    bucket: BucketName,
    key: string,
    expiresInSeconds: number,
    fileName?: string,
  ): Promise<string>;
  /**
   * A time-limited link that stores one object of exactly `contentLength` bytes at `key` with a PUT, for
   * a browser to send a file straight to storage.
   */
  signedUploadUrl(
    bucket: BucketName,
    key: string,
    contentLength: number,
    expiresInSeconds: number,
  ): Promise<string>;
}

export interface Queue {
  send(queue: QueueName, message: unknown): Promise<void>;
}

/** An image service answering a random picture (spec §2's sample cover); its bytes are checked by the caller. */
export interface SampleImages {
  /** The bytes of one random picture; throws when the service is slow, down or answers an error. */
  fetchRandom(): Promise<Buffer>;
}

export interface DomainPorts {
  /** Every stored entity, behind the domain's own repository interfaces. */
  repositories: Repositories;
  blobs: BlobStore;
  queue: Queue;
  /** Absent when no image service is configured: covers are then generated from the title. */
  sampleImages: SampleImages | undefined;
  logger: Logger;
  now(): Date;
}
