import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOK_FONTS } from '../../lambdas/domain/export/book-design';
import { cognitoProviderNames } from '../../lambdas/adapters/oidc/provider-names';
import { type GrantablePort, portGrants } from '../../lambdas/port-grants';
import { routes, scheduledJobs, workers } from '../../lambdas/routes';
import { securityHeaders } from '../../shared/security-headers';
import { bucketName, bucketOrigin } from '../../lib/config';
import { handlerImportsSharp } from '../../lib/constructs/lambda-bundles';
import { queueEnvironment } from '../../lib/constructs/loreweaver-function';
import { routeKey } from '../../lib/stacks/api-stack';
import {
  acknowledgements,
  allowedActions,
  asArray,
  identityPolicyStatements,
  projectRoot,
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
  functionScheduledBy,
} from './wiring';

/**
 * The real app: the route table as it stands, the real handlers, the dev stage with no context at all
 * (what `npx cdk synth` builds on a fresh clone). Checks are computed from the route table, so routes
 * added later are covered without touching this file.
 */
let synthesized: Synthesized;

beforeAll(() => {
  synthesized = synthesize({
    routes,
    workers,
    scheduledJobs,
    handlersDirectory: `${projectRoot}lambdas`,
  });
});

afterAll(() => synthesized?.remove());

describe('the API generated from the route table', () => {
  it.each(routes.map((route) => [routeKey(route), route] as const))(
    'serves %s from a Lambda of its own running its handler',
    (key, route) => {
      const fn = functionBehindRoute(synthesized.template(synthesized.stacks.api), key);

      expect(fn, `no API route ${key}`).toBeDefined();
      expect(fn?.properties).toMatchObject({
        Handler: 'index.handler',
        Runtime: 'nodejs24.x',
        Architectures: [
          handlerImportsSharp(`${projectRoot}lambdas/${route.handler}.ts`) ? 'x86_64' : 'arm64',
        ],
      });
      expect(fn?.properties.Description).toContain(route.handler);
    },
  );

  it('runs every Node.js function of every stack (workers and CDK helpers too) on nodejs24.x', () => {
    const nodeRuntimes = synthesized
      .allTemplates()
      .flatMap((template) => Object.values(template.findResources('AWS::Lambda::Function')))
      .map((fn) => fn.Properties.Runtime as string | undefined)
      .filter((runtime) => runtime?.startsWith('nodejs'));

    expect(nodeRuntimes.length).toBeGreaterThanOrEqual(routes.length + workers.length);
    expect(new Set(nodeRuntimes)).toEqual(new Set(['nodejs24.x']));
  });

  it.each(scheduledJobs.map((job) => [job.name, job] as const))(
    'runs the %s job from an EventBridge schedule, granted what its access names and nothing more',
    (_name, job) => {
      const fn = functionScheduledBy(synthesized.template(synthesized.stacks.api), job.schedule);

      expect(fn?.properties.Description).toContain(job.handler);
      expect(fn?.properties.Timeout).toBe(job.timeoutSeconds);
      expect(fn && accessProblems(fn, job.access)).toEqual([]);
    },
  );

  it('has exactly one function per route, per worker and per scheduled job, and one API route per route', () => {
    const api = synthesized.template(synthesized.stacks.api);

    api.resourceCountIs('AWS::Lambda::Function', routes.length + workers.length + scheduledJobs.length);
    api.resourceCountIs('AWS::ApiGatewayV2::Route', routes.length);
  });

  it.each(routes.map((route) => [routeKey(route), route] as const))(
    'grants %s what its access names and nothing more',
    (key, route) => {
      const fn = functionBehindRoute(synthesized.template(synthesized.stacks.api), key);

      expect(fn && accessProblems(fn, route.access)).toEqual([]);
    },
  );

  it.each(routes.map((route) => [routeKey(route), route] as const))(
    'gives %s only the variables its access needs',
    (key, route) => {
      const fn = functionBehindRoute(synthesized.template(synthesized.stacks.api), key);

      const variables = Object.keys(fn?.properties.Environment.Variables ?? {}).sort();
      expect(variables).toEqual(
        [...new Set([...BASE_VARIABLES, ...expectedAccessVariables(route.access)])].sort(),
      );
    },
  );

  it('gives read-only routes no write action on the table', () => {
    const readOnly = routes.filter((route) => route.access.table === 'read');
    const api = synthesized.template(synthesized.stacks.api);

    for (const route of readOnly) {
      const actions = allowedActions(functionBehindRoute(api, routeKey(route))?.statements ?? []);
      expect(actions.filter((action) => action.startsWith('dynamodb:')).sort()).toEqual([
        'dynamodb:BatchGetItem',
        'dynamodb:GetItem',
        'dynamodb:Query',
      ]);
    }
  });

  it("lets GET /api/stories query the table's chapter listing", () => {
    const api = synthesized.template(synthesized.stacks.api);
    const statements = functionBehindRoute(api, 'GET /api/stories')?.statements ?? [];
    const resources = JSON.stringify(
      statements.filter((statement) => asArray(statement.Action).includes('dynamodb:Query')),
    );

    expect(resources).toContain('/index/chapters-by-owner-2');
  });

  it('logs API access and throttles the stage', () => {
    synthesized.template(synthesized.stacks.edge).hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue() },
      DefaultRouteSettings: { ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() },
    });
  });
});

