import { NagSuppressions } from 'cdk-nag';
import type { Stack } from 'aws-cdk-lib';

/**
 * Every accepted cdk-nag finding, each with its reason. Anything not listed here (or next to the
 * construct it concerns) fails the infrastructure test.
 */
export function applyNagSuppressions(stack: Stack): void {
  NagSuppressions.addStackSuppressions(stack, [
    {
      id: 'AwsSolutions-IAM4',
      reason:
        'Lambda functions use the AWS managed AWSLambdaBasicExecutionRole for CloudWatch Logs, the documented minimum.',
      appliesTo: ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole'],
    },
    {
      id: 'AwsSolutions-IAM5',
      reason:
        'X-Ray (PutTraceSegments, PutTelemetryRecords) and CloudWatch Logs delivery for Step Functions do not support resource-level permissions.',
      appliesTo: ['Resource::*'],
    },
    {
      id: 'AwsSolutions-IAM5',
      reason:
        'Queries on the table need its global secondary indexes; the wildcard covers only indexes of this one table.',
      appliesTo: [{ regex: '/^Resource::<DataTable[A-Za-z0-9]+\\.Arn>\\/index\\/\\*$/' }],
    },
    {
      id: 'AwsSolutions-IAM5',
      reason:
        'Step Functions invokes worker functions by qualified ARN (version or alias suffix) of these functions only.',
      appliesTo: [{ regex: '/^Resource::<Pipelines[A-Za-z0-9]+\\.Arn>:\\*$/' }],
    },
    {
      id: 'AwsSolutions-IAM5',
      reason:
        'Starting a state machine includes reading its own executions (DescribeExecution); the wildcard is limited to that state machine.',
      appliesTo: [{ regex: '/^Resource::arn:<AWS::Partition>:states:.*:execution:.*:\\*$/' }],
    },
    {
      id: 'AwsSolutions-IAM5',
      reason:
        'CDK bucket grants use action families (e.g. s3:GetObject*) limited to the granted bucket and its objects.',
      appliesTo: [
        'Action::s3:Abort*',
        'Action::s3:DeleteObject*',
        'Action::s3:GetBucket*',
        'Action::s3:GetObject*',
        'Action::s3:List*',
      ],
    },
    {
      id: 'AwsSolutions-IAM5',
      reason: 'Object-level grants apply to every object of the one bucket they name.',
      appliesTo: [{ regex: '/^Resource::<[A-Za-z0-9]+Bucket[A-Za-z0-9]+\\.Arn>\\/\\*$/' }],
    },
    {
      id: 'AwsSolutions-IAM5',
      reason: 'The CDK BucketDeployment reads the deployment assets from the CDK bootstrap bucket.',
      appliesTo: [
        {
          regex:
            '/^Resource::arn:<AWS::Partition>:s3:::cdk-[a-z0-9]+-assets-(<AWS::AccountId>|[0-9]{12})-.*\\/\\*$/',
        },
      ],
    },
    {
      id: 'AwsSolutions-IAM5',
      reason:
        'Bedrock (when chosen): a cross-region inference profile routes to its one model in any of its regions, and the status of an asynchronous video invocation is read by an id Bedrock assigns; Polly SynthesizeSpeech has no resource but lexicons. The media bucket prefix is where Nova Reel writes.',
      appliesTo: [
        { regex: '/^Resource::arn:<AWS::Partition>:bedrock:\\*::foundation-model\\/.+$/' },
        { regex: '/^Resource::arn:<AWS::Partition>:bedrock:.*:async-invoke\\/\\*$/' },
        { regex: '/^Resource::<DataMediaBucket[A-Za-z0-9]+\\.Arn>\\/bedrock-video\\/\\*$/' },
        { regex: '/^Resource::arn:<AWS::Partition>:s3:::[^/]+\\/.*\\*$/' },
      ],
    },
    {
      id: 'AwsSolutions-L1',
      reason:
        'Functions run on Node.js 22, the runtime the product is built and tested for; the CDK deployment helper runtime is managed by CDK.',
    },
    {
      id: 'AwsSolutions-COG1',
      reason:
        'The product specification sets the password rule to a minimum length of 6 characters and no class requirements.',
    },
    {
      id: 'AwsSolutions-COG2',
      reason:
        'MFA is optional (authenticator apps): the product specification requires email verification only, and Cognito threat protection blocks risky sign-ins.',
    },
    {
      id: 'AwsSolutions-COG8',
      reason:
        'Threat protection (Plus plan) is on by default; `-c cognitoPlan=essentials` turns it off as a cost decision per deployment.',
    },
    {
      id: 'AwsSolutions-CFR1',
      reason: 'The product is offered worldwide; no geographic restriction applies.',
    },
    {
      id: 'AwsSolutions-CFR4',
      reason:
        'Without a custom domain the distribution uses the default CloudFront certificate; add a certificate and TLSv1.2_2021 with a custom domain.',
    },
  ]);
}
