import { App, Aspects } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { lambdaGroups, routes } from '../../functions/routes';
import type { TaskWorker } from '../../functions/lib/workflows';
import { workflows } from '../../functions/workflows';

const workers: TaskWorker[] = Object.values(workflows).flatMap((w) => Object.values(w.tasks));
import { applyNagSuppressions } from '../../infra/nag-suppressions';
import { AppStack } from '../../infra/stacks/app-stack';

let template: Template;
let stack: AppStack;

beforeAll(() => {
  const app = new App({ context: { 'cli-telemetry': false } });
  stack = new AppStack(app, 'TestStack', {
    stage: 'test',
    env: { account: '123456789012', region: 'eu-west-1' },
  });
  applyNagSuppressions(stack);
  Aspects.of(app).add(new AwsSolutionsChecks());
  template = Template.fromStack(stack);
});

describe('infrastructure', () => {
  it('has a user pool with email sign-in, custom:role, verification and a 6-character password rule', () => {
    template.resourceCountIs('AWS::Cognito::UserPool', 1);
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: 8,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
        }),
      },
      Schema: Match.arrayWith([
        Match.objectLike({ Name: 'role', AttributeDataType: 'String', Mutable: true }),
      ]),
      LambdaConfig: { CustomMessage: Match.anyValue(), PostConfirmation: Match.anyValue() },
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
      GenerateSecret: false,
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admin' });
  });

  it('has the table with point-in-time recovery and its index', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [Match.objectLike({ IndexName: 'gsi1' })],
      Replicas: [
        Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } }),
      ],
    });
  });

  it('keeps every bucket private, encrypted and TLS-only, with CORS for presigned uploads on the data buckets', () => {
    const buckets = template.findResources('AWS::S3::Bucket');
    expect(Object.keys(buckets).length).toBeGreaterThanOrEqual(4);
    for (const bucket of Object.values(buckets)) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties.BucketEncryption).toBeDefined();
    }
    const withCors = Object.values(buckets).filter((b) => b.Properties.CorsConfiguration);
    expect(withCors).toHaveLength(2);
    expect(withCors[0]!.Properties.CorsConfiguration.CorsRules[0].AllowedMethods).toEqual(
      expect.arrayContaining(['PUT', 'GET']),
    );
    const policies = template.findResources('AWS::S3::BucketPolicy');
    const denyInsecure = Object.values(policies).filter((p) =>
      JSON.stringify(p.Properties.PolicyDocument).includes('"aws:SecureTransport":"false"'),
    );
    expect(denyInsecure.length).toBe(Object.keys(buckets).length);
  });

  it('routes every entry of functions/routes.ts through the HTTP API, with the JWT authorizer unless public', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
    });
    const apiRoutes = Object.values(template.findResources('AWS::ApiGatewayV2::Route'));
    expect(apiRoutes).toHaveLength(routes.length);
    for (const route of routes) {
      const found = apiRoutes.find((r) => r.Properties.RouteKey === `${route.method} /api/v1${route.path}`);
      expect(found, `${route.method} ${route.path}`).toBeDefined();
      expect(found!.Properties.AuthorizationType).toBe(route.auth === 'public' ? 'NONE' : 'JWT');
    }
  });

  it('has one Node.js 22 Lambda per domain group and per worker, plus the Cognito triggers', () => {
    const functions = Object.values(template.findResources('AWS::Lambda::Function')).filter(
      (f) => f.Properties.Runtime === 'nodejs22.x',
    );
    expect(functions.length).toBe(Object.keys(lambdaGroups).length + workers.length + 1);
    // Functions with native packages or the FFmpeg layer run on x86_64 (what this machine installs); the rest on Graviton.
    const x86 = [...Object.values(lambdaGroups), ...workers].filter(
      (d) => ('media' in d && d.media) || ('copiedPackages' in d && d.copiedPackages?.length),
    ).length;
    expect(functions.filter((f) => f.Properties.Architectures[0] === 'x86_64')).toHaveLength(x86);
    expect(functions.filter((f) => f.Properties.Architectures[0] === 'arm64')).toHaveLength(
      functions.length - x86,
    );
    for (const fn of functions.filter((f) => f.Properties.Layers))
      expect(fn.Properties.Architectures).toEqual(['x86_64']);
  });

  it('has the FFmpeg layer for the media workers', () => {
    template.hasResourceProperties('AWS::Lambda::LayerVersion', {
      CompatibleArchitectures: ['x86_64'],
      CompatibleRuntimes: ['nodejs22.x'],
    });
  });

  it('has every workflow as a state machine with the worker ARN of each task state substituted', () => {
    const machines = Object.values(template.findResources('AWS::StepFunctions::StateMachine'));
    expect(machines).toHaveLength(Object.keys(workflows).length);
    for (const [name, definition] of Object.entries(workflows)) {
      const machine = machines.find((m) => String(m.Properties.StateMachineName).endsWith(definition.file));
      expect(machine, name).toBeDefined();
      const placeholders = new Set(
        [...String(machine!.Properties.DefinitionString).matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]!),
      );
      expect([...placeholders].sort()).toEqual(Object.keys(definition.tasks).sort());
      for (const placeholder of placeholders) {
        expect(machine!.Properties.DefinitionSubstitutions[placeholder]).toEqual({
          'Fn::GetAtt': [expect.stringMatching(/Function/), 'Arn'],
        });
      }
    }
  });

  it('serves the SPA from CloudFront, forwards /api/* to the API and /media/* to the media bucket', () => {
    template.resourceCountIs('AWS::CloudFront::Distribution', 1);
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        CacheBehaviors: [
          Match.objectLike({ PathPattern: '/media/*' }),
          Match.objectLike({
            PathPattern: '/api/*',
            AllowedMethods: Match.arrayWith(['PUT', 'POST', 'DELETE']),
          }),
        ],
      }),
    });
    template.hasResourceProperties('AWS::SSM::Parameter', { Name: '/bookstudio/test/app-url' });
  });

  it('passes cdk-nag AwsSolutions with no unsuppressed errors or warnings', () => {
    const errors = Annotations.fromStack(stack).findError('*', Match.stringLikeRegexp('AwsSolutions-.*'));
    const warnings = Annotations.fromStack(stack).findWarning('*', Match.stringLikeRegexp('AwsSolutions-.*'));
    expect(errors.map((e) => `${e.id}: ${String(e.entry.data).slice(0, 80)}`)).toEqual([]);
    expect(warnings.map((e) => `${e.id}: ${String(e.entry.data).slice(0, 80)}`)).toEqual([]);
  });
});
