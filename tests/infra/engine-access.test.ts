import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { describe, expect, it } from 'vitest';
import { engineDeployment, engineEnvironment, grantEngine } from '../../infra/constructs/engine-access';

const KEYS = { openai: '/bookstudio/test/openai-api-key', elevenlabs: '/bookstudio/test/elevenlabs-api-key' };

/** One function granted what the engine deployed with `shell` needs; its template and environment. */
function deployed(shell: Record<string, string>) {
  const engine = engineDeployment(shell, KEYS);
  const stack = new Stack(new App(), 'Engine', { env: { account: '123456789012', region: 'eu-west-1' } });
  const media = new s3.Bucket(stack, 'Media');
  const fn = new lambda.Function(stack, 'Worker', {
    runtime: lambda.Runtime.NODEJS_22_X,
    handler: 'index.handler',
    code: lambda.Code.fromInline('exports.handler = async () => null'),
    environment: engineEnvironment(engine, media),
  });
  grantEngine(fn, engine, media);
  const template = Template.fromStack(stack);
  const statements = Object.values(template.findResources('AWS::IAM::Policy')).flatMap(
    (policy) =>
      (policy as { Properties: { PolicyDocument: { Statement: unknown[] } } }).Properties.PolicyDocument
        .Statement,
  ) as { Action: string | string[]; Resource: unknown }[];
  const actions = statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
  return { engine, template, statements, actions };
}

describe('the engine as deployed', () => {
  it('offline by default: only the two key parameters may be read, and no model is granted', () => {
    const { engine, actions, template } = deployed({});
    expect(engine.environment).toEqual({
      OPENAI_API_KEY_PARAMETER: KEYS.openai,
      ELEVENLABS_API_KEY_PARAMETER: KEYS.elevenlabs,
    });
    expect(actions).toEqual(['ssm:GetParameter']);
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: [
          Match.objectLike({
            Action: 'ssm:GetParameter',
            Resource: [
              Match.objectLike({
                'Fn::Join': [
                  '',
                  Match.arrayWith([Match.stringLikeRegexp('parameter/bookstudio/test/openai-api-key')]),
                ],
              }),
              Match.objectLike({
                'Fn::Join': [
                  '',
                  Match.arrayWith([Match.stringLikeRegexp('parameter/bookstudio/test/elevenlabs-api-key')]),
                ],
              }),
            ],
          }),
        ],
      },
    });
  });

  it('passes the chosen providers and models, never a key the shell holds', () => {
    const { engine } = deployed({
      ENGINE_TEXT_PROVIDER: 'openai',
      OPENAI_BASE_URL: 'http://models.internal:11434/v1',
      OPENAI_MODEL: 'qwen2.5:7b',
      OPENAI_API_KEY: 'sk-secret-from-the-shell',
      ENGINE_SPEECH_PROVIDER: 'elevenlabs',
      ELEVENLABS_API_KEY: 'el-secret-from-the-shell',
      UNRELATED: 'x',
    });
    expect(engine.environment).toMatchObject({
      ENGINE_TEXT_PROVIDER: 'openai',
      OPENAI_BASE_URL: 'http://models.internal:11434/v1',
      OPENAI_MODEL: 'qwen2.5:7b',
      ENGINE_SPEECH_PROVIDER: 'elevenlabs',
    });
    const values = Object.values(engine.environment).join(' ');
    expect(values).not.toContain('secret');
    expect(engine.environment).not.toHaveProperty('UNRELATED');
  });

  it('grants Bedrock models (an inference profile with its model in every region), Nova Reel output and Polly', () => {
    const { actions, statements, template } = deployed({
      ENGINE_TEXT_PROVIDER: 'bedrock',
      BEDROCK_TEXT_MODEL_ID: 'us.amazon.nova-pro-v1:0',
      ENGINE_IMAGE_PROVIDER: 'bedrock',
      ENGINE_SCENE_VIDEO_PROVIDER: 'bedrock',
      ENGINE_SPEECH_PROVIDER: 'polly',
    });
    expect(actions).toEqual(
      expect.arrayContaining([
        'bedrock:InvokeModel',
        'bedrock:GetAsyncInvoke',
        'polly:SynthesizeSpeech',
        's3:PutObject',
      ]),
    );
    const invoke = JSON.stringify(statements.find((s) => s.Action === 'bedrock:InvokeModel')!.Resource);
    expect(invoke).toContain('inference-profile/us.amazon.nova-pro-v1:0');
    expect(invoke).toContain('bedrock:*::foundation-model/amazon.nova-pro-v1:0');
    expect(invoke).toContain('foundation-model/amazon.nova-canvas-v1:0');
    expect(invoke).toContain('foundation-model/amazon.nova-reel-v1:1');
    // With no output place named, Nova Reel writes under the media bucket's own prefix.
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          BEDROCK_VIDEO_OUTPUT_URI: {
            'Fn::Join': ['', ['s3://', { Ref: Match.anyValue() }, '/bedrock-video']],
          },
        }),
      },
    });
  });

  it('refuses wrong settings at synthesis, every one at once', () => {
    expect(() =>
      engineDeployment({ ENGINE_IMAGE_PROVIDER: 'dalle', OPENAI_BASE_URL: 'ftp://models' }, KEYS),
    ).toThrowError(
      /^Invalid engine setting ENGINE_IMAGE_PROVIDER.*\nInvalid engine setting OPENAI_BASE_URL: must be an http/,
    );
    expect(() => engineDeployment({ ENGINE_TEXT_PROVIDER: 'openai' }, KEYS)).toThrowError(
      /OPENAI_MODEL: required when ENGINE_TEXT_PROVIDER=openai/,
    );
  });
});
