import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Node } from 'constructs';
import * as z from 'zod';

/**
 * Stage configuration: the one place the CDK app reads context. A value comes from `-c key=value` first,
 * then from the stage's object in cdk.json (`"loreweaver:prod": { "account": "…" }`), then from the
 * defaults below, which let `cdk synth` run offline with no account at all. Secrets never pass through
 * here: only the Secrets Manager names under which the operator stores them.
 */

export type StageName = 'dev' | 'prod';

/** Context keys an operator may set, flat (`-c googleClientId=…`) or in the stage's cdk.json object. */
const ContextSchema = z.object({
  account: z
    .string()
    .regex(/^\d{12}$/, 'must be a 12-digit AWS account id')
    .optional(),
  region: z
    .string()
    .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region such as eu-west-1')
    .optional(),
  /** A custom site domain (e.g. write.example.com) with an ACM certificate in us-east-1 that covers it. */
  domainName: z.string().min(1).optional(),
  certificateArn: z.string().startsWith('arn:').optional(),
  /** Receives every alarm (SNS email subscription, confirmed by a link AWS mails). */
  alarmEmail: z.email().optional(),
  /** Cognito hosted domain: `<prefix>.auth.<region>.amazoncognito.com`. Globally unique per region. */
  cognitoDomainPrefix: z
    .string()
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'lower-case letters, digits and hyphens only')
    .optional(),
  googleClientId: z.string().min(1).optional(),
  amazonClientId: z.string().min(1).optional(),
  microsoftClientId: z.string().min(1).optional(),
  /** Entra ID tenant whose accounts may sign in (see `PERSONAL_MICROSOFT_ACCOUNTS_TENANT`). */
  microsoftTenantId: z.string().min(1).optional(),
  /** An image service for new stories' sample covers (spec §2); unset, covers are generated from the title. */
  sampleImageUrl: z.url().optional(),
  /** Keeps the table's retired indexes for one deploy while a stage is upgraded (docs/deploying.md). */
  keepRetiredIndexes: z.union([z.boolean(), z.stringbool()]).optional(),
});

type StageContext = z.infer<typeof ContextSchema>;

/**
 * The tenant of personal Microsoft accounts (outlook.com, hotmail.com). Cognito checks that the ID token's
 * issuer equals the configured issuer, so the multi-tenant `common` endpoint (whose discovery document
 * advertises a `{tenantid}` template) cannot be used; a fixed tenant can.
 */
export const PERSONAL_MICROSOFT_ACCOUNTS_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';

/** Stands in for an unset identity-provider client id in dev so synth works before registration. */
const UNSET_CLIENT_ID = 'not-configured';

export interface IdentityProviderSettings {
  googleClientId: string;
  amazonClientId: string;
  microsoftClientId: string;
  microsoftTenantId: string;
}

/** Secrets Manager names; the operator creates these secrets before the first deploy. */
export interface SecretNames {
  googleClientSecret: string;
  amazonClientSecret: string;
  microsoftClientSecret: string;
  stripeSecretKey: string;
  /** The signing secret of the Stripe webhook endpoint (`whsec_…`). */
  stripeWebhookSecret: string;
}

export interface StageConfig {
  stage: StageName;
  env: { account: string; region: string };
  /** Prefix of stack names: `Loreweaver-dev-Data`. */
  stackPrefix: string;
  /** Prefix of physical resource names that must be globally unique (buckets). */
  resourcePrefix: string;
  /** Keep data (table, buckets, user pool) when a stack or resource is deleted, and protect it. */
  retainData: boolean;
  logRetention: RetentionDays;
  /** How long S3 and CloudFront access logs are kept. */
  accessLogRetentionDays: number;
  logLevel: 'debug' | 'info';
  customDomain?: { domainName: string; certificateArn: string };
  alarmEmail?: string;
  sampleImageUrl?: string;
  cognitoDomainPrefix: string;
  identityProviders: IdentityProviderSettings;
  /** Identity-provider client ids still unset (dev only; prod refuses to synthesize without them). */
  unsetClientIds: string[];
  secretNames: SecretNames;
  /** Declare the table's retired indexes too: the first of the two deploys of an index change. */
  keepRetiredIndexes: boolean;
}

const DEFAULT_ACCOUNT = '000000000000';
const DEFAULT_REGION = 'us-east-1';

