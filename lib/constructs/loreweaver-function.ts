import { type Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { tableDefinition } from '../../lambdas/adapters/dynamodb/table-definition';
import type { Config } from '../../lambdas/env';
import type { AccessMode, BucketName, QueueName, RouteAccess } from '../../lambdas/routes';
import { type LambdaBundle, SHARP } from './lambda-bundles';
import { ALARM_PERIOD, NotifyingAlarm } from './notifying-alarm';

/** Variables a Lambda may be given: those `lambdas/env.ts` reads, plus the few the runtime itself reads. */
export type EnvironmentName = keyof Config | 'STRIPE_SECRET_ARN' | 'NODE_OPTIONS';
export type FunctionEnvironment = Partial<Record<EnvironmentName, string>>;

/** The variable that carries each bucket's name; exhaustive, so a new bucket cannot be forgotten here. */
export const bucketEnvironment: Record<BucketName, EnvironmentName> = {
  images: 'IMAGES_BUCKET',
  exports: 'EXPORTS_BUCKET',
  versions: 'VERSIONS_BUCKET',
  uploads: 'UPLOADS_BUCKET',
};

/** The variable that carries each queue's URL; exhaustive, so a new queue cannot be forgotten here. */
export const queueEnvironment: Record<QueueName, EnvironmentName> = {
  chapterCreation: 'CHAPTER_CREATION_QUEUE_URL',
  export: 'EXPORT_QUEUE_URL',
  storyDeletion: 'STORY_DELETION_QUEUE_URL',
  storyImport: 'STORY_IMPORT_QUEUE_URL',
  accountDeletion: 'ACCOUNT_DELETION_QUEUE_URL',
};

/** Node.js 24, the newest LTS Lambda offers (nodejs20.x is past its end of life); see `ESBUILD_TARGET`. */
const RUNTIME = Runtime.NODEJS_24_X;

/** Item-level reads only: the single-table design never scans. */
const TABLE_READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
/** ConditionCheckItem is what a transaction's condition-only step needs. */
const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
];

export interface FunctionResources {
  table: ITable;
  /** Physical bucket names (fixed, see `bucketName` in lib/config.ts). */
  buckets: Record<BucketName, string>;
  queues: Record<QueueName, IQueue>;
  /** The Stripe secret key, for handlers whose access names `billing`. */
  stripeSecret: ISecret;
  /** The Stripe webhook signing secret, likewise: the billing adapter verifies webhooks with it. */
  stripeWebhookSecret: ISecret;
  /** The sample-cover image service, for handlers whose access names `sampleImages`; absent when unset. */
  sampleImageUrl?: string;
}

export interface LoreweaverFunctionProps {
  /** Module path under the handlers' folder, without extension, exporting `handler`. */
  handler: string;
  /** Its bundle, built with every other function's (`buildLambdaBundles`). */
  bundle: LambdaBundle;
  /** What the function may touch: its grants, and the ports built in its bundle. */
  access: RouteAccess;
  resources: FunctionResources;
  description: string;
  timeout: Duration;
  memorySize: number;
  logRetention: RetentionDays;
  /** Variables every function needs whatever it touches. */
  environment: FunctionEnvironment;
  alarmTopic: ITopic;
}

/**
 * One Lambda function of the app, in the manner of Powertools' base function construct: the defaults are
 * fixed here and `bind*` grant access and set the matching environment variable in one call, so a grant
 * without its variable (or a variable without its grant) cannot happen.
 *
 * Defaults: Node.js 24 on arm64 (cheaper per GB-second than x86; see `SHARP` for the exception); its ESM
 * bundle (see lambda-bundles.ts) with source maps enabled at run time; a role of its own that may only write its
 * own log group (no managed policy, no `logs:*` on `*`); a log group with the stage's retention; an alarm
 * on any invocation error.
 */
export class LoreweaverFunction extends Construct {
  readonly function: LambdaFunction;
  readonly role: Role;

