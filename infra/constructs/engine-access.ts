import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { ENGINE_SETTING_NAMES, parseEngineSettings } from '../../functions/engine/config';

/**
 * The engine settings a deployment hands its functions, taken from the environment of the shell that
 * synthesizes the stack (`ENGINE_IMAGE_PROVIDER=bedrock npx cdk deploy --all`): every setting the engine
 * reads but the keys, which are SecureString parameters of SSM that each function reads at start (see
 * functions/lib/aws/engine-secrets.ts), and the parameters' names, which the stack sets itself.
 */
const PASSED_SETTINGS = ENGINE_SETTING_NAMES.filter(
  (name) => !name.endsWith('_API_KEY') && !name.endsWith('_API_KEY_PARAMETER'),
);

/** Where Nova Reel writes scene videos when the deployment names no place: the media bucket. */
const BEDROCK_VIDEO_PREFIX = 'bedrock-video';

export interface EngineDeployment {
  /** The settings every function gets (only those the shell set, plus the key parameters' names). */
  environment: Record<string, string>;
  /** SSM parameters holding the providers' keys. */
  keyParameters: string[];
  /** Bedrock models invoked (text, pictures, scene videos). */
  bedrockModels: string[];
  /** Nova Reel's asynchronous invocations, and where their output goes (null: the media bucket). */
  bedrockVideo: { outputUri: string | null } | null;
  polly: boolean;
}

/**
 * What the engine needs deployed: its settings, checked as the functions will check them (every
 * wrong one at once, so a deployment fails at synthesis rather than at the first request), and the
 * permissions its providers call for.
 */
export function engineDeployment(
  shell: Record<string, string | undefined>,
  keys: { openai: string; elevenlabs: string },
): EngineDeployment {
  const environment: Record<string, string> = {};
  for (const name of PASSED_SETTINGS) {
    const value = shell[name]?.trim();
    if (value) environment[name] = value;
  }
  environment.OPENAI_API_KEY_PARAMETER = keys.openai;
  environment.ELEVENLABS_API_KEY_PARAMETER = keys.elevenlabs;
  // The keys themselves arrive at run time; their absence is reported then, naming the parameter.
  const checked = parseEngineSettings({ ...environment, OPENAI_API_KEY: 'ssm', ELEVENLABS_API_KEY: 'ssm' });
  if (!checked.ok) throw new Error(checked.problems.join('\n'));
  const config = checked.config;
  const bedrockModels = [
    config.ENGINE_TEXT_PROVIDER === 'bedrock' && config.BEDROCK_TEXT_MODEL_ID,
    config.ENGINE_IMAGE_PROVIDER === 'bedrock' && config.BEDROCK_IMAGE_MODEL_ID,
    config.ENGINE_SCENE_VIDEO_PROVIDER === 'bedrock' && config.BEDROCK_VIDEO_MODEL_ID,
  ].filter((id): id is string => Boolean(id));
  return {
    environment,
    keyParameters: [keys.openai, keys.elevenlabs],
    bedrockModels: [...new Set(bedrockModels)],
    bedrockVideo:
      config.ENGINE_SCENE_VIDEO_PROVIDER === 'bedrock'
        ? { outputUri: config.BEDROCK_VIDEO_OUTPUT_URI ?? null }
        : null,
    polly: config.ENGINE_SPEECH_PROVIDER === 'polly',
  };
}

/** The settings a function gets: the media bucket is Nova Reel's output place unless one is named. */
export function engineEnvironment(engine: EngineDeployment, mediaBucket: s3.IBucket): Record<string, string> {
  if (!engine.bedrockVideo || engine.bedrockVideo.outputUri) return engine.environment;
  return {
    ...engine.environment,
    BEDROCK_VIDEO_OUTPUT_URI: `s3://${mediaBucket.bucketName}/${BEDROCK_VIDEO_PREFIX}`,
  };
}

/**
 * A model id is a foundation model, or a cross-region inference profile ("us.amazon.nova-pro-v1:0")
 * that routes to that model in the profile's regions.
 */
function modelArns(stack: Stack, id: string): string[] {
  const profile = /^(us|eu|apac|us-gov|global)\.(.+)$/.exec(id);
  if (!profile) return [`arn:${stack.partition}:bedrock:${stack.region}::foundation-model/${id}`];
  return [
    stack.formatArn({ service: 'bedrock', resource: 'inference-profile', resourceName: id }),
    `arn:${stack.partition}:bedrock:*::foundation-model/${profile[2]}`,
  ];
}

/** Grants a function what the configured providers need, and nothing when everything is offline. */
export function grantEngine(fn: lambda.Function, engine: EngineDeployment, mediaBucket: s3.IBucket): void {
  const stack = Stack.of(fn);
  fn.addToRolePolicy(
    new iam.PolicyStatement({
      actions: ['ssm:GetParameter'],
      resources: engine.keyParameters.map((name) =>
        stack.formatArn({ service: 'ssm', resource: 'parameter', resourceName: name.replace(/^\//, '') }),
      ),
    }),
  );
  if (engine.bedrockModels.length) {
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['bedrock:InvokeModel'],
        resources: engine.bedrockModels.flatMap((id) => modelArns(stack, id)),
      }),
    );
  }
  if (engine.bedrockVideo) {
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['bedrock:GetAsyncInvoke'],
        resources: [stack.formatArn({ service: 'bedrock', resource: 'async-invoke', resourceName: '*' })],
      }),
    );
    const output =
      engine.bedrockVideo.outputUri && /^s3:\/\/([^/]+)\/?(.*)$/.exec(engine.bedrockVideo.outputUri);
    if (output) {
      const prefix = output[2] ? `${output[2].replace(/\/+$/, '')}/*` : '*';
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['s3:PutObject', 's3:GetObject'],
          resources: [`arn:${stack.partition}:s3:::${output[1]}/${prefix}`],
        }),
      );
    } else mediaBucket.grantReadWrite(fn, `${BEDROCK_VIDEO_PREFIX}/*`);
  }
  if (engine.polly) {
    // SynthesizeSpeech names no resource (only lexicons, which the product does not use).
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['polly:SynthesizeSpeech'], resources: ['*'] }));
  }
}
