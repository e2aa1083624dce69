import { Annotations, Duration, Fn, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import * as cr from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { bucketCors, securityHeaders } from '../definitions';
import { PROJECT_ROOT } from './function';
import type { MediaSigning } from './media-signing';

/**
 * The SPA on S3 behind CloudFront. `/api/*` is forwarded to the HTTP API and `/media/*` served from
 * the media bucket, so the app, its API and its media share one origin (no CORS, same paths as the
 * local runtime). Client-side routes are rewritten
 * to index.html by a CloudFront Function, not by error pages, so API 404s stay API 404s.
 *
 * Private media (/media/*) is served only through signed URLs (trusted key group); /media/public/*
 * (presenter previews, published catalogue covers) is public on purpose. Every answer carries the
 * security headers of infra/definitions.ts (the local gateway sends the same), and the WAF web ACL
 * of the edge stack filters every request.
 */
export class WebHosting extends Construct {
  readonly distribution: cloudfront.Distribution;
  readonly appUrl: string;

  constructor(
    scope: Construct,
    id: string,
    props: {
      httpApi: apigw.HttpApi;
      logsBucket: s3.IBucket;
      mediaBucket: s3.IBucket;
      uploadsBucket: s3.IBucket;
      appUrlParameterName: string;
      mediaSigning: MediaSigning;
      /** ARN of the CLOUDFRONT-scope WAF web ACL (infra/stacks/edge-stack.ts). */
      webAclArn?: string;
      /** The API's own domain, when it has one (its execute-api endpoint is then disabled). */
      apiDomainName?: string;
    },
  ) {
    super(scope, id);
    const siteBucket = new s3.Bucket(this, 'SiteBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: props.logsBucket,
      serverAccessLogsPrefix: 'site/',
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(
        `function handler(event) {
  var request = event.request;
  if (request.uri.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`,
      ),
    });

    const apiDomain = props.apiDomainName ?? Fn.select(2, Fn.split('/', props.httpApi.apiEndpoint));
    const region = Stack.of(this).region;
    const headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'CSP, HSTS, frame, referrer and permissions policies (the local gateway sends the same)',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          // Browsers upload straight to the uploads bucket with presigned URLs.
          contentSecurityPolicy: securityHeaders.contentSecurityPolicy([
            `https://*.s3.${region}.amazonaws.com`,
          ]),
          override: true,
        },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(securityHeaders.hstsMaxAgeSeconds),
          includeSubdomains: true,
          override: true,
        },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        contentTypeOptions: { override: true },
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
      },
      customHeadersBehavior: {
        customHeaders: [
          { header: 'Permissions-Policy', value: securityHeaders.permissionsPolicy, override: true },
        ],
      },
    });
    const mediaOrigin = origins.S3BucketOrigin.withOriginAccessControl(props.mediaBucket);
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'BookStudio web app and API',
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: props.logsBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(siteBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: headers,
        functionAssociations: [
          { function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
      },
      additionalBehaviors: {
        // Public on purpose: presenter previews and the covers of published catalogue books.
        '/media/public/*': {
          origin: mediaOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: headers,
          compress: false,
        },
        // Covers, narration and videos: signed URLs only, with range requests for players.
        '/media/*': {
          origin: mediaOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: headers,
          trustedKeyGroups: [props.mediaSigning.keyGroup],
          compress: false,
        },
        '/api/*': {
          origin: new origins.HttpOrigin(apiDomain, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers,
        },
      },
    });

    this.appUrl = `https://${this.distribution.distributionDomainName}`;

    // Presigned uploads from the app's origin only. Set after the distribution exists: as a bucket
    // property it would make the bucket, its functions, the API and the distribution a cycle.
    new cr.AwsCustomResource(this, 'UploadsBucketCors', {
      installLatestAwsSdk: false,
      onUpdate: {
        service: 'S3',
        action: 'putBucketCors',
        parameters: {
          Bucket: props.uploadsBucket.bucketName,
          CORSConfiguration: {
            CORSRules: bucketCors.map((rule) => ({
              AllowedMethods: rule.allowedMethods,
              AllowedOrigins: [this.appUrl],
              AllowedHeaders: rule.allowedHeaders,
              ExposeHeaders: rule.exposedHeaders,
              MaxAgeSeconds: rule.maxAgeSeconds,
            })),
          },
        },
        physicalResourceId: cr.PhysicalResourceId.of(`${props.uploadsBucket.bucketName}-cors`),
      },
      policy: cr.AwsCustomResourcePolicy.fromStatements([
        new iam.PolicyStatement({
          actions: ['s3:PutBucketCORS'],
          resources: [props.uploadsBucket.bucketArn],
        }),
      ]),
    });
    new ssm.StringParameter(this, 'AppUrl', {
      parameterName: props.appUrlParameterName,
      stringValue: this.appUrl,
      description: 'Base URL of the web app, used in email links',
    });

    const dist = join(PROJECT_ROOT, 'web/dist');
    if (existsSync(join(dist, 'index.html'))) {
      new s3deploy.BucketDeployment(this, 'DeploySite', {
        sources: [s3deploy.Source.asset(dist)],
        destinationBucket: siteBucket,
        distribution: this.distribution,
        distributionPaths: ['/index.html'],
        memoryLimit: 512,
        prune: true,
        cacheControl: [s3deploy.CacheControl.fromString('public, max-age=300')],
      });
    } else {
      Annotations.of(this).addWarningV2(
        'bookstudio:web-not-built',
        'web/dist is missing: run `npm run build` before deploying the web app.',
      );
    }
  }
}
