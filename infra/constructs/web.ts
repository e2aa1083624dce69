import { Annotations, Fn, RemovalPolicy } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from './function';

/**
 * The SPA on S3 behind CloudFront. `/api/*` is forwarded to the HTTP API and `/media/*` served from
 * the media bucket, so the app, its API and its media share one origin (no CORS, same paths as the
 * local runtime). Client-side routes are rewritten
 * to index.html by a CloudFront Function, not by error pages, so API 404s stay API 404s.
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
      appUrlParameterName: string;
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

    const apiDomain = Fn.select(2, Fn.split('/', props.httpApi.apiEndpoint));
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'BookStudio web app and API',
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
        functionAssociations: [
          { function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
      },
      additionalBehaviors: {
        // Covers, narration and videos: unguessable keys under media/, with range requests for players.
        '/media/*': {
          origin: origins.S3BucketOrigin.withOriginAccessControl(props.mediaBucket),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
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
        },
      },
    });

    this.appUrl = `https://${this.distribution.distributionDomainName}`;
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
