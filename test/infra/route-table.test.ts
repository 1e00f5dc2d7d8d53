import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteDefinition, WorkerDefinition } from '../../lambdas/routes';
import { routeKey } from '../../lib/stacks/api-stack';
import {
  allowedActions,
  asArray,
  fixturesDirectory,
  type PolicyStatementJson,
  referencedId,
  synthesize,
  type Synthesized,
  unacknowledgedNagErrors,
} from './synth';
import {
  accessProblems,
  BASE_VARIABLES,
  codeDirectory,
  expectedAccessVariables,
  functionBehindRoute,
  functionConsuming,
} from './wiring';

/**
 * A made-up route table exercising what the real one does not use yet (buckets, queues, billing, a
 * worker), synthesized as the prod stage with a custom domain.
 */
const readImages: RouteDefinition = {
  method: 'GET',
  path: '/api/fixtures/{id}',
  handler: 'http-noop',
  access: { table: 'read', buckets: { images: 'read' } },
};
const exportStory: RouteDefinition = {
  method: 'PUT',
  path: '/api/fixtures/{id}/export',
  handler: 'http-noop',
  access: { table: 'readWrite', buckets: { exports: 'readWrite' }, queues: ['export'] },
};
const subscribe: RouteDefinition = {
  method: 'POST',
  path: '/billing/fixture',
  handler: 'http-noop',
  access: { table: 'readWrite', billing: true },
};
const chapterWorker: WorkerDefinition = {
  queue: 'chapterCreation',
  handler: 'sqs-noop',
  access: { table: 'readWrite' },
  batchSize: 5,
  maxReceiveCount: 4,
  timeoutSeconds: 60,
};
const uploadPortrait: RouteDefinition = {
  method: 'PUT',
  path: '/api/fixtures/{id}/portrait',
  handler: 'http-image',
  access: { table: 'readWrite', buckets: { images: 'readWrite' } },
};
const createWithSampleCover: RouteDefinition = {
  method: 'POST',
  path: '/api/fixtures',
  handler: 'http-noop',
  access: { table: 'readWrite', sampleImages: true },
};
const fixtureRoutes = [readImages, exportStory, subscribe, uploadPortrait, createWithSampleCover];
const SAMPLE_IMAGE_URL = 'https://images.example.com/300';

const PROD_CONTEXT = {
  stage: 'prod',
  account: '123456789012',
  region: 'eu-west-1',
  domainName: 'write.example.com',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555',
  googleClientId: 'google-client',
  amazonClientId: 'amazon-client',
  microsoftClientId: 'microsoft-client',
  sampleImageUrl: SAMPLE_IMAGE_URL,
};

let synthesized: Synthesized;

beforeAll(() => {
  synthesized = synthesize({
    context: PROD_CONTEXT,
    routes: fixtureRoutes,
    workers: [chapterWorker],
    handlersDirectory: `${fixturesDirectory}handlers`,
  });
});

afterAll(() => synthesized?.remove());

const api = () => synthesized.template(synthesized.stacks.api);

