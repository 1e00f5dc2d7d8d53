import type { LocalCardRequest, PaymentMethod } from '../shared/schemas/billing';
import type { Billing } from './domain/billing/billing-port';
import type { Repositories } from './domain/repositories';
import type { Config } from './env';
import type { Logger } from './logger';
import type { BucketName, QueueName } from './routes';

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

export type SignInProvider = 'google' | 'amazon' | 'microsoftonline';

export interface SignInStart {
  authorizationUrl: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface SignedInIdentity {
  issuer: string;
  subject: string;
  email?: string;
  name?: string;
}

export interface Identity {
  startSignIn(provider: SignInProvider, redirectUri: string): Promise<SignInStart>;
  finishSignIn(
    callbackUrl: URL,
    expected: { state: string; nonce: string; codeVerifier: string; redirectUri: string },
  ): Promise<SignedInIdentity>;
}

/** An image service answering a random picture (spec §2's sample cover); its bytes are checked by the caller. */
export interface SampleImages {
  /** The bytes of one random picture; throws when the service is slow, down or answers an error. */
  fetchRandom(): Promise<Buffer>;
}

/** The payment provider, as composed for this runtime (`adapters/billing-provider.ts`). */
export interface BillingProvider {
  /** The adapter; in AWS it reads its secrets on its first call to the provider. */
  billing: Billing;
  /** The adapter with its secrets read, as verifying a webhook signature needs. */
  connect(): Promise<Billing>;
}

/** What Stripe Elements does in the browser, done by the local provider for its card form. */
export interface LocalCardTokenizer {
  tokenizeCard(request: LocalCardRequest): PaymentMethod;
}

export interface Ports {
  config: Config;
  /** Every stored entity, behind the domain's own repository interfaces. */
  repositories: Repositories;
  /** Absent when no image service is configured: covers are then generated from the title. */
  sampleImages: SampleImages | undefined;
  blobs: BlobStore;
  queue: Queue;
  identity: Identity;
  billing: BillingProvider;
  /**
   * The local provider's card form (embedded runtime); undefined wherever Stripe is the provider, as in AWS.
   * Apart from `billing` so that its route needs no payment provider, hence no Stripe secret.
   */
  localCards: LocalCardTokenizer | undefined;
  logger: Logger;
  now(): Date;
}
