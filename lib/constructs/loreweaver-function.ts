import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { type BundlingOptions, LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { buildSync } from 'esbuild';
import { tableDefinition } from '../../lambdas/adapters/dynamodb/table-definition';
import { COVER_FALLBACK_FONTS } from '../../lambdas/domain/images/cover-fonts';
import type { Config } from '../../lambdas/env';
import { grantDefinitions } from '../../lambdas/port-grants';
import type { AccessMode, BucketName, QueueName, RouteAccess } from '../../lambdas/routes';
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

/**
 * Node.js 24, the newest LTS Lambda offers (nodejs20.x is past its end of life). The code also runs on Node 20
 * and 22 (package.json engines), which the embedded runtime and the tests may use; the bundle targets this
 * runtime only. One line (and ESBUILD_TARGET) to move every function.
 */
const RUNTIME = Runtime.NODEJS_24_X;
const ESBUILD_TARGET = 'node24';

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

/**
 * The links of the AWS SDK's default credential chain that never run in Lambda, where a function's credentials
 * are its role's, put in the environment: the chain's first link (`fromEnv`) answers. The SDK loads the
 * others (SSO, profile files, processes, web identity, container and instance metadata, with the STS, SSO and
 * sign-in clients they use) by dynamic import, so leaving them out of the bundle (≈ 130 KB of each) changes
 * nothing that runs; were one ever reached, its import would fail loudly.
 */
const CREDENTIAL_PROVIDERS_NOT_RUN_IN_LAMBDA = [
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-web-identity',
  '@aws-sdk/credential-provider-http',
  '@smithy/credential-provider-imds',
];

/**
 * `bundling` for every function: an ES module for the functions' Node.js version built by the local esbuild (never Docker) from the
 * handler's imports only. The AWS SDK is bundled rather than taken from the runtime so the version that
 * ran in the tests is the version that runs in Lambda. CommonJS dependencies inside an ES module bundle
 * call `require` for Node built-ins, hence the banner.
 */
const BUNDLING: BundlingOptions = {
  format: OutputFormat.ESM,
  forceDockerBundling: false,
  target: ESBUILD_TARGET,
  mainFields: ['module', 'main'],
  logLevel: LogLevel.WARNING,
  minify: true,
  sourceMap: true,
  sourcesContent: false,
  bundleAwsSDK: true,
  externalModules: CREDENTIAL_PROVIDERS_NOT_RUN_IN_LAMBDA,
  banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
};

/**
 * sharp (image re-encoding) loads a native libvips build, which esbuild cannot bundle. Handlers that import
 * it get sharp's own files copied beside their bundle and run on x86_64, because the Linux x64 build is
 * what an npm install on a Linux x64 machine (CI, this dev container) already has; arm64 would need a
 * cross-platform install at every deploy.
 */
const SHARP = {
  module: 'sharp',
  /** What sharp loads at run time besides itself (its package.json dependencies and the Linux x64 build). */
  dependencies: [
    'detect-libc',
    'semver',
    '@img/colour',
    '@img/sharp-linux-x64',
    '@img/sharp-libvips-linux-x64',
  ],
  architecture: Architecture.X86_64,
  memorySize: 1024,
  install: 'npm install --os=linux --cpu=x64 --libc=glibc sharp',
};

/**
 * The packages the handler's own code (not its dependencies) imports: a fast scan with packages left external,
 * made once per handler (synthesis asks several questions of each).
 */
const packagesImportedBy = new Map<string, string[]>();

function packagesImported(entry: string): string[] {
  const known = packagesImportedBy.get(entry);
  if (known) return known;
  const { metafile } = buildSync({
    entryPoints: [entry],
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const imported = Object.values(metafile.inputs).flatMap((input) =>
    input.imports.filter((item) => item.external).map((item) => item.path),
  );
  packagesImportedBy.set(entry, imported);
  return imported;
}

/** Whether the handler's own code imports `module` (or one of its subpaths). */
function handlerImports(entry: string, module: string): boolean {
  return packagesImported(entry).some((path) => path === module || path.startsWith(`${module}/`));
}

export function handlerImportsSharp(entry: string): boolean {
  return handlerImports(entry, SHARP.module);
}

/**
 * PDF export embeds the Tinos faces (`lambdas/domain/export/font-files.ts`), and generated covers draw their
 * Latin, Greek, Cyrillic and Hebrew titles with Tinos Bold through fontkit (`lambdas/domain/images/cover-title.ts`); both open the files by path
 * at run time, so esbuild cannot see them: handlers that import pdfkit or fontkit get the four TTFs copied
 * into `fonts/` beside their bundle, where font-files.ts looks first.
 */
const SERIF_FONTS = {
  importedBy: ['pdfkit', 'fontkit'],
  /** Under node_modules: one folder per face, each holding its `Tinos_<face>.ttf`. */
  packageDirectory: '@expo-google-fonts/tinos',
  files: 'Tinos_*.ttf',
};

function handlerNeedsSerifFonts(entry: string): boolean {
  return SERIF_FONTS.importedBy.some((module) => handlerImports(entry, module));
}

type CopyCommands = (outputDir: string) => string[];

/** The shell commands that copy the serif faces into a bundle's `fonts/` folder; throws when they are missing. */
function serifFontCopies(projectRoot: string): CopyCommands {
  const fontPackage = join(projectRoot, 'node_modules', SERIF_FONTS.packageDirectory);
  if (!existsSync(join(fontPackage, 'package.json'))) {
    throw new Error(
      `PDF export and generated covers need ${SERIF_FONTS.packageDirectory}, which is not installed: run "npm ci"`,
    );
  }
  return (outputDir) => [
    `mkdir -p "${outputDir}/fonts"`,
    `cp "${fontPackage}"/*/${SERIF_FONTS.files} "${outputDir}/fonts/"`,
  ];
}

/**
 * Generated covers draw the titles Tinos cannot with Noto Sans SC, KR, Arabic, Devanagari and Thai Bold
 * (`lambdas/domain/images/cover-fonts.ts`), opened by path like Tinos: handlers that import fontkit (those that
 * draw covers) get those TTFs copied into `fonts/` as well. Only the Bold weight of each: SC's nine weights are
 * 10 MB files each, KR's 6 MB.
 */
const COVER_FONT_IMPORTED_BY = 'fontkit';

function handlerDrawsCovers(entry: string): boolean {
  return handlerImports(entry, COVER_FONT_IMPORTED_BY);
}

/** The shell commands that copy the cover fallback faces into a bundle's `fonts/` folder; throws when one is missing. */
function coverFontCopies(projectRoot: string): CopyCommands {
  const fontFiles = COVER_FALLBACK_FONTS.map((font) => ({
    packageName: font.packageName,
    file: join(projectRoot, 'node_modules', font.packageName, font.fileInPackage),
  }));
  const missing = fontFiles.filter(({ file }) => !existsSync(file)).map(({ packageName }) => packageName);
  if (missing.length > 0) {
    throw new Error(
      `Generated covers need fonts that are not installed (${missing.join(', ')}): run "npm ci"`,
    );
  }
  return (outputDir) => [
    `mkdir -p "${outputDir}/fonts"`,
    ...fontFiles.map(({ file }) => `cp "${file}" "${outputDir}/fonts/"`),
  ];
}

/**
 * What a handler that imports sharp needs beside its bundle: sharp stays external, and sharp with the packages it
 * loads is copied into the bundle's node_modules (a dependency nested under sharp travels with sharp).
 */
function sharpCopies(projectRoot: string, handler: string): CopyCommands {
  const modules = join(projectRoot, 'node_modules');
  const sharpDirectory = join(modules, SHARP.module);
  const isPackage = (directory: string) => existsSync(join(directory, 'package.json'));
  const hoisted = SHARP.dependencies.filter((name) => !isPackage(join(sharpDirectory, 'node_modules', name)));
  const missing = [SHARP.module, ...hoisted].filter((name) => !isPackage(join(modules, name)));
  if (missing.length > 0) {
    throw new Error(
      `Handler "${handler}" uses sharp, whose Lambda build is not installed (${missing.join(', ')}): run "${SHARP.install}"`,
    );
  }
  return (outputDir) => [
    `mkdir -p "${outputDir}/node_modules/@img"`,
    ...[SHARP.module, ...hoisted].map(
      (name) => `cp -R "${join(modules, name)}" "${outputDir}/node_modules/${name}"`,
    ),
  ];
}

/**
 * The common bundling, plus what sharp or the fonts need copied beside the bundle (checked up front). Also
 * what `bench/weight.bench.ts` builds, so the bundles it weighs are the ones deployed.
 */
export interface HandlerNeeds {
  sharp: boolean;
  serifFonts: boolean;
  coverFont: boolean;
}

/** What the handler's own imports need copied beside its bundle. */
export function handlerNeeds(entry: string): HandlerNeeds {
  return {
    sharp: handlerImportsSharp(entry),
    serifFonts: handlerNeedsSerifFonts(entry),
    coverFont: handlerDrawsCovers(entry),
  };
}

/**
 * The bundling of one function: the common options, its access's grant constants (so the adapters of the ports
 * it is not granted stay out of its bundle, see `lambdas/composition.ts`), and what sharp or the fonts need
 * copied beside the bundle.
 */
export function handlerBundling(
  projectRoot: string,
  handler: string,
  needs: HandlerNeeds,
  access: RouteAccess,
): BundlingOptions {
  const copies = [
    ...(needs.sharp ? [sharpCopies(projectRoot, handler)] : []),
    ...(needs.serifFonts ? [serifFontCopies(projectRoot)] : []),
    ...(needs.coverFont ? [coverFontCopies(projectRoot)] : []),
  ];
  const bundling: BundlingOptions = { ...BUNDLING, define: grantDefinitions(access) };
  if (copies.length === 0) return bundling;
  return {
    ...bundling,
    ...(needs.sharp ? { externalModules: [...CREDENTIAL_PROVIDERS_NOT_RUN_IN_LAMBDA, SHARP.module] } : {}),
    commandHooks: {
      beforeBundling: () => [],
      beforeInstall: () => [],
      afterBundling: (_inputDir, outputDir) => copies.flatMap((commands) => commands(outputDir)),
    },
  };
}

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
  /** Module path under `handlersDirectory`, without extension, exporting `handler`. */
  handler: string;
  /** What the function may touch: its grants, and the ports built in its bundle. */
  access: RouteAccess;
  resources: FunctionResources;
  handlersDirectory: string;
  /** Root of the npm project (package.json, package-lock.json). */
  projectRoot: string;
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
 * Defaults: Node.js 20 on arm64 (cheaper per GB-second than x86; see `SHARP` for the exception); an ESM
 * bundle (see `BUNDLING`) with source maps enabled at run time; a role of its own that may only write its
 * own log group (no managed policy, no `logs:*` on `*`); a log group with the stage's retention; an alarm
 * on any invocation error.
 */
export class LoreweaverFunction extends Construct {
  readonly function: NodejsFunction;
  readonly role: Role;

  constructor(scope: Construct, id: string, props: LoreweaverFunctionProps) {
    super(scope, id);
    const entry = join(props.handlersDirectory, `${props.handler}.ts`);
    if (!existsSync(entry)) {
      throw new Error(`Handler "${props.handler}" has no module at ${entry}`);
    }

    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${props.handler}`,
    });
    const logGroup = new LogGroup(this, 'Logs', {
      retention: props.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    logGroup.grantWrite(this.role);

    const needs = handlerNeeds(entry);
    const usesSharp = needs.sharp;
    this.function = new NodejsFunction(this, 'Function', {
      entry,
      handler: 'handler',
      projectRoot: props.projectRoot,
      depsLockFilePath: join(props.projectRoot, 'package-lock.json'),
      runtime: RUNTIME,
      architecture: usesSharp ? SHARP.architecture : Architecture.ARM_64,
      memorySize: usesSharp ? Math.max(props.memorySize, SHARP.memorySize) : props.memorySize,
      timeout: props.timeout,
      description: props.description,
      role: this.role,
      logGroup,
      // SDK v3 reuses connections by itself; the variable this would set only concerns SDK v2.
      awsSdkConnectionReuse: false,
      environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
      bundling: handlerBundling(props.projectRoot, props.handler, needs, props.access),
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
