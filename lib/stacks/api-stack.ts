import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, NestedStack, Stack, type StackProps, Stage, Validations } from 'aws-cdk-lib';
import { HttpMethod, HttpRoute, HttpRouteKey, type IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPoolClient, UserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type {
  BucketName,
  QueueName,
  RouteDefinition,
  ScheduledJobDefinition,
  WorkerDefinition,
} from '../../lambdas/routes';
import type { StageConfig } from '../config';
import {
  type FunctionEnvironment,
  type FunctionResources,
  LoreweaverFunction,
  queueEnvironment,
} from '../constructs/loreweaver-function';
import { buildLambdaBundles } from '../constructs/lambda-bundles';
import { WorkQueue } from '../constructs/work-queue';
import { API_PATH_PREFIXES } from '../../lambdas/path-prefixes';

/** HTTP API integrations give up after 30 s; a handler should answer well within it. */
const ROUTE_TIMEOUT = Duration.seconds(10);
export const ROUTE_MEMORY_MB = 512;
/** Workers render manuscripts (PDF, DOCX) in memory. */
const WORKER_MEMORY_MB = 1024;
/** Visibility timeout of a queue nobody consumes yet. */
const UNCONSUMED_VISIBILITY = Duration.seconds(30);
/** Dead-lettering threshold of a queue nobody consumes yet. */
const UNCONSUMED_MAX_RECEIVE_COUNT = 3;
/** 40 routes make about 320 resources, well under CloudFormation's 500 a stack. */
const ROUTES_PER_NESTED_STACK = 40;

export interface ApiStackProps extends StackProps {
  config: StageConfig;
  routes: readonly RouteDefinition[];
  workers: readonly WorkerDefinition[];
  scheduledJobs: readonly ScheduledJobDefinition[];
  /** Where the modules named by `handler` live (lambdas/). */
  handlersDirectory: string;
  /** The npm project root, for bundling. */
  projectRoot: string;
  table: ITable;
  /** Fixed bucket names (EdgeStack and DataStack create the buckets). */
  buckets: Record<BucketName, string>;
  httpApi: IHttpApi;
  siteOrigin: string;
  userPool: UserPool;
  userPoolClient: IUserPoolClient;
  alarmTopic: ITopic;
}

/**
 * Everything generated from the route table: one Lambda and one API route per route entry, one queue
 * (with its dead-letter queue) per queue name, and one Lambda per worker entry consuming its queue. Each
 * function is granted exactly what its `access` names.
 */
export class ApiStack extends Stack {
  readonly queues: Record<QueueName, WorkQueue>;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config } = props;
    validateRoutes(props.routes);
    validateWorkers(props.workers);

    this.queues = mapQueues((name) => {
      const worker = props.workers.find((candidate) => candidate.queue === name);
      return new WorkQueue(this, pascalCase(name), {
        maxReceiveCount: worker?.maxReceiveCount ?? UNCONSUMED_MAX_RECEIVE_COUNT,
        // AWS's advice: six times the consumer's timeout, so retries of a slow batch do not overlap.
        visibilityTimeout: worker ? Duration.seconds(worker.timeoutSeconds * 6) : UNCONSUMED_VISIBILITY,
        alarmTopic: props.alarmTopic,
      });
    });

    const resources: FunctionResources = {
      table: props.table,
      buckets: props.buckets,
      queues: mapQueues((name): IQueue => this.queues[name].queue),
      stripeSecret: Secret.fromSecretNameV2(this, 'StripeSecretKey', config.secretNames.stripeSecretKey),
      stripeWebhookSecret: Secret.fromSecretNameV2(
        this,
        'StripeWebhookSecret',
        config.secretNames.stripeWebhookSecret,
      ),
      ...(config.sampleImageUrl ? { sampleImageUrl: config.sampleImageUrl } : {}),
    };
    // lambdas/env.ts insists on these in every process, whatever the handler touches; none is a secret.
    const environment: FunctionEnvironment = {
      RUNTIME: 'aws',
      LOG_LEVEL: config.logLevel,
      APP_ORIGIN: props.siteOrigin,
      OIDC_ISSUER: props.userPool.userPoolProviderUrl,
      OIDC_CLIENT_ID: props.userPoolClient.userPoolClientId,
      OIDC_PROVIDER_HINT: 'cognito',
      TABLE_NAME: props.table.tableName,
    };
    // Every function's bundle at once (see lambda-bundles.ts). CDK copies each into the cloud assembly as its
    // function is declared, so the folder they were built in goes once every function is.
    const sources = [...props.routes, ...props.workers, ...props.scheduledJobs];
    const bundlesDirectory = join(Stage.of(this)!.outdir, `${this.stackName}.bundles`);
    const bundles = buildLambdaBundles(props.projectRoot, props.handlersDirectory, sources, bundlesDirectory);
    const bundleOf = (source: (typeof sources)[number]) => bundles[sources.indexOf(source)]!;
    const common = {
      logRetention: config.logRetention,
      environment,
      alarmTopic: props.alarmTopic,
      resources,
    };

    // CloudFormation allows 500 resources a stack and a route brings 8 (function, role, policy, log group, alarm,
    // integration, permission, route): the routes live in nested stacks of ROUTES_PER_NESTED_STACK each.
    const routeStacks: NestedStack[] = [];
    for (const [index, route] of props.routes.entries()) {
      const stackIndex = Math.floor(index / ROUTES_PER_NESTED_STACK);
      routeStacks[stackIndex] ??= new NestedStack(this, `Routes${stackIndex + 1}`, {
        description: `Loreweaver API routes, part ${stackIndex + 1}`,
      });
      const routeScope = routeStacks[stackIndex];
      const key = routeKey(route);
      const id = routeConstructId(route);
      const fn = new LoreweaverFunction(routeScope, id, {
        ...common,
        handler: route.handler,
        bundle: bundleOf(route),
        access: route.access,
        description: `${key} (${route.handler})`,
        timeout: ROUTE_TIMEOUT,
        memorySize: ROUTE_MEMORY_MB,
      });
      const httpRoute = new HttpRoute(routeScope, `${id}Route`, {
        httpApi: props.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${id}Integration`, fn.function),
      });
      for (const rule of ['AwsSolutions-APIG4', 'AwsSolutions-COG4']) {
        Validations.of(httpRoute).acknowledge({
          id: rule,
          reason:
            'Routes authenticate in the handler from an HttpOnly session cookie (and check Origin on writes); sign-in and public routes must stay open.',
        });
      }
    }

    for (const worker of props.workers) {
      const fn = new LoreweaverFunction(this, `${pascalCase(worker.queue)}Worker`, {
        ...common,
        handler: worker.handler,
        bundle: bundleOf(worker),
        access: worker.access,
        description: `${worker.queue} queue worker (${worker.handler})`,
        timeout: Duration.seconds(worker.timeoutSeconds),
        memorySize: WORKER_MEMORY_MB,
      });
      fn.function.addEventSource(
        new SqsEventSource(this.queues[worker.queue].queue, {
          batchSize: worker.batchSize,
          // A failed message is retried alone; the batch's successes are not redone.
          reportBatchItemFailures: true,
        }),
      );
    }

    for (const job of props.scheduledJobs) {
      const fn = new LoreweaverFunction(this, `${pascalCase(job.name)}Job`, {
        ...common,
        handler: job.handler,
        bundle: bundleOf(job),
        access: job.access,
        description: `${job.name} scheduled job (${job.handler})`,
        timeout: Duration.seconds(job.timeoutSeconds),
        memorySize: WORKER_MEMORY_MB,
      });
      new Rule(this, `${pascalCase(job.name)}Schedule`, {
        description: `Runs the ${job.name} job.`,
        schedule: Schedule.expression(job.schedule),
        // A failed run is retried by EventBridge; the errors alarm of the function reports it.
        targets: [new LambdaFunction(fn.function, { retryAttempts: 2 })],
      });
    }
    rmSync(bundlesDirectory, { recursive: true, force: true });
  }
}

export function routeKey(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

function mapQueues<T>(build: (name: QueueName) => T): Record<QueueName, T> {
  const names = Object.keys(queueEnvironment) as QueueName[];
  return Object.fromEntries(names.map((name) => [name, build(name)])) as Record<QueueName, T>;
}

/** `GET /auth/{provider}/callback` → `GetAuthProviderCallback`. */
function routeConstructId(route: RouteDefinition): string {
  return pascalCase(`${route.method.toLowerCase()} ${route.path}`);
}

/** `get /auth/{provider}` → `GetAuthProvider`; `chapterCreation` → `ChapterCreation`. */
function pascalCase(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

function validateRoutes(routes: readonly RouteDefinition[]): void {
  const seen = new Set<string>();
  for (const route of routes) {
    const key = routeKey(route);
    if (!API_PATH_PREFIXES.some((prefix) => route.path.startsWith(`${prefix}/`))) {
      throw new Error(`Route ${key}: CloudFront forwards only ${API_PATH_PREFIXES.join(', ')} to the API`);
    }
    // Paths differing only in punctuation would share construct ids.
    const id = routeConstructId(route);
    if (seen.has(id)) throw new Error(`Route ${key} is declared twice (or clashes with another by name)`);
    seen.add(id);
  }
}

function validateWorkers(workers: readonly WorkerDefinition[]): void {
  const seen = new Set<QueueName>();
  for (const worker of workers) {
    if (seen.has(worker.queue)) throw new Error(`The ${worker.queue} queue has more than one worker`);
    seen.add(worker.queue);
    // Above 10, SQS event sources need a batching window, which would delay chapter creation.
    if (!Number.isInteger(worker.batchSize) || worker.batchSize < 1 || worker.batchSize > 10) {
      throw new Error(`The ${worker.queue} worker's batchSize must be an integer from 1 to 10`);
    }
    // Lambda's limit; the queue's visibility timeout (6×) must also stay within SQS's 12 hours.
    if (
      !Number.isInteger(worker.timeoutSeconds) ||
      worker.timeoutSeconds < 1 ||
      worker.timeoutSeconds > 900
    ) {
      throw new Error(`The ${worker.queue} worker's timeoutSeconds must be an integer from 1 to 900`);
    }
  }
}
