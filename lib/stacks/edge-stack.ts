import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { HttpMethods, type IBucket } from 'aws-cdk-lib/aws-s3';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { API_PATH_PREFIXES } from '../../lambdas/path-prefixes';
import { bucketName, bucketOrigin, siteOrigin, type StageConfig } from '../config';
import { DefaultImagesDeployment } from '../constructs/default-images-deployment';
import { ALARM_PERIOD, NotifyingAlarm } from '../constructs/notifying-alarm';
import { PrivateBucket } from '../constructs/private-bucket';
import { SiteDistribution } from '../constructs/site-distribution';
import { SiteDeployment } from '../constructs/site-deployment';

/**
 * Requests per second the API accepts before answering 429: ample for autosave from a few hundred
 * authors (one request per 5 s each), and a ceiling on what a runaway client or a flood can cost.
 */
const API_THROTTLE = { rateLimit: 100, burstLimit: 200 };

/** An upload is imported within minutes of being sent; anything left (an import never started) goes after a day. */
const UPLOAD_EXPIRY = Duration.days(1);

export interface EdgeStackProps extends StackProps {
  config: StageConfig;
  logsBucket: IBucket;
  alarmTopic: ITopic;
  /** The Vite build to upload (web/dist). */
  siteDirectory: string;
}

/**
 * The public edge: the CloudFront distribution and the origins it serves — the site bucket, the images
 * bucket and the HTTP API (its routes and Lambdas are attached by ApiStack) — and the uploads bucket that
 * pages send manuscripts to, whose CORS names the site's origin.
 *
 * Why these live together: an origin-access-control bucket policy names the distribution while the
 * distribution names the bucket, so the buckets cannot sit in another stack without a cycle; and the
 * Lambdas need the distribution's domain (APP_ORIGIN) while the distribution needs the API's, which is
 * only acyclic if the API itself is created here, before the Lambdas' stack.
 */
export class EdgeStack extends Stack {
  readonly httpApi: HttpApi;
  readonly imagesBucketName: string;
  readonly uploadsBucketName: string;
  /** `https://<site domain>`: where the app, its API and its sign-in callbacks are reached. */
  readonly siteOrigin: string;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `${config.stackPrefix}-api`,
      description: 'Loreweaver API, reached through CloudFront',
      createDefaultStage: false,
    });
    const accessLogs = new LogGroup(this, 'ApiAccessLogs', {
      retention: config.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: API_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            route: '$context.routeKey',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            responseLength: '$context.responseLength',
          }),
        ),
      },
    });
    new NotifyingAlarm(this, 'Api5xxAlarm', {
      metric: this.httpApi.metricServerError({ period: ALARM_PERIOD, statistic: 'Sum' }),
      description: 'The API answered with a 5xx status.',
      topic: props.alarmTopic,
    });

    const siteBucket = new PrivateBucket(this, 'Site', {
      bucketName: bucketName(config, 'site'),
      accessLogs: { bucket: props.logsBucket, prefix: 's3/site/' },
      // The site is rebuilt from source on every deploy; nothing in it needs keeping.
      retain: false,
    });
    this.imagesBucketName = bucketName(config, 'images');
    const imagesBucket = new PrivateBucket(this, 'Images', {
      bucketName: this.imagesBucketName,
      accessLogs: { bucket: props.logsBucket, prefix: 's3/images/' },
      retain: config.retainData,
      // Versions guard against an overwrite or delete by mistake; old ones go after a month.
      versioned: true,
      lifecycleRules: [
        {
          noncurrentVersionExpiration: Duration.days(30),
          expiredObjectDeleteMarker: true,
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
    });

    const { distribution } = new SiteDistribution(this, 'Cdn', {
      siteBucket,
      imagesBucket,
      apiDomainName: `${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`,
      apiPathPrefixes: API_PATH_PREFIXES,
      logsBucket: props.logsBucket,
      customDomain: config.customDomain,
      uploadsOrigin: bucketOrigin(config, 'uploads'),
    });
    new DefaultImagesDeployment(this, 'DefaultImages', { imagesBucket, logRetention: config.logRetention });
    new SiteDeployment(this, 'SiteFiles', {
      directory: props.siteDirectory,
      bucket: siteBucket,
      logRetention: config.logRetention,
    });

    this.siteOrigin = siteOrigin(config, distribution.distributionDomainName);

    // Manuscripts past what API Gateway carries to Lambda, PUT by the browser with a presigned link (issue 14
    // §1) and removed by the import; nothing here is worth keeping, so it is not retained in prod either.
    this.uploadsBucketName = bucketName(config, 'uploads');
    new PrivateBucket(this, 'Uploads', {
      bucketName: this.uploadsBucketName,
      accessLogs: { bucket: props.logsBucket, prefix: 's3/uploads/' },
      retain: false,
      lifecycleRules: [{ expiration: UPLOAD_EXPIRY, abortIncompleteMultipartUploadAfter: UPLOAD_EXPIRY }],
      cors: [
        {
          allowedOrigins: [this.siteOrigin],
          allowedMethods: [HttpMethods.PUT],
          allowedHeaders: ['Content-Type'],
          maxAge: 3000,
        },
      ],
    });
    new CfnOutput(this, 'SiteUrl', { value: this.siteOrigin, description: 'Open this to use Loreweaver' });
    new CfnOutput(this, 'ApiUrl', {
      value: this.httpApi.apiEndpoint,
      description: 'The API behind CloudFront (the app itself calls <SiteUrl>/api)',
    });
    if (config.customDomain) {
      new CfnOutput(this, 'DnsTarget', {
        value: distribution.distributionDomainName,
        description: `Point ${config.customDomain.domainName} here (CNAME, or an alias record in Route 53)`,
      });
    }
  }
}
