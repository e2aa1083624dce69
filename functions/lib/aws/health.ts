import { DescribeUserPoolCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { DescribeStateMachineCommand } from '@aws-sdk/client-sfn';
import { config } from '../config';
import { aws } from './clients';

/** One cheap read-only call per dependency, for the health check. */
export const dependencyChecks: Record<string, () => Promise<unknown>> = {
  dynamodb: () => aws.ddb.send(new DescribeTableCommand({ TableName: config.tableName })),
  s3: () =>
    Promise.all([
      aws.s3.send(new HeadBucketCommand({ Bucket: config.mediaBucket })),
      aws.s3.send(new HeadBucketCommand({ Bucket: config.uploadsBucket })),
    ]),
  cognito: () => aws.cognito.send(new DescribeUserPoolCommand({ UserPoolId: config.userPoolId })),
  stepfunctions: () =>
    aws.sfn.send(
      new DescribeStateMachineCommand({ stateMachineArn: config.stateMachineArn('userOnboarding') }),
    ),
};
