import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach } from 'vitest';
import { createAwsPorts, usePorts } from '../../lambdas/composition';
import { type Config, parseConfig } from '../../lambdas/env';
import { createLogger } from '../../lambdas/logger';
import type { Ports } from '../../lambdas/ports';

export const TEST_NOW = new Date('2026-11-21T12:00:00Z');

export function testConfig(overrides: Record<string, string> = {}): Config {
  return parseConfig({
    RUNTIME: 'aws',
    AWS_REGION: 'us-east-1',
    TABLE_NAME: 'loreweaver-test',
    IMAGES_BUCKET: 'images-bucket',
    EXPORTS_BUCKET: 'exports-bucket',
    CHAPTER_CREATION_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/000000000000/chapter-creation',
    EXPORT_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/000000000000/export',
    APP_ORIGIN: 'https://write.example.com',
    OIDC_ISSUER: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_test',
    OIDC_CLIENT_ID: 'client-id',
    LOG_LEVEL: 'silent',
    ...overrides,
  });
}

/**
 * The AWS composition with every AWS client mocked (aws-sdk-client-mock intercepts all instances), a fixed
 * clock, and installed as the process's ports so handlers pick it up.
 */
export function installTestPorts(overrides: Partial<Ports> = {}) {
  const documentClient = mockClient(DynamoDBDocumentClient);
  const ports: Ports = {
    ...createAwsPorts(testConfig()),
    logger: createLogger('silent'),
    now: () => TEST_NOW,
    ...overrides,
  };
  usePorts(ports);
  return {
    ports,
    documentClient,
    restore() {
      documentClient.restore();
      usePorts(undefined);
    },
  };
}

/**
 * Calls `install` before each test of the enclosing describe block and restores it after. The object returned
 * is filled afresh from each install, so a test reads its own ports from it.
 */
export function installForEachTest<Installed extends { restore(): void }>(
  install: () => Installed,
): Installed {
  const installed = {} as Installed;
  beforeEach(() => {
    Object.assign(installed, install());
  });
  afterEach(() => {
    installed.restore();
  });
  return installed;
}
