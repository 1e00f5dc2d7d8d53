import { fileURLToPath } from 'node:url';
import { RemovalPolicy } from 'aws-cdk-lib';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { DEFAULT_IMAGES_PATH } from '../../shared/default-images';
import { acknowledgeUploadHandler } from './site-deployment';

/** `default-images/` of the repository. */
const DEFAULT_IMAGES_DIRECTORY = fileURLToPath(new URL('../../default-images', import.meta.url));

export interface DefaultImagesDeploymentProps {
  imagesBucket: IBucket;
  logRetention: RetentionDays;
}

/**
 * Publishes the default story, series and portrait pictures into the images bucket under `images/defaults/`,
 * so they are served at `/images/defaults/…` like any uploaded image, to any client of the API. Only that
 * prefix is synced: authors' images are never pruned.
 */
export class DefaultImagesDeployment extends Construct {
  constructor(scope: Construct, id: string, props: DefaultImagesDeploymentProps) {
    super(scope, id);
    const deployment = new BucketDeployment(this, 'Files', {
      sources: [Source.asset(DEFAULT_IMAGES_DIRECTORY)],
      destinationBucket: props.imagesBucket,
      destinationKeyPrefix: `${DEFAULT_IMAGES_PATH.slice(1)}/`,
      prune: false,
      cacheControl: [CacheControl.fromString('public, max-age=86400')],
      logGroup: new LogGroup(this, 'Logs', {
        retention: props.logRetention,
        removalPolicy: RemovalPolicy.DESTROY,
      }),
      outputObjectKeys: false,
    });
    acknowledgeUploadHandler(deployment, props.imagesBucket);
  }
}
