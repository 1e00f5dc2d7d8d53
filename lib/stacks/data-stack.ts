import { Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import {
  AttributeType,
  BillingMode,
  type ITable,
  ProjectionType,
  Table,
  TableEncryption,
} from 'aws-cdk-lib/aws-dynamodb';
import { BlockPublicAccess, Bucket, BucketEncryption, type IBucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { tableDefinition } from '../../lambdas/adapters/dynamodb/table-definition';
import { bucketName, type StageConfig } from '../config';
import { PrivateBucket } from '../constructs/private-bucket';

export interface DataStackProps extends StackProps {
  config: StageConfig;
}

/** How long a finished export stays downloadable; its presigned link lives far shorter. */
const EXPORT_EXPIRY = Duration.days(7);

/**
 * What the authors' work lives in and what must survive any redeploy: the single table, the exports and
 * versions buckets and the access-logs bucket every other bucket and the CDN write to. (The images bucket lives with the CDN
 * that serves it; see EdgeStack.) In prod all of it is retained and the table is deletion-protected.
 */
export class DataStack extends Stack {
  readonly table: ITable;
  readonly exportsBucketName: string;
  readonly versionsBucketName: string;
  readonly logsBucket: IBucket;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { config } = props;

    const table = new Table(this, 'Table', {
      partitionKey: { name: tableDefinition.partitionKey, type: AttributeType.STRING },
      sortKey: { name: tableDefinition.sortKey, type: AttributeType.STRING },
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: TableEncryption.AWS_MANAGED,
      deletionProtection: config.retainData,
      removalPolicy: config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const listingIndexes = [
      tableDefinition.chaptersByOwner,
      ...(config.keepRetiredIndexes ? tableDefinition.retiredIndexes : []),
    ];
    for (const index of listingIndexes) {
      table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.INCLUDE,
        nonKeyAttributes: [...index.projectedAttributes],
      });
    }
    this.table = table;

    // CloudFront's standard logs are delivered with ACLs, so this one bucket keeps ACLs enabled.
    const logsBucket = new Bucket(this, 'AccessLogs', {
      bucketName: bucketName(config, 'access-logs'),
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      encryption: BucketEncryption.S3_MANAGED,
      lifecycleRules: [{ expiration: Duration.days(config.accessLogRetentionDays) }],
      removalPolicy: config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !config.retainData,
    });
    Validations.of(logsBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-logs bucket; logging its own access would log the log deliveries.',
    });
    this.logsBucket = logsBucket;

    this.exportsBucketName = bucketName(config, 'exports');
    new PrivateBucket(this, 'Exports', {
      bucketName: this.exportsBucketName,
      accessLogs: { bucket: logsBucket, prefix: 's3/exports/' },
      retain: config.retainData,
      lifecycleRules: [{ expiration: EXPORT_EXPIRY, abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    });

    // Chapter versions' bodies: authors' work, so nothing expires them; thinning and deletions remove them.
    this.versionsBucketName = bucketName(config, 'versions');
    new PrivateBucket(this, 'Versions', {
      bucketName: this.versionsBucketName,
      accessLogs: { bucket: logsBucket, prefix: 's3/versions/' },
      retain: config.retainData,
    });
  }
}
