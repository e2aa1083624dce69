import { App, Annotations, Aspects } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from './constructs/function';
import { applyNagSuppressions } from './nag-suppressions';
import { AppStack } from './stacks/app-stack';
import { EdgeStack } from './stacks/edge-stack';

/**
 * CDK entry: `npx cdk synth` / `npx cdk deploy --all`. Stage comes from `-c stage=...` (default
 * prod). Two stacks: the edge stack (the CloudFront WAF web ACL, always in us-east-1) and the app in
 * the account's region, which reads the web ACL through a cross-region reference. Options:
 * `-c apiDomainName=… -c apiCertificateArn=…` (see infra/constructs/api.ts),
 * `-c cognitoPlan=essentials` (no threat protection), `-c workerConcurrency=N` (0 = none reserved).
 * The engine's providers come from the shell's ENGINE_*, BEDROCK_*, POLLY_ENGINE, OPENAI_* and
 * ELEVENLABS_BASE_URL variables (README, Using your own models); their keys from SSM.
 */
const app = new App();
const stage = String(app.node.tryGetContext('stage') ?? 'prod');
const account = process.env.CDK_DEFAULT_ACCOUNT;
const region = process.env.CDK_DEFAULT_REGION ?? 'us-east-1';

const keyFile = join(PROJECT_ROOT, `infra/keys/${stage}-media-public.pem`);
let mediaSigningPublicKeyPem: string;
let missingKey = false;
if (existsSync(keyFile)) mediaSigningPublicKeyPem = readFileSync(keyFile, 'utf8');
else {
  // Synthesis works without it; a deployment would serve no private media until the keys exist.
  missingKey = true;
  mediaSigningPublicKeyPem = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  }).publicKey;
}

const edge = new EdgeStack(app, `BookStudio-${stage}-edge`, {
  stage,
  env: { account, region: 'us-east-1' },
  crossRegionReferences: true,
});
const apiDomainName = app.node.tryGetContext('apiDomainName') as string | undefined;
const apiCertificateArn = app.node.tryGetContext('apiCertificateArn') as string | undefined;
const stack = new AppStack(app, `BookStudio-${stage}`, {
  stage,
  env: { account, region },
  crossRegionReferences: true,
  mediaSigningPublicKeyPem,
  webAclArn: edge.webAclArn,
  apiDomain:
    apiDomainName && apiCertificateArn
      ? { name: apiDomainName, certificateArn: apiCertificateArn }
      : undefined,
  threatProtection: app.node.tryGetContext('cognitoPlan') !== 'essentials',
  workerConcurrency: Number(app.node.tryGetContext('workerConcurrency') ?? 10),
  // The model providers, as this shell's ENGINE_* … variables choose them (keys stay in SSM).
  engineSettings: process.env,
});
if (missingKey)
  Annotations.of(stack).addWarningV2(
    'bookstudio:media-keys-missing',
    `infra/keys/${stage}-media-public.pem is missing: run \`npm run media-keys -- ${stage}\` before deploying.`,
  );
applyNagSuppressions(stack);
applyNagSuppressions(edge);
if (app.node.tryGetContext('nag') !== 'off') Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }));
app.synth();
