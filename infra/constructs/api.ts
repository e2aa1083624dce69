import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as logs from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import {
  API_PREFIX,
  lambdaGroups,
  routes,
  type LambdaGroup,
  type LambdaGroupDefinition,
} from '../../functions/routes';
import { AppFunction, type AppResources } from './function';
import type { MediaLayer } from './media-layer';

/**
 * The HTTP API: one route per entry of functions/routes.ts, one Lambda per domain group.
 *
 * WAF cannot be attached to an HTTP API (only to REST APIs, CloudFront, ALB…), so the API is meant to
 * be reached through CloudFront, whose web ACL filters every request. With a domain of its own
 * (`-c apiDomainName=… -c apiCertificateArn=…`, a regional ACM certificate, DNS pointing at the
 * domain's regional name) the default execute-api endpoint is disabled and CloudFront is the only
 * way in. Without one, CloudFront needs the execute-api endpoint as its origin, so it stays on: the
 * JWT authorizer and the stage throttle still apply to it.
 */
export class Api extends Construct {
  readonly httpApi: apigw.HttpApi;
  readonly functions = new Map<LambdaGroup, AppFunction>();

  constructor(
    scope: Construct,
    id: string,
    props: {
      resources: AppResources;
      environment: Record<string, string>;
      userPool: cognito.IUserPool;
      client: cognito.IUserPoolClient;
      domain?: { name: string; certificateArn: string };
      /** The FFmpeg layer, for groups that probe media (`media: true`). */
      media?: MediaLayer;
    },
  ) {
    super(scope, id);
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.ONE_MONTH });
    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      description: 'BookStudio API',
      createDefaultStage: false,
      disableExecuteApiEndpoint: Boolean(props.domain),
    });
    const stage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      accessLogSettings: { destination: new apigw.LogGroupLogDestination(accessLogs) },
      throttle: { rateLimit: 200, burstLimit: 400 },
    });
    if (props.domain) {
      const domainName = new apigw.DomainName(this, 'Domain', {
        domainName: props.domain.name,
        certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn),
      });
      new apigw.ApiMapping(this, 'Mapping', { api: this.httpApi, domainName, stage });
    }

    const authorizer = new HttpUserPoolAuthorizer('CognitoAuthorizer', props.userPool, {
      userPoolClients: [props.client],
      identitySource: ['$request.header.Authorization'],
    });

    // One log group for every group's function: each JSON line names its function.
    const functionLogs = new logs.LogGroup(this, 'FunctionLogs', { retention: logs.RetentionDays.ONE_MONTH });
    const integrations = new Map<LambdaGroup, HttpLambdaIntegration>();
    for (const [group, definition] of Object.entries(lambdaGroups) as [
      LambdaGroup,
      (typeof lambdaGroups)[LambdaGroup],
    ][]) {
      const name = `${group[0]!.toUpperCase()}${group.slice(1)}Function`;
      const settings = definition as LambdaGroupDefinition;
      const media = settings.media === true && props.media ? props.media : undefined;
      const fn = new AppFunction(this, name, {
        entry: definition.entry,
        memoryMb: definition.memoryMb,
        timeoutSeconds: definition.timeoutSeconds,
        ephemeralStorageMb: settings.ephemeralStorageMb,
        environment: media ? { ...props.environment, ...media.environment } : props.environment,
        copiedPackages: settings.copiedPackages,
        ...(media ? { layers: [media.layer], architecture: media.architecture } : {}),
        logGroup: functionLogs,
      });
      fn.grantAccess(definition.access, props.resources);
      this.functions.set(group, fn);
      // One invoke permission per function for this API (not one per route): the stack stays under
      // CloudFormation's 500 resources, and API Gateway only invokes a function for its own routes.
      integrations.set(
        group,
        new HttpLambdaIntegration(`${name}Integration`, fn, { scopePermissionToRoute: false }),
      );
    }

    for (const route of routes) {
      const created = this.httpApi.addRoutes({
        path: `${API_PREFIX}${route.path}`,
        methods: [apigw.HttpMethod[route.method]],
        integration: integrations.get(route.group)!,
        authorizer: route.auth === 'public' ? undefined : authorizer,
      });
      if (route.auth === 'public') {
        NagSuppressions.addResourceSuppressions(created, [
          {
            id: 'AwsSolutions-APIG4',
            reason: `${route.method} ${route.path} is public by design (sign-up, sign-in, password reset and health).`,
          },
        ]);
      }
    }
  }
}