describe('grants derived from access', () => {
  it.each(fixtureRoutes.map((route) => [routeKey(route), route] as const))(
    'grants %s exactly what its access names',
    (key, route) => {
      const fn = functionBehindRoute(api(), key);

      expect(fn && accessProblems(fn, route.access)).toEqual([]);
      const variables = Object.keys(fn?.properties.Environment.Variables ?? {}).sort();
      expect(variables).toEqual(
        [...new Set([...BASE_VARIABLES, ...expectedAccessVariables(route.access, SAMPLE_IMAGE_URL)])].sort(),
      );
    },
  );

  it('gives the sample-image service only to routes whose access names it', () => {
    const creator = functionBehindRoute(api(), routeKey(createWithSampleCover));
    const reader = functionBehindRoute(api(), routeKey(readImages));

    expect(creator?.properties.Environment.Variables.SAMPLE_IMAGE_URL).toBe(SAMPLE_IMAGE_URL);
    expect(reader?.properties.Environment.Variables.SAMPLE_IMAGE_URL).toBeUndefined();
  });

  it('confines bucket access to the named bucket', () => {
    const reader = functionBehindRoute(api(), routeKey(readImages));
    const exporter = functionBehindRoute(api(), routeKey(exportStory));
    const s3Resources = (statements: PolicyStatementJson[]) =>
      JSON.stringify(
        statements.filter((statement) => asArray(statement.Action).some((a) => a.startsWith('s3:'))),
      );

    expect(s3Resources(reader?.statements ?? [])).toContain('loreweaver-prod-images-123456789012-eu-west-1');
    expect(s3Resources(reader?.statements ?? [])).not.toContain('-exports-');
    expect(
      allowedActions(reader?.statements ?? [])
        .filter((a) => a.startsWith('s3:'))
        .sort(),
    ).toEqual(['s3:GetObject', 's3:ListBucket']);
    expect(s3Resources(exporter?.statements ?? [])).toContain(
      'loreweaver-prod-exports-123456789012-eu-west-1',
    );
    expect(s3Resources(exporter?.statements ?? [])).not.toContain('-images-');
  });

  it('lets only the queue-sending route send, and only to its queue', () => {
    const exporter = functionBehindRoute(api(), routeKey(exportStory));
    const queues = api().findResources('AWS::SQS::Queue');
    const exportQueueId = Object.keys(queues).find((id) => id.startsWith('ExportQueue'));

    const sendTargets = (exporter?.statements ?? [])
      .filter((statement) => asArray(statement.Action).includes('sqs:SendMessage'))
      .flatMap((statement) => asArray(statement.Resource).map(referencedId));
    expect(sendTargets).toEqual([exportQueueId]);
    expect(exporter?.properties.Environment.Variables.EXPORT_QUEUE_URL).toEqual({ Ref: exportQueueId });
  });

  it('gives billing routes read access to the two Stripe secrets alone, by ARN', () => {
    const billing = functionBehindRoute(api(), routeKey(subscribe));

    const secretStatements = (billing?.statements ?? []).filter((statement) =>
      asArray(statement.Action).some((action) => action.startsWith('secretsmanager:')),
    );
    // CDK merges grants with the same actions into one statement naming both secrets.
    expect([...new Set(secretStatements.flatMap((statement) => asArray(statement.Action)))].sort()).toEqual([
      'secretsmanager:DescribeSecret',
      'secretsmanager:GetSecretValue',
    ]);
    const resources = JSON.stringify(secretStatements.map((statement) => statement.Resource));
    expect(resources.match(/:secret:/g)).toHaveLength(2);
    expect(resources).toContain(':secret:loreweaver/prod/stripe-secret-key-??????');
    expect(resources).toContain(':secret:loreweaver/prod/stripe-webhook-secret-??????');
    const variables = billing?.properties.Environment.Variables;
    expect(JSON.stringify(variables?.STRIPE_SECRET_ARN)).toContain(
      ':secret:loreweaver/prod/stripe-secret-key',
    );
    expect(JSON.stringify(variables?.STRIPE_WEBHOOK_SECRET_ARN)).toContain(
      ':secret:loreweaver/prod/stripe-webhook-secret',
    );
  });
});

describe('native modules', () => {
  it('ships sharp and its Linux x64 build beside the bundle of a handler that imports it, on x86_64', () => {
    const fn = functionBehindRoute(api(), routeKey(uploadPortrait));
    const code = fn ? codeDirectory(synthesized.assembly.directory, fn) : '';

    expect(fn?.properties.Architectures).toEqual(['x86_64']);
    expect(readdirSync(code)).toEqual(expect.arrayContaining(['index.mjs', 'node_modules']));
    for (const name of ['sharp', '@img/sharp-linux-x64', '@img/sharp-libvips-linux-x64', 'detect-libc']) {
      expect(existsSync(join(code, 'node_modules', name, 'package.json')), name).toBe(true);
    }
    expect(readFileSync(join(code, 'index.mjs'), 'utf8')).toMatch(/from\s*"sharp"/);
  });

  it('bundles everything else into one file on arm64', () => {
    const fn = functionBehindRoute(api(), routeKey(readImages));
    const code = fn ? codeDirectory(synthesized.assembly.directory, fn) : '';

    expect(fn?.properties.Architectures).toEqual(['arm64']);
    expect(readdirSync(code).sort()).toEqual(['index.mjs', 'index.mjs.map']);
  });
});

