import { RemovalPolicy } from 'aws-cdk-lib';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type CorsRule,
  type IBucket,
  type LifecycleRule,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';

export interface PrivateBucketProps {
  /** A fixed physical name, so that grants in other stacks can name the bucket without a cross-stack token. */
  bucketName: string;
  /** Server access logs go to this bucket under `<prefix>`. */
  accessLogs: { bucket: IBucket; prefix: string };
  /** Keep the bucket and its objects when the stack is deleted (prod); otherwise empty and delete it. */
  retain: boolean;
  versioned?: boolean;
  lifecycleRules?: LifecycleRule[];
  /** For a bucket browsers reach directly with presigned links; none by default. */
  cors?: CorsRule[];
}

/**
 * An S3 bucket nobody reaches except through IAM grants or CloudFront origin access control.
 *
 * Defaults: all public access blocked; TLS (1.2 or newer) required by bucket policy; S3-managed encryption
 * (SSE-S3, so presigned URLs and CloudFront OAC work without KMS grants); ACLs disabled (bucket owner
 * enforced); server access logs on; retained in prod, emptied and deleted with the stack elsewhere.
 */
export class PrivateBucket extends Bucket {
  constructor(scope: Construct, id: string, props: PrivateBucketProps) {
    super(scope, id, {
      bucketName: props.bucketName,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogs.bucket,
      serverAccessLogsPrefix: props.accessLogs.prefix,
      versioned: props.versioned ?? false,
      lifecycleRules: props.lifecycleRules,
      cors: props.cors,
      removalPolicy: props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !props.retain,
    });
  }
}