describe('data', () => {
  it('keeps the single table on demand with point-in-time recovery and TTL', () => {
    synthesized.template(synthesized.stacks.data).hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: 'PK', KeyType: 'HASH' },
        { AttributeName: 'SK', KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
    });
  });

  it('lists chapters under their author with their words and last edit, leaving out the content stamp', () => {
    const [table] = Object.values(
      synthesized.template(synthesized.stacks.data).findResources('AWS::DynamoDB::Table'),
    );
    const [index] = table!.Properties.GlobalSecondaryIndexes;

    expect(index).toMatchObject({
      IndexName: 'chapters-by-owner-2',
      KeySchema: [
        { AttributeName: 'owner_PK', KeyType: 'HASH' },
        { AttributeName: 'owner_SK', KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'INCLUDE' },
    });
    expect(index.Projection.NonKeyAttributes).toEqual(
      expect.arrayContaining(['title', 'status', 'chapter_ids', 'word_count', 'words_counted', 'edited_at']),
    );
    expect(index.Projection.NonKeyAttributes).not.toContain('content_stamp');
  });

  it('blocks public access, requires TLS and encrypts every bucket', () => {
    const buckets = synthesized
      .allTemplates()
      .flatMap((template) => [...Object.values(template.findResources('AWS::S3::Bucket'))]);

    expect(buckets.length).toBeGreaterThanOrEqual(4);
    for (const bucket of buckets) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties.BucketEncryption).toBeDefined();
    }
    for (const template of synthesized.allTemplates()) {
      for (const policy of Object.values(template.findResources('AWS::S3::BucketPolicy'))) {
        expect(policy.Properties.PolicyDocument.Statement).toContainEqual(
          expect.objectContaining({
            Effect: 'Deny',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        );
      }
    }
  });

  it('versions images and expires exports', () => {
    synthesized.template(synthesized.stacks.edge).hasResourceProperties('AWS::S3::Bucket', {
      BucketName: Match.stringLikeRegexp('-images-'),
      VersioningConfiguration: { Status: 'Enabled' },
    });
    synthesized.template(synthesized.stacks.data).hasResourceProperties('AWS::S3::Bucket', {
      BucketName: Match.stringLikeRegexp('-exports-'),
      LifecycleConfiguration: { Rules: Match.arrayWith([Match.objectLike({ ExpirationInDays: 7 })]) },
    });
  });

  it('takes manuscripts from the site only, PUT with presigned links, and expires what is left after a day', () => {
    const edge = synthesized.template(synthesized.stacks.edge);
    const [uploads] = Object.values(
      edge.findResources('AWS::S3::Bucket', {
        Properties: { BucketName: bucketName(synthesized.config, 'uploads') },
      }),
    );

    expect(uploads?.Properties.CorsConfiguration.CorsRules).toEqual([
      {
        AllowedMethods: ['PUT'],
        AllowedOrigins: [expect.objectContaining({ 'Fn::Join': expect.anything() })],
        AllowedHeaders: ['Content-Type'],
        MaxAge: 3000,
      },
    ]);
    expect(JSON.stringify(uploads?.Properties.CorsConfiguration)).toContain('DomainName');
    expect(uploads?.Properties.LifecycleConfiguration.Rules).toEqual([
      expect.objectContaining({
        ExpirationInDays: 1,
        AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
      }),
    ]);
    expect(uploads?.Properties.PublicAccessBlockConfiguration).toMatchObject({ BlockPublicPolicy: true });
  });
});