/** Reads and validates the stage configuration from the app's context; throws with every problem at once. */
export function readStageConfig(node: Node, environment: NodeJS.ProcessEnv = process.env): StageConfig {
  const stage = node.tryGetContext('stage') ?? 'dev';
  if (stage !== 'dev' && stage !== 'prod') {
    throw new Error(`Unknown stage "${String(stage)}": use -c stage=dev or -c stage=prod`);
  }
  const stageObject: unknown = node.tryGetContext(`loreweaver:${stage}`) ?? {};
  const flat = Object.fromEntries(
    Object.keys(ContextSchema.shape).flatMap((key) => {
      const value: unknown = node.tryGetContext(key);
      return value === undefined ? [] : [[key, value]];
    }),
  );
  const parsed = ContextSchema.safeParse({ ...(stageObject as object), ...flat });
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid ${stage} stage context: ${problems}`);
  }
  return buildStageConfig(stage, parsed.data, environment);
}

function buildStageConfig(
  stage: StageName,
  context: StageContext,
  environment: NodeJS.ProcessEnv,
): StageConfig {
  // The CLI sets CDK_DEFAULT_* from the operator's credentials; offline there are none.
  const account = context.account ?? environment.CDK_DEFAULT_ACCOUNT ?? DEFAULT_ACCOUNT;
  const region = context.region ?? environment.CDK_DEFAULT_REGION ?? DEFAULT_REGION;

  if (Boolean(context.domainName) !== Boolean(context.certificateArn)) {
    throw new Error('domainName and certificateArn must be set together');
  }

  const clientIds = {
    googleClientId: context.googleClientId,
    amazonClientId: context.amazonClientId,
    microsoftClientId: context.microsoftClientId,
  };
  const unsetClientIds = Object.entries(clientIds).flatMap(([key, value]) => (value ? [] : [key]));
  if (stage === 'prod' && unsetClientIds.length > 0) {
    // A prod user pool with placeholder client ids deploys fine and then fails every sign-in.
    throw new Error(
      `The prod stage needs ${unsetClientIds.join(', ')} (see the deploy steps in docs/deploying.md)`,
    );
  }

  const prod = stage === 'prod';
  return {
    stage,
    env: { account, region },
    stackPrefix: `Loreweaver-${stage}`,
    resourcePrefix: `loreweaver-${stage}`,
    retainData: prod,
    logRetention: prod ? RetentionDays.THREE_MONTHS : RetentionDays.TWO_WEEKS,
    accessLogRetentionDays: prod ? 365 : 30,
    logLevel: prod ? 'info' : 'debug',
    customDomain:
      context.domainName && context.certificateArn
        ? { domainName: context.domainName, certificateArn: context.certificateArn }
        : undefined,
    alarmEmail: context.alarmEmail,
    sampleImageUrl: context.sampleImageUrl,
    keepRetiredIndexes: context.keepRetiredIndexes ?? false,
    cognitoDomainPrefix: context.cognitoDomainPrefix ?? `loreweaver-${stage}-${account}`,
    identityProviders: {
      googleClientId: clientIds.googleClientId ?? UNSET_CLIENT_ID,
      amazonClientId: clientIds.amazonClientId ?? UNSET_CLIENT_ID,
      microsoftClientId: clientIds.microsoftClientId ?? UNSET_CLIENT_ID,
      microsoftTenantId: context.microsoftTenantId ?? PERSONAL_MICROSOFT_ACCOUNTS_TENANT,
    },
    unsetClientIds,
    secretNames: {
      googleClientSecret: `loreweaver/${stage}/google-client-secret`,
      amazonClientSecret: `loreweaver/${stage}/amazon-client-secret`,
      microsoftClientSecret: `loreweaver/${stage}/microsoft-client-secret`,
      stripeSecretKey: `loreweaver/${stage}/stripe-secret-key`,
      stripeWebhookSecret: `loreweaver/${stage}/stripe-webhook-secret`,
    },
  };
}

/** The site's public origin: the custom domain when configured, else the CloudFront domain. */
export function siteOrigin(config: StageConfig, distributionDomainName: string): string {
  return `https://${config.customDomain?.domainName ?? distributionDomainName}`;
}

export type BucketPurpose = 'images' | 'exports' | 'versions' | 'uploads' | 'site' | 'access-logs';

/**
 * Bucket names are fixed rather than generated so that stacks can grant on a bucket by name without a
 * cross-stack reference, and so that cdk-nag's findings on those grants have predictable ids. The account
 * and region make them globally unique.
 */
export function bucketName(config: StageConfig, purpose: BucketPurpose): string {
  return `${config.resourcePrefix}-${purpose}-${config.env.account}-${config.env.region}`;
}

/**
 * The origin a browser reaches a bucket at with a presigned link (virtual-hosted, regional): what the
 * AWS SDK signs for the buckets' DNS-compatible names, and what the Content-Security-Policy must allow.
 */
export function bucketOrigin(config: StageConfig, purpose: BucketPurpose): string {
  return `https://${bucketName(config, purpose)}.s3.${config.env.region}.amazonaws.com`;
}
