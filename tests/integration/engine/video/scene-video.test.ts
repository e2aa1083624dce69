import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import {
  BedrockRuntimeClient,
  GetAsyncInvokeCommand,
  StartAsyncInvokeCommand,
} from '@aws-sdk/client-bedrock-runtime';
import { GetObjectCommand, S3Client, type GetObjectCommandOutput } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBedrockSceneVideoEngine } from '../../../../functions/engine/video/bedrock';
import { createLocalSceneVideoEngine } from '../../../../functions/engine/video/local/scene-video';
import { expectPlayable, ffmpeg, frameAt, meanDifference, patternImage, scratchDir } from './media';

const scratch = scratchDir('scene-video');
const bedrock = mockClient(BedrockRuntimeClient);
const s3 = mockClient(S3Client);
let reelOutput: Buffer;
let picture: string;

beforeAll(() => {
  picture = patternImage(scratch.path('scene.png'));
  // what Nova Reel writes: 1280×720, 24 fps, no sound (shortened here to keep the test quick)
  const reel = scratch.path('reel.mp4');
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc=s=1280x720:r=24:d=1.5',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    reel,
  ]);
  reelOutput = readFileSync(reel);
});
afterEach(() => {
  bedrock.reset();
  s3.reset();
});
afterAll(() => scratch.remove());

describe('local scene video', () => {
  it('moves the camera over the scene picture for the requested length', async () => {
    const engine = createLocalSceneVideoEngine();
    const result = await engine.generate({
      prompt: 'A storm over the harbour',
      imagePath: picture,
      duration: 2,
      size: { width: 320, height: 180 },
      seed: 4,
      outputPath: scratch.path('local.mp4'),
    });
    expectPlayable(result.probe);
    expect(result.probe.video).toMatchObject({ width: 320, height: 180, fps: 24 });
    expect(Math.abs(result.probe.duration - 2)).toBeLessThanOrEqual(0.1);
    expect(meanDifference(frameAt(result.path, 0.1), frameAt(result.path, 1.8))).toBeGreaterThan(2);
  });

  it('draws a picture from the prompt when none is given', async () => {
    const engine = createLocalSceneVideoEngine();
    const result = await engine.generate({
      prompt: 'A quiet forest at night',
      duration: 1,
      size: { width: 256, height: 256 },
      seed: 1,
      outputPath: scratch.path('prompt.mp4'),
    });
    expect(result.probe.video).toMatchObject({ width: 256, height: 256 });
  });
});

describe('Bedrock scene video (Nova Reel)', () => {
  const options = {
    outputUri: 's3://media-bucket/reel',
    pollIntervalMs: 1,
    maxPollIntervalMs: 2,
    sleep: async () => {},
  };

  it('starts the job, polls until it completes, downloads output.mp4 and fits it to the request', async () => {
    bedrock
      .on(StartAsyncInvokeCommand)
      .resolves({ invocationArn: 'arn:aws:bedrock:us-east-1:1:async-invoke/abc' });
    bedrock
      .on(GetAsyncInvokeCommand)
      .resolvesOnce({ status: 'InProgress' })
      .resolves({
        status: 'Completed',
        outputDataConfig: { s3OutputDataConfig: { s3Uri: 's3://media-bucket/reel/abc' } },
      });
    s3.on(GetObjectCommand).resolves({
      Body: Readable.from([reelOutput]) as unknown as GetObjectCommandOutput['Body'],
    });

    const engine = createBedrockSceneVideoEngine(options);
    const result = await engine.generate({
      prompt: 'Waves crash on the quay',
      imagePath: picture,
      duration: 2,
      size: { width: 320, height: 180 },
      seed: 9,
      outputPath: scratch.path('reel-out.mp4'),
    });

    const start = bedrock.commandCalls(StartAsyncInvokeCommand)[0]!.args[0].input;
    expect(start.modelId).toBe('amazon.nova-reel-v1:1');
    expect(start.outputDataConfig).toEqual({ s3OutputDataConfig: { s3Uri: 's3://media-bucket/reel' } });
    const input = start.modelInput as {
      taskType: string;
      textToVideoParams: { text: string; images: unknown[] };
      videoGenerationConfig: Record<string, unknown>;
    };
    expect(input.taskType).toBe('TEXT_VIDEO');
    expect(input.textToVideoParams.text).toBe('Waves crash on the quay');
    expect(input.textToVideoParams.images).toHaveLength(1);
    expect(input.videoGenerationConfig).toEqual({
      durationSeconds: 6,
      fps: 24,
      dimension: '1280x720',
      seed: 9,
    });
    expect(bedrock.commandCalls(GetAsyncInvokeCommand)).toHaveLength(2);
    expect(s3.commandCalls(GetObjectCommand)[0]!.args[0].input).toEqual({
      Bucket: 'media-bucket',
      Key: 'reel/abc/output.mp4',
    });

    expectPlayable(result.probe);
    expect(result.probe.video).toMatchObject({ width: 320, height: 180, fps: 24 });
    expect(Math.abs(result.probe.duration - 2)).toBeLessThanOrEqual(0.1);
  });

  it('reports failed jobs, missing configuration and S3 errors clearly', async () => {
    bedrock.on(StartAsyncInvokeCommand).resolves({ invocationArn: 'arn:x' });
    bedrock.on(GetAsyncInvokeCommand).resolves({ status: 'Failed', failureMessage: 'Capacity exceeded' });
    const request = {
      prompt: 'x',
      duration: 2,
      size: { width: 320, height: 180 },
      seed: 1,
      outputPath: scratch.path('fail.mp4'),
    };
    await expect(createBedrockSceneVideoEngine(options).generate(request)).rejects.toMatchObject({
      code: 'provider_failed',
      message: 'The video model failed: Capacity exceeded',
    });
    await expect(
      createBedrockSceneVideoEngine({ ...options, outputUri: undefined }).generate(request),
    ).rejects.toThrow(/BEDROCK_VIDEO_OUTPUT_URI/);
    bedrock.on(GetAsyncInvokeCommand).resolves({
      status: 'Completed',
      outputDataConfig: { s3OutputDataConfig: { s3Uri: 's3://media-bucket/reel/abc' } },
    });
    s3.on(GetObjectCommand).rejects(Object.assign(new Error('Access Denied'), { name: 'AccessDenied' }));
    await expect(createBedrockSceneVideoEngine(options).generate(request)).rejects.toMatchObject({
      code: 'provider_failed',
      retryable: true,
    });
  });
});