describe('queues', () => {
  it('gives every queue a dead-letter queue whose depth raises an alarm', () => {
    const api = synthesized.template(synthesized.stacks.api);
    const queues = Object.values(api.findResources('AWS::SQS::Queue'));
    const workQueues = queues.filter((queue) => queue.Properties.RedrivePolicy);
    const alarms = Object.values(api.findResources('AWS::CloudWatch::Alarm'));

    expect(workQueues).toHaveLength(Object.keys(queueEnvironment).length);
    for (const queue of workQueues) {
      const deadLetterId = referencedId(queue.Properties.RedrivePolicy.deadLetterTargetArn);
      expect(deadLetterId && api.findResources('AWS::SQS::Queue')[deadLetterId]).toBeDefined();
      const watching = alarms.filter(
        (alarm) =>
          alarm.Properties.MetricName === 'ApproximateNumberOfMessagesVisible' &&
          referencedId(alarm.Properties.Dimensions[0].Value) === deadLetterId,
      );
      expect(watching).toHaveLength(1);
      expect(watching[0]?.Properties).toMatchObject({
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        AlarmActions: [expect.anything()],
      });
    }
  });
});

describe('redrive', () => {
  it("dead-letters a message after its worker's maxReceiveCount, and workers report failures one by one", () => {
    const api = synthesized.template(synthesized.stacks.api);
    const redrives = Object.values(api.findResources('AWS::SQS::Queue'))
      .map((queue) => queue.Properties.RedrivePolicy?.maxReceiveCount as number | undefined)
      .filter((count) => count !== undefined);
    const mappings = Object.values(api.findResources('AWS::Lambda::EventSourceMapping'));

    expect(redrives.sort()).toEqual(workers.map((worker) => worker.maxReceiveCount).sort());
    expect(mappings).toHaveLength(workers.length);
    for (const mapping of mappings) {
      expect(mapping.Properties.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    }
  });
});

describe('account deletion', () => {
  const queueLogicalId = () =>
    Object.keys(synthesized.template(synthesized.stacks.api).findResources('AWS::SQS::Queue')).find(
      (id) => id.startsWith('AccountDeletionQueue') && !id.includes('DeadLetters'),
    );

  it('purges in a worker of its own queue, for up to 15 minutes, granted what its route-table entry names and never a Scan', () => {
    const api = synthesized.template(synthesized.stacks.api);
    const queueId = queueLogicalId();
    const worker = queueId ? functionConsuming(api, queueId) : undefined;
    const definition = workers.find((candidate) => candidate.queue === 'accountDeletion')!;

    expect(worker?.properties.Description).toContain('workers/account-deletion-worker');
    expect(worker?.properties.Timeout).toBe(900);
    expect(worker && accessProblems(worker, definition.access)).toEqual([]);
    expect(worker && allowedActions(worker.statements)).not.toContain('dynamodb:Scan');
    expect(Object.keys(worker?.properties.Environment.Variables ?? {})).toEqual(
      expect.arrayContaining(['IMAGES_BUCKET', 'EXPORTS_BUCKET', 'VERSIONS_BUCKET']),
    );
  });

  it('is sent to by the delete-account route alone, which is told the queue URL', () => {
    const api = synthesized.template(synthesized.stacks.api);
    const senders = Object.values(api.findResources('AWS::Lambda::Function')).filter(
      (fn) => fn.Properties.Environment?.Variables?.ACCOUNT_DELETION_QUEUE_URL !== undefined,
    );
    const route = functionBehindRoute(api, 'POST /api/user/delete');

    expect(senders.map((fn) => fn.Properties.Description as string)).toEqual([
      expect.stringContaining('http/user/delete-account'),
    ]);
    expect(route && allowedActions(route.statements)).toContain('sqs:SendMessage');
  });
});

/** Each route's key and the folder of its Lambda's bundle. */
const routeBundles = () => {
  const api = synthesized.template(synthesized.stacks.api);
  return routes.flatMap((route) => {
    const fn = functionBehindRoute(api, routeKey(route));
    return fn
      ? [
          {
            route: routeKey(route),
            access: route.access,
            code: codeDirectory(synthesized.assembly.directory, fn),
          },
        ]
      : [];
  });
};

describe('bundles', () => {
  /** The package that only each grantable port's adapter brings (the table's client every function has). */
  const adapterPackages: Partial<Record<GrantablePort, string>> = {
    blobs: '@aws-sdk/client-s3',
    queue: '@aws-sdk/client-sqs',
    identity: 'openid-client',
    billing: 'stripe',
  };

  it('bundles the adapter of a port only with the routes whose access grants it', () => {
    const problems = routeBundles().flatMap(({ route, access, code }) => {
      const map = JSON.parse(readFileSync(join(code, 'index.mjs.map'), 'utf8')) as { sources: string[] };
      const grants = portGrants(access);
      return Object.entries(adapterPackages).flatMap(([port, name]) => {
        const bundled = map.sources.some((source) => source.includes(`node_modules/${name}/`));
        return bundled === grants[port as GrantablePort]
          ? []
          : [`${route}: ${name} ${bundled ? 'bundled without' : 'missing despite'} the ${port} grant`];
      });
    });

    expect(problems).toEqual([]);
  });
});

describe('export', () => {
  const exportWorker = () => {
    const api = synthesized.template(synthesized.stacks.api);
    const queueId = Object.keys(api.findResources('AWS::SQS::Queue')).find((id) =>
      id.startsWith('ExportQueue'),
    );
    return queueId ? functionConsuming(api, queueId) : undefined;
  };

  it('renders in a worker with at least 1 GB, granted what its route-table entry names', () => {
    const worker = exportWorker();
    const definition = workers.find((candidate) => candidate.queue === 'export');

    expect(worker?.properties.MemorySize).toBeGreaterThanOrEqual(1024);
    expect(worker && definition && accessProblems(worker, definition.access)).toEqual([]);
  });

  it("ships the Tinos faces and the print book's in the worker bundle's fonts/ folder, where the PDF renderer looks first", () => {
    const worker = exportWorker();
    const code = worker ? codeDirectory(synthesized.assembly.directory, worker) : '';

    expect(readdirSync(join(code, 'fonts')).sort()).toEqual(
      [
        'Tinos_400Regular.ttf',
        'Tinos_400Regular_Italic.ttf',
        'Tinos_700Bold.ttf',
        'Tinos_700Bold_Italic.ttf',
        ...BOOK_FONTS.map((font) => basename(font.fileInPackage)),
      ].sort(),
    );
  });

  it('copies the fonts into no route bundle but those that draw images (generated covers need Tinos Bold) or books', () => {
    const bundles = routeBundles();
    const withFonts = bundles.filter(({ code }) => existsSync(join(code, 'fonts')));

    expect(withFonts.map(({ route }) => route)).toContain('POST /api/stories');
    expect(
      withFonts
        .filter(({ code }) => !existsSync(join(code, 'node_modules', 'sharp')))
        .map(({ route }) => route),
    ).toEqual(['POST /api/stories/{storyId}/book/preview']);
  });

  it('ships the Bold Noto Sans SC, KR, Arabic, Devanagari and Thai beside the bundles that draw covers, and nowhere else', () => {
    const bundles = routeBundles();
    const worker = exportWorker();
    const notoFiles = (code: string) =>
      existsSync(join(code, 'fonts'))
        ? readdirSync(join(code, 'fonts')).filter((file) => file.startsWith('NotoSans'))
        : [];

    const withNoto = bundles.filter(({ code }) => notoFiles(code).length > 0);

    expect(withNoto.map(({ route }) => route).sort()).toEqual([
      'POST /api/stories',
      'POST /api/stories/import',
      'POST /api/stories/import/uploads/{uploadId}',
      // A rename draws a cover made from the title again.
      'PUT /api/stories/{storyId}/details',
    ]);
    for (const { code } of withNoto) {
      expect(notoFiles(code).sort()).toEqual([
        'NotoSansArabic_700Bold.ttf',
        'NotoSansDevanagari_700Bold.ttf',
        'NotoSansKR_700Bold.ttf',
        'NotoSansSC_700Bold.ttf',
        'NotoSansThai_700Bold.ttf',
      ]);
    }
    expect(worker && notoFiles(codeDirectory(synthesized.assembly.directory, worker))).toEqual([]);
  });
});

describe('auth', () => {
  it('federates Google, Login with Amazon and Microsoft under the names the Lambdas send', () => {
    const auth = synthesized.template(synthesized.stacks.auth);
    const providers = Object.values(auth.findResources('AWS::Cognito::UserPoolIdentityProvider'));

    expect(providers.map((provider) => provider.Properties.ProviderName).sort()).toEqual(
      Object.values(cognitoProviderNames).sort(),
    );
    auth.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderType: 'OIDC',
      ProviderDetails: Match.objectLike({
        oidc_issuer: Match.stringLikeRegexp('^https://login\\.microsoftonline\\.com/[^/]+/v2\\.0$'),
      }),
    });
  });

  it('reads every client secret from Secrets Manager at deploy time', () => {
    const providers = Object.values(
      synthesized.template(synthesized.stacks.auth).findResources('AWS::Cognito::UserPoolIdentityProvider'),
    );

    for (const provider of providers) {
      expect(provider.Properties.ProviderDetails.client_secret).toMatch(
        /^\{\{resolve:secretsmanager:loreweaver\/dev\/[a-z]+-client-secret:SecretString:::\}\}$/,
      );
    }
  });

  it('lets the public app client use only the code flow, back to the site', () => {
    synthesized.template(synthesized.stacks.auth).hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      AllowedOAuthFlows: ['code'],
      AllowedOAuthScopes: ['openid', 'email', 'profile'],
      SupportedIdentityProviders: Object.values(cognitoProviderNames),
      CallbackURLs: ['google', 'amazon', 'microsoftonline'].map((provider) => ({
        'Fn::Join': ['', ['https://', Match.anyValue(), `/auth/${provider}/callback`]],
      })),
    });
  });
});

