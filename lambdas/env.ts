import * as z from 'zod';

/**
 * Configuration, read once from the environment and validated. Nothing else reads `process.env`.
 * The CDK stack sets these for each Lambda; the embedded runtime sets them before mounting handlers.
 */
const ConfigSchema = z.object({
  RUNTIME: z.enum(['aws', 'embedded']).default('aws'),
  AWS_REGION: z.string().min(1).default('us-east-1'),
  TABLE_NAME: z.string().min(1),
  /** Set only for DynamoDB Local. */
  DYNAMODB_ENDPOINT: z.url().optional(),
  IMAGES_BUCKET: z.string().min(1).default('loreweaver-images'),
  EXPORTS_BUCKET: z.string().min(1).default('loreweaver-exports'),
  /** Chapter versions' bodies (issue 14 §2), kept until their chapter is deleted. */
  VERSIONS_BUCKET: z.string().min(1).default('loreweaver-versions'),
  /** Manuscripts sent straight from the browser for an import (issue 14 §1); anything left expires in a day. */
  UPLOADS_BUCKET: z.string().min(1).default('loreweaver-uploads'),
  /** Set only for the local S3-protocol server. */
  S3_ENDPOINT: z.url().optional(),
  /**
   * An image service answering a random picture (e.g. https://picsum.photos/300): a new story without an
   * uploaded image gets its cover from there. Unset, or when the service fails, a cover is generated locally.
   */
  SAMPLE_IMAGE_URL: z.url().optional(),
  /** SQS queue URLs by queue name (AWS runtime only). */
  CHAPTER_CREATION_QUEUE_URL: z.string().optional(),
  EXPORT_QUEUE_URL: z.string().optional(),
  STORY_DELETION_QUEUE_URL: z.string().optional(),
  STORY_IMPORT_QUEUE_URL: z.string().optional(),
  ACCOUNT_DELETION_QUEUE_URL: z.string().optional(),
  /** The public origin of the app, e.g. https://write.example.com. Used for redirects and the origin check. */
  APP_ORIGIN: z.url(),
  OIDC_ISSUER: z.url(),
  OIDC_CLIENT_ID: z.string().min(1),
  /** Confidential clients only; Cognito's app client is public and relies on PKCE. */
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** Cognito names its federated providers; the embedded issuer ignores the hint. */
  OIDC_PROVIDER_HINT: z.enum(['cognito', 'none']).default('cognito'),
  SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60 * 24 * 30),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /**
   * Billing (see `adapters/billing-provider.ts`). In AWS the Stripe secret key and webhook signing secret are
   * read from Secrets Manager (`*_ARN`, set on billing routes only). The embedded runtime uses Stripe when
   * `STRIPE_SECRET_KEY` is set (test mode on one's own machine) and the local provider otherwise.
   */
  STRIPE_SECRET_ARN: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET_ARN: z.string().min(1).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a webhook signing secret (whsec_…)')
    .optional(),
  /** The local provider's billing period: short periods let renewal and expiry be watched locally. */
  LOCAL_BILLING_PERIOD_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60 * 24 * 30),
});

export type Config = z.infer<typeof ConfigSchema>;

let cached: Config | undefined;

export function parseConfig(environment: Record<string, string | undefined>): Config {
  const result = ConfigSchema.safeParse(environment);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return result.data;
}

export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/** The secure-cookie flag follows the scheme of the app's own origin. */
export function cookiesAreSecure(config: Config): boolean {
  return config.APP_ORIGIN.startsWith('https://');
}

/** Settings of the embedded runtime (`npm start`), read once by its entry point. */
const EmbeddedSettingsSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('.data'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('warn'),
  /** The built web app to serve; `web/dist` when unset. */
  WEB_ROOT: z.string().min(1).optional(),
  /** As in AWS: an image service for new stories' sample covers; unset, covers are generated locally. */
  SAMPLE_IMAGE_URL: z.url().optional(),
  /** Set to try real Stripe test mode locally; unset, the local provider (test cards, no network) is used. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_…)')
    .optional(),
  /** The signing secret `stripe listen` prints, for webhooks forwarded to this machine. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a webhook signing secret (whsec_…)')
    .optional(),
  /** The local provider's period length (default 30 days). */
  LOCAL_BILLING_PERIOD_SECONDS: z.coerce.number().int().positive().optional(),
});

export type EmbeddedSettings = z.infer<typeof EmbeddedSettingsSchema>;

export function parseEmbeddedSettings(environment: Record<string, string | undefined>): EmbeddedSettings {
  const result = EmbeddedSettingsSchema.safeParse(environment);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid embedded runtime settings: ${problems}`);
  }
  return result.data;
}
