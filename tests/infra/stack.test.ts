import { App, Aspects } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { lambdaGroups, routes } from '../../functions/routes';
import type { TaskWorker } from '../../functions/lib/workflows';
import { workflows } from '../../functions/workflows';

const workers: TaskWorker[] = Object.values(workflows).flatMap((w) => Object.values(w.tasks));
import { generateKeyPairSync } from 'node:crypto';
import { AUTH_RATE_LIMIT_PER_5_MIN } from '../../infra/constructs/edge-waf';
import { applyNagSuppressions } from '../../infra/nag-suppressions';
import { AppStack } from '../../infra/stacks/app-stack';
import { EdgeStack } from '../../infra/stacks/edge-stack';

let template: Template;
let edgeTemplate: Template;
let stack: AppStack;
let edge: EdgeStack;
const publicKeyPem = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
}).publicKey;

beforeAll(() => {
  const app = new App({ context: { 'cli-telemetry': false } });
  // As infra/app.ts: the WAF in us-east-1, the app elsewhere, with an API domain of its own.
  edge = new EdgeStack(app, 'TestEdge', {
    stage: 'test',
    env: { account: '123456789012', region: 'us-east-1' },
    crossRegionReferences: true,
  });
  stack = new AppStack(app, 'TestStack', {
    stage: 'test',
    env: { account: '123456789012', region: 'eu-west-1' },
    crossRegionReferences: true,
    mediaSigningPublicKeyPem: publicKeyPem,
    webAclArn: edge.webAclArn,
    apiDomain: {
      name: 'api.books.example.com',
      certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/00000000-0000-0000-0000-000000000000',
    },
  });
  applyNagSuppressions(stack);
  applyNagSuppressions(edge);
  Aspects.of(app).add(new AwsSolutionsChecks());
  template = Template.fromStack(stack);
  edgeTemplate = Template.fromStack(edge);
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

  it("stays under CloudFormation's 500 resources, with room for more routes and workers", () => {
    // The functions of the API, and each workflow's workers, share a log group.
    const count = Object.keys(template.toJSON().Resources as object).length;
    expect(count).toBeLessThanOrEqual(480);
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

  it('keeps every bucket private, encrypted and TLS-only, with no bucket open to every origin', () => {
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
    // The uploads bucket's CORS names the app's origin (set once the distribution exists); media is same-origin.
    expect(Object.values(buckets).filter((b) => b.Properties.CorsConfiguration)).toHaveLength(0);
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
          Match.objectLike({ PathPattern: '/media/public/*' }),
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
    for (const checked of [stack, edge]) {
      const errors = Annotations.fromStack(checked).findError('*', Match.stringLikeRegexp('AwsSolutions-.*'));
      const warnings = Annotations.fromStack(checked).findWarning(
        '*',
        Match.stringLikeRegexp('AwsSolutions-.*'),
      );
      expect(errors.map((e) => `${e.id}: ${String(e.entry.data).slice(0, 80)}`)).toEqual([]);
      expect(warnings.map((e) => `${e.id}: ${String(e.entry.data).slice(0, 80)}`)).toEqual([]);
    }
  });
});

describe('hardening', () => {
  const distribution = () =>
    Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;

  it('puts a CLOUDFRONT web ACL in us-east-1 with the managed rule groups and a rate limit on the auth routes', () => {
    expect(edge.region).toBe('us-east-1');
    edgeTemplate.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      Rules: Match.arrayWith([
        Match.objectLike({
          Action: { Block: {} },
          Statement: {
            RateBasedStatement: Match.objectLike({
              Limit: AUTH_RATE_LIMIT_PER_5_MIN,
              AggregateKeyType: 'IP',
              ScopeDownStatement: {
                ByteMatchStatement: Match.objectLike({
                  SearchString: '/api/v1/auth/',
                  PositionalConstraint: 'STARTS_WITH',
                  FieldToMatch: { UriPath: {} },
                }),
              },
            }),
          },
        }),
        Match.objectLike({
          Statement: {
            ManagedRuleGroupStatement: Match.objectLike({
              VendorName: 'AWS',
              Name: 'AWSManagedRulesCommonRuleSet',
            }),
          },
        }),
        Match.objectLike({
          Statement: {
            ManagedRuleGroupStatement: Match.objectLike({
              VendorName: 'AWS',
              Name: 'AWSManagedRulesKnownBadInputsRuleSet',
            }),
          },
        }),
      ]),
    });
    // The distribution is associated with it (read across regions).
    expect(JSON.stringify(distribution().WebACLId)).toMatch(/ExportsReader|WebAcl/);
  });

  it('disables the execute-api endpoint: the API is reached through CloudFront and its web ACL', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: true });
    template.hasResourceProperties('AWS::ApiGatewayV2::DomainName', { DomainName: 'api.books.example.com' });
    const api = distribution().Origins.find(
      (o: { DomainName: unknown }) => o.DomainName === 'api.books.example.com',
    );
    expect(api).toBeDefined();
  });

  it('sends a CSP without inline scripts, HSTS, frame, referrer and permissions policies on every behaviour', () => {
    const [policy] = Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    const config = policy!.Properties.ResponseHeadersPolicyConfig;
    const csp: string = config.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy;
    const scripts = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
    expect(scripts.trim()).toBe("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(config.SecurityHeadersConfig).toMatchObject({
      StrictTransportSecurity: { AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
      ContentTypeOptions: { Override: true },
    });
    expect(config.CustomHeadersConfig.Items).toEqual([
      expect.objectContaining({ Header: 'Permissions-Policy', Value: expect.stringContaining('camera=()') }),
    ]);
    const config_ = distribution();
    for (const behaviour of [config_.DefaultCacheBehavior, ...config_.CacheBehaviors])
      expect(behaviour.ResponseHeadersPolicyId, behaviour.PathPattern ?? 'default').toBeDefined();
  });

  it('serves private media only with signed URLs (trusted key group), /media/public/* without', () => {
    template.resourceCountIs('AWS::CloudFront::PublicKey', 1);
    template.resourceCountIs('AWS::CloudFront::KeyGroup', 1);
    const behaviours = distribution().CacheBehaviors as {
      PathPattern: string;
      TrustedKeyGroups?: unknown[];
    }[];
    const patterns = behaviours.map((b) => b.PathPattern);
    expect(patterns.indexOf('/media/public/*')).toBeLessThan(patterns.indexOf('/media/*'));
    expect(behaviours.find((b) => b.PathPattern === '/media/*')!.TrustedKeyGroups).toHaveLength(1);
    expect(behaviours.find((b) => b.PathPattern === '/media/public/*')!.TrustedKeyGroups).toBeUndefined();
    // API functions know the key pair and may read the private key, and nothing more of SSM.
    const apiFunctions = Object.values(template.findResources('AWS::Lambda::Function')).filter(
      (f) =>
        String(f.Properties.Handler ?? '').length &&
        f.Properties.Environment?.Variables?.MEDIA_SIGNING_KEY_PAIR_ID,
    );
    expect(apiFunctions).toHaveLength(Object.keys(lambdaGroups).length);
    const policies = JSON.stringify(template.findResources('AWS::IAM::Policy'));
    expect(policies).toContain('parameter/bookstudio/test/media-signing-key');
  });

  it("limits the uploads bucket's CORS to the app's origin and expires untaken uploads after a day", () => {
    template.hasResourceProperties('Custom::AWS', {
      Update: Match.anyValue(),
    });
    const [cors] = Object.values(template.findResources('Custom::AWS'));
    const update = JSON.stringify(cors!.Properties.Update);
    expect(update).toContain('putBucketCors');
    expect(update).toMatch(
      /AllowedOrigins\\":\[\\"https:\/\/",\{"Fn::GetAtt":\["WebDistribution\w+","DomainName"\]\},"\\"\]/,
    );
    expect(update).not.toMatch(/AllowedOrigins\\":\[\\"\*/);
    template.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ Prefix: 'incoming/', ExpirationInDays: 1, Status: 'Enabled' }),
        ]),
      },
    });
  });

  it('turns on Cognito threat protection (Plus plan) and offers TOTP as an optional second factor', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
    });
  });

  it('reserves (and caps) the concurrency of every job worker, and of no API function', () => {
    const functions = Object.values(template.findResources('AWS::Lambda::Function')).filter(
      (f) => f.Properties.Runtime === 'nodejs22.x',
    );
    const reserved = functions.filter((f) => f.Properties.ReservedConcurrentExecutions === 10);
    expect(reserved).toHaveLength(workers.length);
    for (const fn of reserved)
      expect(fn.Properties.Environment.Variables.MEDIA_SIGNING_KEY_PAIR_ID).toBeUndefined();
  });
});