/** CloudFront's security headers as the template holds them. */
interface SecurityHeadersConfig {
  StrictTransportSecurity: { AccessControlMaxAgeSec: number; IncludeSubdomains: boolean; Override: boolean };
  ContentSecurityPolicy: { ContentSecurityPolicy: string; Override: boolean };
  ContentTypeOptions?: { Override: boolean };
  FrameOptions: { FrameOption: string; Override: boolean };
  ReferrerPolicy: { ReferrerPolicy: string; Override: boolean };
}

describe('the CDN', () => {
  it('forwards the API paths uncached and compressed, with cookies, query strings and the headers the handlers read', () => {
    const edge = synthesized.template(synthesized.stacks.edge);

    edge.hasResourceProperties('AWS::CloudFront::OriginRequestPolicy', {
      OriginRequestPolicyConfig: {
        CookiesConfig: { CookieBehavior: 'all' },
        QueryStringsConfig: { QueryStringBehavior: 'all' },
        HeadersConfig: {
          HeaderBehavior: 'whitelist',
          Headers: Match.arrayWith(['Origin', 'Sec-Fetch-Site', 'Content-Type']),
        },
      },
    });
    const [distribution] = Object.values(edge.findResources('AWS::CloudFront::Distribution'));
    const behaviors = distribution?.Properties.DistributionConfig.CacheBehaviors as Record<string, unknown>[];
    const headers = Object.values(edge.findResources('AWS::CloudFront::OriginRequestPolicy'))[0]?.Properties
      .OriginRequestPolicyConfig.HeadersConfig.Headers as string[];
    expect(headers.map((header) => header.toLowerCase())).not.toContain('host');
    // Uncached (every answer says no-store; a second at most otherwise, keyed by every cookie), yet compressed.
    const apiCachePolicies = Object.entries(edge.findResources('AWS::CloudFront::CachePolicy')).filter(
      ([, policy]) => String(policy.Properties.CachePolicyConfig.Comment).startsWith('Loreweaver API'),
    );
    expect(apiCachePolicies).toHaveLength(1);
    const [apiCacheId, apiCache] = apiCachePolicies[0]!;
    expect(apiCache.Properties.CachePolicyConfig).toMatchObject({
      MinTTL: 0,
      DefaultTTL: 0,
      MaxTTL: 1,
      ParametersInCacheKeyAndForwardedToOrigin: {
        CookiesConfig: { CookieBehavior: 'all' },
        QueryStringsConfig: { QueryStringBehavior: 'all' },
        EnableAcceptEncodingGzip: true,
        EnableAcceptEncodingBrotli: true,
      },
    });
    for (const pattern of ['/api/*', '/auth/*', '/billing/*']) {
      expect(behaviors).toContainEqual(
        expect.objectContaining({
          PathPattern: pattern,
          CachePolicyId: { Ref: apiCacheId },
          ViewerProtocolPolicy: 'https-only',
        }),
      );
    }
    expect(behaviors).toContainEqual(expect.objectContaining({ PathPattern: '/images/*' }));
  });

  it('sends exactly the security headers of shared/security-headers.ts, which the embedded runtime sends too', () => {
    const [policy] = Object.values(
      synthesized.template(synthesized.stacks.edge).findResources('AWS::CloudFront::ResponseHeadersPolicy'),
    ) as { Properties: { ResponseHeadersPolicyConfig: { SecurityHeadersConfig: SecurityHeadersConfig } } }[];
    const config = policy!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    const hsts = config.StrictTransportSecurity;

    const sent = {
      'content-security-policy': config.ContentSecurityPolicy.ContentSecurityPolicy,
      'strict-transport-security': `max-age=${hsts.AccessControlMaxAgeSec}${hsts.IncludeSubdomains ? '; includeSubDomains' : ''}`,
      'x-content-type-options': config.ContentTypeOptions ? 'nosniff' : undefined,
      'x-frame-options': config.FrameOptions.FrameOption,
      'referrer-policy': config.ReferrerPolicy.ReferrerPolicy,
    };

    expect(sent).toEqual(securityHeaders('https', bucketOrigin(synthesized.config, 'uploads')));
    for (const header of Object.values(config)) expect(header).toMatchObject({ Override: true });
  });
});

