import { basename, dirname } from 'node:path';
import { runInNewContext } from 'node:vm';
import { App, Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { describe, expect, it } from 'vitest';
import type { RouteDefinition, WorkerDefinition } from '../../lambdas/routes';
import { S3Client } from '@aws-sdk/client-s3';
import { createS3BlobStore } from '../../lambdas/adapters/s3/s3-blob-store';
import { parseConfig } from '../../lambdas/env';
import {
  bucketName,
  bucketOrigin,
  PERSONAL_MICROSOFT_ACCOUNTS_TENANT,
  readStageConfig,
} from '../../lib/config';
import { SiteDeployment } from '../../lib/constructs/site-deployment';
import { DataStack } from '../../lib/stacks/data-stack';
import { SiteDistribution, SPA_FALLBACK } from '../../lib/constructs/site-distribution';
import { addLoreweaverStacks } from '../../lib/loreweaver-stacks';
import { securityHeaders } from '../../shared/security-headers';
import { fixturesDirectory, projectRoot } from './synth';
import { RUN_DIRECTORY_PREFIX } from './temporary-directory';

/** Cheap checks that need no bundling: configuration, table validation, the CDN's rewrite function. */

const configFrom = (context: Record<string, unknown>, environment: NodeJS.ProcessEnv = {}) =>
  readStageConfig(new App({ context }).node, environment);

const CLIENT_IDS = { googleClientId: 'g', amazonClientId: 'a', microsoftClientId: 'm' };

describe('stage configuration', () => {
  it('synthesizes dev offline with placeholder account, region and client ids', () => {
    const config = configFrom({});

    expect(config).toMatchObject({
      stage: 'dev',
      env: { account: '000000000000', region: 'us-east-1' },
      retainData: false,
      unsetClientIds: ['googleClientId', 'amazonClientId', 'microsoftClientId'],
    });
    expect(config.identityProviders.microsoftTenantId).toBe(PERSONAL_MICROSOFT_ACCOUNTS_TENANT);
  });

  it('takes the account from the CLI environment when the context does not name one', () => {
    const config = configFrom(
      {},
      { CDK_DEFAULT_ACCOUNT: '111111111111', CDK_DEFAULT_REGION: 'eu-central-1' },
    );

    expect(config.env).toEqual({ account: '111111111111', region: 'eu-central-1' });
  });

  it('refuses to build prod without the identity-provider client ids', () => {
    expect(() => configFrom({ stage: 'prod' })).toThrow(/googleClientId, amazonClientId, microsoftClientId/);
  });

  it('reads the stage object from cdk.json and lets -c values override it', () => {
    const config = configFrom({
      stage: 'prod',
      'loreweaver:prod': { account: '222222222222', region: 'eu-west-1', ...CLIENT_IDS },
      region: 'eu-north-1',
    });

    expect(config.env).toEqual({ account: '222222222222', region: 'eu-north-1' });
    expect(config.retainData).toBe(true);
    expect(config.secretNames.stripeSecretKey).toBe('loreweaver/prod/stripe-secret-key');
  });

  it('rejects unknown stages, malformed values and half a custom domain', () => {
    expect(() => configFrom({ stage: 'staging' })).toThrow(/Unknown stage/);
    expect(() => configFrom({ account: '12345' })).toThrow(/account: must be a 12-digit AWS account id/);
    expect(() => configFrom({ domainName: 'write.example.com' })).toThrow(/set together/);
  });
});

describe("the table's listing index across an upgrade", () => {
  const indexNamesOf = (context: Record<string, unknown>) => {
    const app = new App({ context });
    const stack = new DataStack(app, 'Data', { config: readStageConfig(app.node, {}) });
    const [table] = Object.values(Template.fromStack(stack).findResources('AWS::DynamoDB::Table'));
    return (table!.Properties.GlobalSecondaryIndexes as { IndexName: string }[]).map(
      (index) => index.IndexName,
    );
  };

  it('declares only the current index, so a stage that had the retired one loses it on the second deploy', () => {
    expect(indexNamesOf({})).toEqual(['chapters-by-owner-2']);
  });

  it('keeps the retired index beside the new one when asked, so the first deploy adds one index and deletes none', () => {
    expect(indexNamesOf({ keepRetiredIndexes: 'true' })).toEqual([
      'chapters-by-owner-2',
      'chapters-by-owner',
    ]);
  });
});

describe('route table validation', () => {
  const build =
    (routes: RouteDefinition[], workers: WorkerDefinition[] = []) =>
    () =>
      addLoreweaverStacks(new App(), {
        config: configFrom({}),
        routes,
        workers,
        handlersDirectory: `${fixturesDirectory}handlers`,
        projectRoot,
        siteDirectory: `${fixturesDirectory}no-such-build`,
      });
  const route: RouteDefinition = { method: 'GET', path: '/api/thing', handler: 'http-noop', access: {} };
  const worker: WorkerDefinition = {
    queue: 'export',
    handler: 'sqs-noop',
    access: {},
    batchSize: 1,
    maxReceiveCount: 3,
    timeoutSeconds: 30,
  };

  it('refuses a route CloudFront would not forward to the API', () => {
    expect(build([{ ...route, path: '/thing' }])).toThrow(
      /CloudFront forwards only \/api, \/auth, \/billing/,
    );
  });

  it('refuses a route declared twice', () => {
    expect(build([route, { ...route }])).toThrow(/declared twice/);
  });

  it('refuses a handler with no module', () => {
    expect(build([{ ...route, handler: 'http/missing' }])).toThrow(/has no module at .*http\/missing\.ts/);
  });

  it('refuses two workers on one queue and batches SQS cannot deliver at once', () => {
    expect(build([], [worker, { ...worker }])).toThrow(/more than one worker/);
    expect(build([], [{ ...worker, batchSize: 25 }])).toThrow(/batchSize must be an integer from 1 to 10/);
  });
});

describe('the single-page-app fallback', () => {
  const rewrite = (uri: string): string =>
    runInNewContext(`${SPA_FALLBACK}; handler({ request: { uri: ${JSON.stringify(uri)} } }).uri`) as string;

  it.each([
    ['/', '/index.html'],
    ['/stories/42', '/index.html'],
    ['/stories/42/edit', '/index.html'],
    ['/assets/index-a1b2c3.js', '/assets/index-a1b2c3.js'],
    ['/favicon.ico', '/favicon.ico'],
  ])('serves %s as %s', (uri, served) => {
    expect(rewrite(uri)).toBe(served);
  });
});

describe('the site upload', () => {
  it('deploys nothing and warns when the web app has not been built', () => {
    const stack = new Stack(new App({ builtinCloudFormationValidation: false }), 'Site');

    new SiteDeployment(stack, 'Files', {
      directory: `${fixturesDirectory}no-such-build`,
      bucket: new Bucket(stack, 'Bucket'),
      logRetention: RetentionDays.ONE_WEEK,
    });

    Template.fromStack(stack).resourceCountIs('Custom::CDKBucketDeployment', 0);
    Annotations.fromStack(stack).hasWarning('/Site/Files', Match.stringLikeRegexp('npm run build:web'));
  });
});

describe('the security headers', () => {
  const UPLOADS_ORIGIN = 'https://uploads.s3.eu-west-1.amazonaws.com';

  it('sends through CloudFront exactly the headers the embedded runtime is built from', () => {
    const stack = new Stack(new App({ builtinCloudFormationValidation: false }), 'Edge');
    new SiteDistribution(stack, 'Site', {
      siteBucket: new Bucket(stack, 'SiteBucket'),
      imagesBucket: new Bucket(stack, 'ImagesBucket'),
      logsBucket: new Bucket(stack, 'LogsBucket'),
      apiDomainName: 'api.example.com',
      apiPathPrefixes: ['/api'],
      uploadsOrigin: UPLOADS_ORIGIN,
    });
    const policies = Template.fromStack(stack).findResources('AWS::CloudFront::ResponseHeadersPolicy');
    const config = Object.values(policies)[0]!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;

    const maxAge = config.StrictTransportSecurity.AccessControlMaxAgeSec as number;
    expect({
      'content-security-policy': config.ContentSecurityPolicy.ContentSecurityPolicy,
      'strict-transport-security': `max-age=${maxAge}; includeSubDomains`,
      'x-content-type-options': 'nosniff',
      'x-frame-options': config.FrameOptions.FrameOption,
      'referrer-policy': config.ReferrerPolicy.ReferrerPolicy,
    }).toEqual(securityHeaders('https', UPLOADS_ORIGIN));
    expect(config.StrictTransportSecurity.IncludeSubdomains).toBe(true);
    expect(config.ContentTypeOptions).toEqual({ Override: true });
  });

  it("lets pages connect to their own origin, Stripe's API and the uploads bucket only", () => {
    const policy = securityHeaders('https', UPLOADS_ORIGIN)['content-security-policy']!;

    expect(policy.split('; ')).toContain(`connect-src 'self' https://api.stripe.com ${UPLOADS_ORIGIN}`);
  });

  it.each(['us-east-1', 'eu-west-1'])(
    'allows the very origin the S3 adapter signs upload links for (%s)',
    async (region) => {
      const stage = configFrom({ region });
      const blobs = createS3BlobStore(
        parseConfig({
          TABLE_NAME: 'table',
          APP_ORIGIN: 'https://write.example.com',
          OIDC_ISSUER: 'https://issuer.example.com',
          OIDC_CLIENT_ID: 'client',
          AWS_REGION: region,
          UPLOADS_BUCKET: bucketName(stage, 'uploads'),
        }),
        undefined,
        new S3Client({
          region,
          requestChecksumCalculation: 'WHEN_REQUIRED',
          credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
        }),
      );

      const link = await blobs.signedUploadUrl('uploads', 'manuscripts/author/upload', 100, 900);

      expect(new URL(link).origin).toBe(bucketOrigin(stage, 'uploads'));
    },
  );

  it('leaves out over plain HTTP only what needs HTTPS', () => {
    const overHttps = securityHeaders('https');
    const overHttp = securityHeaders('http');

    expect(overHttp['strict-transport-security']).toBeUndefined();
    expect(`${overHttp['content-security-policy']}; upgrade-insecure-requests`).toBe(
      overHttps['content-security-policy'],
    );
    expect({ ...overHttp, 'content-security-policy': undefined }).toEqual({
      ...overHttps,
      'content-security-policy': undefined,
      'strict-transport-security': undefined,
    });
  });
});

describe('temporary folders', () => {
  it("synthesizes an app without an outdir into the run's own temporary folder, which the run removes", () => {
    const stack = new Stack(new App({ builtinCloudFormationValidation: false }), 'Scratch');
    new Bucket(stack, 'Bucket');

    const assembly = stack.node.root instanceof App ? stack.node.root.synth() : undefined;

    expect(basename(dirname(assembly?.directory ?? ''))).toMatch(new RegExp(`^${RUN_DIRECTORY_PREFIX}`));
    expect(basename(assembly?.directory ?? '')).toMatch(/^cdk\.out/);
  });
});
