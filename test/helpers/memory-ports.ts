import { vi } from 'vitest';
import { LocalBilling } from '../../lambdas/adapters/local-billing/local-billing';
import { InMemoryLocalBillingStore } from '../../lambdas/adapters/local-billing/local-billing-store';
import { createLogger } from '../../lambdas/logger';
import type { BlobStore, Queue } from '../../lambdas/domain/ports';
import type { Identity } from '../../lambdas/domain/auth/identity';
import type { Ports } from '../../lambdas/ports';
import { createInMemoryRepositories } from './in-memory-repositories';
import { TEST_NOW, testConfig } from './ports';

/** A blob store that keeps what it is given, for domain tests that read back what they stored. */
export function createMemoryBlobStore() {
  const objects = new Map<string, { body: Uint8Array; contentType: string }>();
  const at = (bucket: string, key: string) => `${bucket}/${key}`;
  const blobs: BlobStore = {
    async put(bucket, key, body, contentType) {
      objects.set(at(bucket, key), { body: body.slice(), contentType });
    },
    async get(bucket, key) {
      return objects.get(at(bucket, key));
    },
    async delete(bucket, keys) {
      for (const key of keys) objects.delete(at(bucket, key));
    },
    async deletePrefix(bucket, prefix) {
      for (const key of objects.keys()) if (key.startsWith(at(bucket, prefix))) objects.delete(key);
    },
    async signedDownloadUrl(bucket, key) {
      return `https://signed.example/${at(bucket, key)}`;
    },
    async signedUploadUrl(bucket, key) {
      return `https://signed.example/${at(bucket, key)}?upload`;
    },
  };
  return { blobs, objects };
}

/**
 * Ports for domain tests: in-memory repositories, a blob store and a queue that only record what they are
 * given, a fixed clock, no sample-image service, the local payment provider in memory. No AWS client, mocked or real, is involved.
 */
export function createMemoryPorts(overrides: Partial<Ports> = {}) {
  const repositories = createInMemoryRepositories();
  const blobs = {
    put: vi.fn<BlobStore['put']>().mockResolvedValue(undefined),
    get: vi.fn<BlobStore['get']>().mockResolvedValue(undefined),
    delete: vi.fn<BlobStore['delete']>().mockResolvedValue(undefined),
    deletePrefix: vi.fn<BlobStore['deletePrefix']>().mockResolvedValue(undefined),
    signedDownloadUrl: vi.fn<BlobStore['signedDownloadUrl']>().mockResolvedValue('https://signed.example'),
    signedUploadUrl: vi.fn<BlobStore['signedUploadUrl']>().mockResolvedValue('https://signed.example/upload'),
  };
  const queue = { send: vi.fn<Queue['send']>().mockResolvedValue(undefined) };
  const identity: Identity = {
    startSignIn: vi.fn<Identity['startSignIn']>(),
    finishSignIn: vi.fn<Identity['finishSignIn']>(),
  };
  const localBilling = new LocalBilling({ store: new InMemoryLocalBillingStore(), now: () => TEST_NOW });
  const ports: Ports = {
    config: testConfig(),
    repositories,
    sampleImages: undefined,
    blobs,
    queue,
    identity,
    billing: { billing: localBilling, connect: async () => localBilling },
    localCards: localBilling,
    logger: createLogger('silent'),
    now: () => TEST_NOW,
    ...overrides,
  };
  return { ports, state: repositories.state, blobs, queue, identity };
}
