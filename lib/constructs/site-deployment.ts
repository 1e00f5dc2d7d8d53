import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  Annotations,
  type CfnElement,
  DefaultStackSynthesizer,
  RemovalPolicy,
  Stack,
  Validations,
} from 'aws-cdk-lib';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';

/** Vite writes content-hashed files here; their names change whenever their content does. */
const HASHED_ASSETS = 'assets/*';

export interface SiteDeploymentProps {
  /** The Vite build (`web/dist`). */
  directory: string;
  bucket: IBucket;
  logRetention: RetentionDays;
}

/**
 * Uploads the built web app to the site bucket in two steps so a browser never sees a page whose scripts
 * are missing: first the content-hashed assets (cached for a year, never pruned, so pages still open in
 * other tabs keep working), then everything else (index.html and friends, revalidated on every request),
 * pruning what the new build no longer has.
 *
 * When the directory has no index.html (the web app was not built), nothing is deployed and synthesis
 * carries a warning: infrastructure can still be synthesized and tested without a web build.
 */
export class SiteDeployment extends Construct {
  constructor(scope: Construct, id: string, props: SiteDeploymentProps) {
    super(scope, id);
    if (!existsSync(join(props.directory, 'index.html'))) {
      Annotations.of(this).addWarningV2(
        'loreweaver:siteNotBuilt',
        `${props.directory} has no index.html: run "npm run build:web" before deploying, or the site bucket keeps its current files.`,
      );
      return;
    }

    // One log group for both: they share the singleton upload function.
    const logGroup = new LogGroup(this, 'Logs', {
      retention: props.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const source = Source.asset(props.directory);
    const assets = new BucketDeployment(this, 'HashedAssets', {
      sources: [source],
      destinationBucket: props.bucket,
      include: [HASHED_ASSETS],
      exclude: ['*'],
      prune: false,
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
      memoryLimit: 512,
      logGroup,
      outputObjectKeys: false,
    });
    const pages = new BucketDeployment(this, 'Pages', {
      sources: [source],
      destinationBucket: props.bucket,
      exclude: [HASHED_ASSETS],
      prune: true,
      cacheControl: [CacheControl.fromString('public, max-age=0, must-revalidate')],
      memoryLimit: 512,
      logGroup,
      outputObjectKeys: false,
    });
    pages.node.addDependency(assets);
    acknowledgeUploadHandler(pages, props.bucket);
  }
}

/**
 * The upload handler is CDK's own (one per stack, shared by every deployment of the stack); its permissions
 * and runtime are CDK's choice. Each finding is acknowledged by its exact id, as cdk-nag v3 requires.
 */
export function acknowledgeUploadHandler(deployment: BucketDeployment, bucket: IBucket): void {
  const handler = deployment.handlerRole.node.scope;
  if (!handler) return;
  const stack = Stack.of(deployment);
  const qualifier = stack.synthesizer.bootstrapQualifier ?? DefaultStackSynthesizer.DEFAULT_QUALIFIER;
  const assetsBucket = `cdk-${qualifier}-assets-${stack.account}-${stack.region}`;
  const siteBucketId = stack.resolve(stack.getLogicalId(bucket.node.defaultChild as CfnElement)) as string;
  const acknowledgements: Record<string, string> = {
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]':
      'CDK attaches the basic execution role (logging only) to its upload handler.',
    'AwsSolutions-IAM5[Action::s3:GetBucket*]':
      'CDK grants its upload handler read access to the asset bucket.',
    'AwsSolutions-IAM5[Action::s3:GetObject*]':
      'CDK grants its upload handler read access to the asset bucket.',
    'AwsSolutions-IAM5[Action::s3:List*]': 'CDK grants its upload handler listing, needed to sync and prune.',
    'AwsSolutions-IAM5[Action::s3:Abort*]': 'CDK grants its upload handler write access to the site bucket.',
    'AwsSolutions-IAM5[Action::s3:DeleteObject*]': 'Pruning deletes files the new build no longer has.',
    [`AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::${assetsBucket}/*]`]:
      'The built site is read from the CDK asset bucket.',
    [`AwsSolutions-IAM5[Resource::<${siteBucketId}.Arn>/*]`]:
      'The handler writes the deployed files into their bucket.',
    'AwsSolutions-L1': "The upload handler's runtime is chosen and maintained by CDK.",
  };
  for (const [id, reason] of Object.entries(acknowledgements))
    Validations.of(handler).acknowledge({ id, reason });
}