describe('operations', () => {
  it('alarms on API 5xx and on errors of every function', () => {
    synthesized.template(synthesized.stacks.edge).hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: '5xx',
      Namespace: 'AWS/ApiGateway',
    });
    const api = synthesized.template(synthesized.stacks.api);
    const errorAlarms = Object.values(api.findResources('AWS::CloudWatch::Alarm')).filter(
      (alarm) => alarm.Properties.MetricName === 'Errors',
    );
    expect(errorAlarms).toHaveLength(routes.length + workers.length + scheduledJobs.length);
  });

  it('publishes the site URL, the API URL and the user pool id', () => {
    synthesized.template(synthesized.stacks.edge).hasOutput('SiteUrl', {});
    synthesized.template(synthesized.stacks.edge).hasOutput('ApiUrl', {});
    synthesized.template(synthesized.stacks.auth).hasOutput('UserPoolId', {});
  });
});

describe('security checks', () => {
  it('never allows every action on every resource', () => {
    const statements = synthesized.allTemplates().flatMap(identityPolicyStatements);

    expect(statements.length).toBeGreaterThan(0);
    const everything = statements.filter(
      (statement) =>
        statement.Effect === 'Allow' &&
        asArray(statement.Action).includes('*') &&
        asArray(statement.Resource).includes('*'),
    );
    expect(everything).toEqual([]);
  });

  it('leaves no AWS Solutions (cdk-nag) error unacknowledged', () => {
    expect(unacknowledgedNagErrors(synthesized.app)).toEqual([]);
  });

  it('gives every acknowledged rule a reason', () => {
    const acknowledged = acknowledgements(synthesized.app);

    expect(acknowledged.length).toBeGreaterThan(0);
    for (const { path, id, reason } of acknowledged) {
      expect(typeof reason === 'string' && reason.trim().length >= 20, `${id} at ${path}`).toBe(true);
    }
  });

  it('records the cdk-nag acknowledgements in the templates as an audit trail', () => {
    const recorded = synthesized
      .allTemplates()
      .flatMap((template) =>
        Object.values(
          template.toJSON().Resources as Record<string, { Metadata?: Record<string, unknown> }>,
        ).flatMap(
          (resource) =>
            ((resource.Metadata?.cdk_nag as { rules_to_suppress?: { id: string; reason: string }[] })
              ?.rules_to_suppress ?? []) as { id: string; reason: string }[],
        ),
      );

    expect(recorded.some((rule) => rule.id.startsWith('AwsSolutions-'))).toBe(true);
    expect(recorded.every((rule) => rule.reason.trim().length > 0)).toBe(true);
  });

  it('has stacks that depend on each other in one direction only', () => {
    const { monitoring, data, edge, auth, api } = synthesized.stacks;
    const dependsOn = (stack: { dependencies: { stackName: string }[] }) =>
      stack.dependencies.map((dependency) => dependency.stackName).sort();

    expect(dependsOn(monitoring)).toEqual([]);
    expect(dependsOn(data)).toEqual([]);
    expect(dependsOn(edge)).toEqual([data.stackName, monitoring.stackName].sort());
    expect(dependsOn(auth)).toEqual([edge.stackName]);
    expect(dependsOn(api)).toEqual(
      [auth.stackName, data.stackName, edge.stackName, monitoring.stackName].sort(),
    );
  });
});
