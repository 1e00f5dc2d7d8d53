import { Duration, Validations } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  type HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import {
  contentSecurityPolicy,
  FRAME_OPTION,
  REFERRER_POLICY,
  STRICT_TRANSPORT_SECURITY_MAX_AGE_SECONDS,
} from '../../shared/security-headers';
import { IMAGES_PREFIX } from '../../lambdas/path-prefixes';

/**
 * Headers the API handlers read. Origin and Sec-Fetch-Site feed the cross-site check, Content-Type the body
 * parser (JSON or multipart), Stripe-Signature the billing webhook's signature check. Host is deliberately
 * absent: API Gateway routes on its own host name. (Accept-Encoding, which the compression of large answers
 * reads, is passed on by the API's cache policy: CloudFront takes it from no origin request policy.)
 */
export const API_FORWARDED_HEADERS = ['Origin', 'Sec-Fetch-Site', 'Content-Type', 'Stripe-Signature'];

/**
 * Sends every path without a file extension (a client-side route such as /stories/42) to index.html.
 * This runs on the site behavior only; a distribution-wide error page would also turn the API's 404s
 * into 200s with HTML.
 */
export const SPA_FALLBACK = `function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

export interface SiteDistributionProps {
  siteBucket: IBucket;
  /** Served under /images/* (object keys start with `images/`). */
  imagesBucket: IBucket;
  /** Host name of the HTTP API (`<id>.execute-api.<region>.amazonaws.com`). */
  apiDomainName: string;
  /** Path prefixes CloudFront forwards to the API, such as `/api`. */
  apiPathPrefixes: readonly string[];
  /** Standard (access) logs go here under `cloudfront/`. The bucket must allow ACLs. */
  logsBucket: IBucket;
  customDomain?: { domainName: string; certificateArn: string };
  /** The uploads bucket's origin, which pages may send manuscripts to (the CSP's `connect-src`). */
  uploadsOrigin: string;
}

/**
 * The app's one public entry point: the single-page app from a private bucket, user images from another,
 * and the API paths forwarded uncached to API Gateway, all under one origin so cookies stay first-party
 * and no CORS is needed.
 *
 * Defaults: HTTPS only (HTTP redirects for pages and images, is refused for the API); HTTP/2 and HTTP/3;
 * the cheapest price class (North America and Europe edges); standard logging; security headers on every
 * response (`shared/security-headers.ts`: HSTS two years, the CSP, nosniff, frame DENY, strict-origin-when-cross-origin
 * referrer), the same the embedded runtime sends.
 */
export class SiteDistribution extends Construct {
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: SiteDistributionProps) {
    super(scope, id);

    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Loreweaver security headers',
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(STRICT_TRANSPORT_SECURITY_MAX_AGE_SECONDS),
          includeSubdomains: true,
          override: true,
        },
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy(props.uploadsOrigin),
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption[FRAME_OPTION], override: true },
        // CDK's enum holds the header values themselves; test/infra/guards.test.ts checks the result.
        referrerPolicy: { referrerPolicy: REFERRER_POLICY as HeadersReferrerPolicy, override: true },
      },
    });

    const apiRequests = new OriginRequestPolicy(this, 'ApiRequests', {
      comment: 'Loreweaver API: cookies, query strings and the headers the handlers read',
      cookieBehavior: OriginRequestCookieBehavior.all(),
      queryStringBehavior: OriginRequestQueryStringBehavior.all(),
      headerBehavior: OriginRequestHeaderBehavior.allowList(...API_FORWARDED_HEADERS),
    });

    // A portrait URL gets a new query parameter after each upload, so the query string is part of the key.
    const imageCache = new CachePolicy(this, 'ImageCache', {
      comment: 'Loreweaver images: cached by path and query string',
      defaultTtl: Duration.days(1),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.days(365),
      queryStringBehavior: CacheQueryStringBehavior.all(),
      headerBehavior: CacheHeaderBehavior.none(),
      cookieBehavior: CacheCookieBehavior.none(),
    });

    // CloudFront passes Accept-Encoding on to the API, and compresses what the API left uncompressed, only under a
    // cache policy that may cache; with every TTL 0 it does neither, and a chapter's content crossed a phone's
    // network uncompressed (issue 26 §3). So the longest TTL is a second. Nothing is kept all the same: every
    // answer of the API says `no-store`, and one without a Cache-Control header is kept for the default, 0 s.
    // Should one ever say otherwise, it is kept a second at most, under a key holding every cookie and query
    // parameter, so never for another session.
    const apiCache = new CachePolicy(this, 'ApiCache', {
      comment: 'Loreweaver API: never kept (its answers say no-store), compressed',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(1),
      cookieBehavior: CacheCookieBehavior.all(),
      queryStringBehavior: CacheQueryStringBehavior.all(),
      headerBehavior: CacheHeaderBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    const spaFallback = new CloudFrontFunction(this, 'SpaFallback', {
      code: FunctionCode.fromInline(SPA_FALLBACK),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serves index.html for client-side routes',
    });

    const api: BehaviorOptions = {
      origin: new HttpOrigin(props.apiDomainName, {
        protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
        originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      }),
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: apiCache,
      originRequestPolicy: apiRequests,
      responseHeadersPolicy: securityHeaders,
    };

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Loreweaver',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.logsBucket,
      logFilePrefix: 'cloudfront/',
      ...(props.customDomain
        ? {
            domainNames: [props.customDomain.domainName],
            certificate: Certificate.fromCertificateArn(
              this,
              'Certificate',
              props.customDomain.certificateArn,
            ),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(props.siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        [`${IMAGES_PREFIX}/*`]: {
          origin: S3BucketOrigin.withOriginAccessControl(props.imagesBucket),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: imageCache,
          responseHeadersPolicy: securityHeaders,
        },
        ...Object.fromEntries(props.apiPathPrefixes.map((prefix) => [`${prefix}/*`, api])),
      },
    });

    if (!props.customDomain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'The default *.cloudfront.net certificate cannot pin a minimum TLS version; a custom domain (domainName + certificateArn) gets TLSv1.2_2021.',
      });
    }
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'Authors may write from anywhere; there is no country to exclude.',
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR2',
      reason:
        'No WAF at this size (about $8/month minimum); API Gateway stage throttling and per-session auth limit abuse. Revisit with traffic.',
    });
  }
}
