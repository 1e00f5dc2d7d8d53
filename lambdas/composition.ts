import { createBillingProvider } from './adapters/billing-provider';
import { createDatabase } from './adapters/dynamodb/document-client';
import { createDynamoDbRepositories } from './adapters/dynamodb/repositories';
import { createHttpSampleImages } from './adapters/http/http-sample-images';
import { createOidcIdentity } from './adapters/oidc/oidc-identity';
import { createS3BlobStore } from './adapters/s3/s3-blob-store';
import { createSqsQueue } from './adapters/sqs/sqs-queue';
import { type Config, getConfig } from './env';
import { createLogger } from './logger';
import type { Ports } from './ports';

/**
 * The AWS runtime's composition: every port backed by its AWS SDK v3 adapter, and the payment provider that
 * the configuration names.
 */
export function createAwsPorts(config: Config, now: () => Date = () => new Date()): Ports {
  const logger = createLogger(config.LOG_LEVEL);
  const database = createDatabase(config);
  return {
    config,
    repositories: createDynamoDbRepositories(database),
    sampleImages: config.SAMPLE_IMAGE_URL ? createHttpSampleImages(config.SAMPLE_IMAGE_URL) : undefined,
    blobs: createS3BlobStore(config),
    queue: createSqsQueue(config),
    identity: createOidcIdentity(config),
    billing: createBillingProvider(config, database, logger, now),
    logger,
    now,
  };
}

let current: Ports | undefined;

/** Ports for this process: built from the environment on first use in Lambda, or installed by `usePorts`. */
export function getPorts(): Ports {
  current ??= createAwsPorts(getConfig());
  return current;
}

/** The embedded runtime and tests install their own composition before any handler runs. */
export function usePorts(ports: Ports | undefined): void {
  current = ports;
}