  constructor(scope: Construct, id: string, props: LoreweaverFunctionProps) {
    super(scope, id);
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${props.handler}`,
    });
    const logGroup = new LogGroup(this, 'Logs', {
      retention: props.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    logGroup.grantWrite(this.role);

    const usesSharp = props.bundle.needs.sharp;
    this.function = new LambdaFunction(this, 'Function', {
      code: Code.fromAsset(props.bundle.directory),
      handler: 'index.handler',
      runtime: RUNTIME,
      architecture: usesSharp ? Architecture.X86_64 : Architecture.ARM_64,
      memorySize: usesSharp ? Math.max(props.memorySize, SHARP.memorySize) : props.memorySize,
      timeout: props.timeout,
      description: props.description,
      role: this.role,
      logGroup,
      environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
    });
    this.bindAccess(props.access, props.resources);

    new NotifyingAlarm(this, 'ErrorsAlarm', {
      metric: this.function.metricErrors({ period: ALARM_PERIOD, statistic: 'Sum' }),
      description: `${props.handler} failed (uncaught error or timeout).`,
      topic: props.alarmTopic,
    });
  }

  /** Grants every permission and variable that a route or worker's `access` names, and nothing else. */
  private bindAccess(access: RouteAccess, resources: FunctionResources): void {
    if (access.table) this.bindTable(resources.table, access.table);
    for (const [name, mode] of Object.entries(access.buckets ?? {}) as [BucketName, AccessMode][]) {
      this.bindBucket(name, resources.buckets[name], mode);
    }
    for (const name of access.queues ?? []) this.bindQueue(name, resources.queues[name]);
    if (access.billing) {
      this.bindSecret('STRIPE_SECRET_ARN', resources.stripeSecret);
      this.bindSecret('STRIPE_WEBHOOK_SECRET_ARN', resources.stripeWebhookSecret);
    }
    if (access.sampleImages && resources.sampleImageUrl) {
      this.addEnvironment('SAMPLE_IMAGE_URL', resources.sampleImageUrl);
    }
    // `access.identity` needs no AWS permission: sign-in talks to Cognito's public OIDC endpoints, and the
    // OIDC settings are in every function's base environment because lambdas/env.ts requires them.
  }

  bindTable(table: ITable, mode: AccessMode): this {
    this.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: mode === 'readWrite' ? [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS] : TABLE_READ_ACTIONS,
        resources: [table.tableArn, `${table.tableArn}/index/${tableDefinition.chaptersByOwner.indexName}`],
      }),
    );
    this.addEnvironment('TABLE_NAME', table.tableName);
    return this;
  }

  /**
   * Object reads (and writes and deletes for `readWrite`) plus listing, which S3 needs to answer 404 rather
   * than 403 for a missing key and which prefix deletes need.
   */
  bindBucket(name: BucketName, bucketName: string, mode: AccessMode): this {
    const stack = Stack.of(this);
    const bucketArn = stack.formatArn({ service: 's3', region: '', account: '', resource: bucketName });
    const objectsArn = `${bucketArn}/*`;
    this.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucketArn] }),
    );
    this.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions:
          mode === 'readWrite' ? ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'] : ['s3:GetObject'],
        resources: [objectsArn],
      }),
    );
    Validations.of(this).acknowledge({
      // cdk-nag names the finding by the flattened resource: the partition is a pseudo-parameter reference.
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::${bucketName}/*]`,
      reason: `Object actions need object ARNs; the wildcard is confined to the ${name} bucket.`,
    });
    this.addEnvironment(bucketEnvironment[name], bucketName);
    return this;
  }

  bindQueue(name: QueueName, queue: IQueue): this {
    queue.grantSendMessages(this.role);
    this.addEnvironment(queueEnvironment[name], queue.queueUrl);
    return this;
  }

  bindSecret(variable: EnvironmentName, secret: ISecret): this {
    secret.grantRead(this.role);
    this.addEnvironment(variable, secret.secretArn);
    return this;
  }

  private addEnvironment(name: EnvironmentName, value: string): void {
    this.function.addEnvironment(name, value);
  }
}
