import { createBillingProvider } from './adapters/billing-provider';
import { createDatabase } from './adapters/dynamodb/document-client';
import { createDynamoDbRepositories } from './adapters/dynamodb/repositories';
import { createHttpSampleImages } from './adapters/http/http-sample-images';
import { createOidcIdentity } from './adapters/oidc/oidc-identity';
import { createS3BlobStore } from './adapters/s3/s3-blob-store';
import { createSqsQueue } from './adapters/sqs/sqs-queue';
import { type Config, getConfig } from './env';
import { createLogger } from './logger';
import type { Repositories } from './domain/repositories';
import { refusedPort } from './port-grants';
import type { Identity } from './domain/auth/identity';
import type { BillingProvider } from './domain/billing/billing-port';
import type { BlobStore, Queue } from './domain/ports';
import type { Ports } from './ports';

/*
 * In each Lambda bundle, esbuild's `define` replaces these with whether the function's access grants the port
 * (`grantDefinitions` in port-grants.ts, set by lib/constructs/loreweaver-function.ts). Outside a bundle (the
 * embedded runtime, tests) they are undeclared and every port is built.
 */
declare const LOREWEAVER_GRANTS_REPOSITORIES: boolean | undefined;
declare const LOREWEAVER_GRANTS_BLOBS: boolean | undefined;
declare const LOREWEAVER_GRANTS_QUEUE: boolean | undefined;
declare const LOREWEAVER_GRANTS_IDENTITY: boolean | undefined;
declare const LOREWEAVER_GRANTS_BILLING: boolean | undefined;

/**
 * The AWS runtime's composition: every port its access grants backed by its AWS SDK v3 adapter, and the
 * payment provider that the configuration names; a port not granted is refused (any use throws). Each
 * condition tests its constant in place: esbuild drops a branch, and the adapter only it imports, when the
 * condition itself folds to `false`, not when it reads a variable holding `false`.
 */
export function createAwsPorts(config: Config, now: () => Date = () => new Date()): Ports {
  const logger = createLogger(config.LOG_LEVEL);
  const database = createDatabase(config);
  const { provider: billing, localCards } =
    typeof LOREWEAVER_GRANTS_BILLING === 'undefined' || LOREWEAVER_GRANTS_BILLING
      ? createBillingProvider(config, database, logger, now)
      : // In AWS the provider is Stripe, which has no card form, wherever billing is granted or not.
        { provider: refusedPort<BillingProvider>('billing'), localCards: undefined };
  return {
    config,
    repositories:
      typeof LOREWEAVER_GRANTS_REPOSITORIES === 'undefined' || LOREWEAVER_GRANTS_REPOSITORIES
        ? createDynamoDbRepositories(database)
        : refusedPort<Repositories>('repositories'),
    sampleImages: config.SAMPLE_IMAGE_URL ? createHttpSampleImages(config.SAMPLE_IMAGE_URL) : undefined,
    blobs:
      typeof LOREWEAVER_GRANTS_BLOBS === 'undefined' || LOREWEAVER_GRANTS_BLOBS
        ? createS3BlobStore(config)
        : refusedPort<BlobStore>('blobs'),
    queue:
      typeof LOREWEAVER_GRANTS_QUEUE === 'undefined' || LOREWEAVER_GRANTS_QUEUE
        ? createSqsQueue(config)
        : refusedPort<Queue>('queue'),
    identity:
      typeof LOREWEAVER_GRANTS_IDENTITY === 'undefined' || LOREWEAVER_GRANTS_IDENTITY
        ? createOidcIdentity(config)
        : refusedPort<Identity>('identity'),
    billing,
    localCards,
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
