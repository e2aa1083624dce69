import { App, Aspects } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { applyNagSuppressions } from './nag-suppressions';
import { AppStack } from './stacks/app-stack';

/** CDK entry: `npx cdk synth` / `npx cdk deploy`. Stage comes from `-c stage=...` (default prod). */
const app = new App();
const stage = String(app.node.tryGetContext('stage') ?? 'prod');
const stack = new AppStack(app, `BookStudio-${stage}`, {
  stage,
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
applyNagSuppressions(stack);
if (app.node.tryGetContext('nag') !== 'off') Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }));
app.synth();