describe('workers', () => {
  it('wires a worker to its queue with partial batch failure reporting', () => {
    const queues = api().findResources('AWS::SQS::Queue');
    const queueId = Object.keys(queues).find((id) => id.startsWith('ChapterCreationQueue')) ?? '';

    api().hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
      BatchSize: 5,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const worker = functionConsuming(api(), queueId);
    expect(worker?.properties).toMatchObject({ Timeout: 60, MemorySize: 1024 });
    expect(worker && accessProblems(worker, chapterWorker.access)).toEqual([]);
  });

  it('sizes the queue from its worker: redrive count and six times its timeout', () => {
    api().hasResourceProperties('AWS::SQS::Queue', {
      VisibilityTimeout: 360,
      RedrivePolicy: Match.objectLike({ maxReceiveCount: 4 }),
    });
  });

  it('still creates a queue (with dead letters) that has no worker yet', () => {
    const queues = Object.keys(api().findResources('AWS::SQS::Queue'));

    expect(queues.filter((id) => id.startsWith('ExportQueue'))).toHaveLength(1);
    expect(queues.filter((id) => id.startsWith('ExportDeadLetters'))).toHaveLength(1);
  });
});

describe('the prod stage', () => {
  it('retains and protects the data', () => {
    const data = synthesized.template(synthesized.stacks.data);
    data.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
    });
    data.hasResource('AWS::S3::Bucket', { DeletionPolicy: 'Retain' });
    synthesized.template(synthesized.stacks.edge).hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ VersioningConfiguration: { Status: 'Enabled' } }),
    });
    synthesized.template(synthesized.stacks.auth).hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtection: 'ACTIVE' }),
    });
    for (const stack of [synthesized.stacks.data, synthesized.stacks.edge, synthesized.stacks.auth]) {
      expect(stack.terminationProtection).toBe(true);
    }
  });

  it('serves the custom domain with TLS 1.2 and uses it as the app origin', () => {
    synthesized.template(synthesized.stacks.edge).hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['write.example.com'],
        ViewerCertificate: Match.objectLike({ MinimumProtocolVersion: 'TLSv1.2_2021' }),
      }),
    });
    const fn = functionBehindRoute(api(), routeKey(readImages));
    expect(fn?.properties.Environment.Variables.APP_ORIGIN).toBe('https://write.example.com');
    synthesized.template(synthesized.stacks.auth).hasResourceProperties('AWS::Cognito::UserPoolClient', {
      CallbackURLs: Match.arrayWith(['https://write.example.com/auth/google/callback']),
    });
  });

  it('deploys to the configured account and region', () => {
    for (const stack of Object.values(synthesized.stacks)) {
      expect([stack.account, stack.region]).toEqual(['123456789012', 'eu-west-1']);
    }
  });

  it('uploads the built site, hashed assets first', () => {
    const edge = synthesized.template(synthesized.stacks.edge);
    const deployments = Object.entries(edge.findResources('Custom::CDKBucketDeployment'))
      .filter(([logicalId]) => logicalId.startsWith('SiteFiles'))
      .map(([, deployment]) => deployment);

    expect(deployments).toHaveLength(2);
    const pages = deployments.find((deployment) => deployment.Properties.Prune === true);
    expect(pages?.DependsOn).toEqual(
      expect.arrayContaining([expect.stringMatching(/^SiteFilesHashedAssetsCustomResource/)]),
    );
  });

  it('publishes the default images into the images bucket under images/defaults/, pruning nothing', () => {
    const edge = synthesized.template(synthesized.stacks.edge);
    const deployments = Object.entries(edge.findResources('Custom::CDKBucketDeployment'))
      .filter(([logicalId]) => logicalId.startsWith('DefaultImages'))
      .map(([, deployment]) => deployment);

    expect(deployments).toHaveLength(1);
    expect(deployments[0]!.Properties).toMatchObject({
      DestinationBucketKeyPrefix: 'images/defaults/',
      Prune: false,
    });
    expect(JSON.stringify(deployments[0]!.Properties.DestinationBucketName)).toContain('Images');
  });

  it('leaves no AWS Solutions (cdk-nag) error unacknowledged', () => {
    expect(unacknowledgedNagErrors(synthesized.app)).toEqual([]);
  });
});
