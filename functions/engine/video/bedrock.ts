import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  GetAsyncInvokeCommand,
  StartAsyncInvokeCommand,
  type BedrockRuntimeClient,
  type GetAsyncInvokeCommandOutput,
} from '@aws-sdk/client-bedrock-runtime';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { aws } from '../../lib/aws/clients';
import { engineConfig } from '../config';
import { bedrockError, contentFiltered, isContentFilterMessage } from '../bedrock-errors';
import { clipPrompt } from '../image/bedrock';
import { probe, runFfmpeg } from '../media/ffmpeg';
import { EngineError, type Size } from '../types';
import type { SceneVideoEngine, VideoResult } from './types';
import { clipSettings, evenSize, outputArgs } from './encoding';
import { SCENE_VIDEO_FPS, validateSceneVideo } from './local/scene-video';
import { withTempDir } from '../media/temp';
import { sec } from './timeline';
import { fitAndPad } from './frames';

/**
 * Amazon Nova Reel through Bedrock's asynchronous API: StartAsyncInvoke (TEXT_VIDEO, one 6 s shot at
 * 1280×720, the scene picture as first frame when given), GetAsyncInvoke polled with backoff, then
 * output.mp4 fetched from the S3 folder of the invocation and fitted to the requested size and length
 * (with a silent AAC track, like every clip the engine makes).
 */
export interface BedrockSceneVideoOptions {
  bedrock?: BedrockRuntimeClient;
  s3?: S3Client;
  modelId?: string;
  /** s3://bucket/prefix (BEDROCK_VIDEO_OUTPUT_URI). */
  outputUri?: string;
  /** First wait between status checks (default 10 s), growing ×1.5 up to `maxPollIntervalMs` (30 s). */
  pollIntervalMs?: number;
  maxPollIntervalMs?: number;
  /** Give up after this long (default 20 minutes). */
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export const REEL_SECONDS = 6;
export const REEL_SIZE: Size = { width: 1280, height: 720 };
const REEL_PROMPT_LIMIT = 512;
const MAX_SEED = 2_147_483_646;

/** A type alias (not an interface) so it is assignable to the SDK's DocumentType. */
export type ReelRequest = {
  taskType: 'TEXT_VIDEO';
  textToVideoParams: { text: string; images?: { format: 'png'; source: { bytes: string } }[] };
  videoGenerationConfig: { durationSeconds: number; fps: number; dimension: string; seed: number };
};

export function reelRequestBody(prompt: string, seed: number, imagePng?: Buffer): ReelRequest {
  return {
    taskType: 'TEXT_VIDEO',
    textToVideoParams: {
      text: clipPrompt(prompt.trim(), REEL_PROMPT_LIMIT),
      ...(imagePng ? { images: [{ format: 'png', source: { bytes: imagePng.toString('base64') } }] } : {}),
    },
    videoGenerationConfig: {
      durationSeconds: REEL_SECONDS,
      fps: 24,
      dimension: `${REEL_SIZE.width}x${REEL_SIZE.height}`,
      seed: Math.abs(Math.trunc(seed)) % (MAX_SEED + 1),
    },
  };
}

export function parseS3Uri(uri: string): { bucket: string; key: string } {
  const match = /^s3:\/\/([^/]+)\/?(.*)$/.exec(uri.trim());
  if (!match) throw new EngineError('provider_failed', `Not an S3 location: ${uri}`);
  return { bucket: match[1]!, key: match[2]!.replace(/\/+$/, '') };
}

/** Waits for the invocation to finish; returns the S3 folder it wrote to. */
export async function waitForInvocation(
  client: BedrockRuntimeClient,
  invocationArn: string,
  options: Required<
    Pick<BedrockSceneVideoOptions, 'pollIntervalMs' | 'maxPollIntervalMs' | 'timeoutMs' | 'sleep'>
  >,
): Promise<string> {
  const deadline = Date.now() + options.timeoutMs;
  let wait = options.pollIntervalMs;
  for (;;) {
    let status: GetAsyncInvokeCommandOutput;
    try {
      status = await client.send(new GetAsyncInvokeCommand({ invocationArn }));
    } catch (error) {
      throw bedrockError(error, 'video');
    }
    if (status.status === 'Completed') {
      const uri = status.outputDataConfig?.s3OutputDataConfig?.s3Uri;
      if (!uri)
        throw new EngineError(
          'provider_failed',
          'The video model finished but did not say where it saved the video.',
        );
      return uri;
    }
    if (status.status === 'Failed') {
      const reason = status.failureMessage ?? 'no reason given';
      throw isContentFilterMessage(reason)
        ? contentFiltered('video')
        : new EngineError('provider_failed', `The video model failed: ${reason}`);
    }
    if (Date.now() + wait > deadline) {
      throw new EngineError(
        'provider_failed',
        `The video model did not finish within ${Math.round(options.timeoutMs / 60000)} minutes.`,
        true,
      );
    }
    await options.sleep(wait);
    wait = Math.min(wait * 1.5, options.maxPollIntervalMs);
  }
}

async function download(s3: S3Client, bucket: string, key: string, path: string): Promise<void> {
  try {
    const { Body } = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    if (!Body) throw new Error('empty body');
    if (Body instanceof Readable) await pipeline(Body, createWriteStream(path));
    else await writeFile(path, await Body.transformToByteArray());
  } catch (error) {
    throw new EngineError(
      'provider_failed',
      `The generated video could not be downloaded from S3: ${(error as Error).message}`,
      true,
    );
  }
}

/** Fits the model's clip to the requested frame and length and adds a silent track. */
async function normalise(
  source: string,
  size: Size,
  duration: number,
  outputPath: string,
): Promise<VideoResult> {
  const frame = evenSize(size);
  const filter = `${fitAndPad(frame)},tpad=stop_mode=clone:stop_duration=${sec(duration)},trim=duration=${sec(duration)}`;
  await runFfmpeg(
    [
      '-i',
      source,
      '-f',
      'lavfi',
      '-i',
      'anullsrc=r=48000:cl=stereo',
      '-map',
      '0:v:0',
      '-map',
      '1:a',
      '-vf',
      filter,
      ...outputArgs(clipSettings(frame, SCENE_VIDEO_FPS)),
      '-t',
      sec(duration),
      outputPath,
    ],
    { duration },
  );
  return { path: outputPath, probe: await probe(outputPath), method: 'encode' };
}

export function createBedrockSceneVideoEngine(options: BedrockSceneVideoOptions = {}): SceneVideoEngine {
  return {
    async generate(request) {
      validateSceneVideo(request);
      if (!request.prompt?.trim()) throw new EngineError('invalid_input', 'Describe the scene to generate.');
      const config = engineConfig();
      const outputUri = options.outputUri ?? config.BEDROCK_VIDEO_OUTPUT_URI;
      if (!outputUri)
        throw new EngineError(
          'provider_failed',
          'Video generation is not set up: BEDROCK_VIDEO_OUTPUT_URI must name an s3:// location.',
        );
      parseS3Uri(outputUri);
      const bedrock = options.bedrock ?? aws.bedrock;
      const image = request.imagePath
        ? await sharp(request.imagePath)
            .resize(REEL_SIZE.width, REEL_SIZE.height, { fit: 'cover' })
            .removeAlpha()
            .png()
            .toBuffer()
        : undefined;
      let invocationArn: string | undefined;
      try {
        const started = await bedrock.send(
          new StartAsyncInvokeCommand({
            modelId: options.modelId ?? config.BEDROCK_VIDEO_MODEL_ID,
            modelInput: reelRequestBody(request.prompt, request.seed, image),
            outputDataConfig: { s3OutputDataConfig: { s3Uri: outputUri } },
          }),
        );
        invocationArn = started.invocationArn;
      } catch (error) {
        throw bedrockError(error, 'video');
      }
      if (!invocationArn) throw new EngineError('provider_failed', 'The video model did not start the job.');
      const folder = await waitForInvocation(bedrock, invocationArn, {
        pollIntervalMs: options.pollIntervalMs ?? 10_000,
        maxPollIntervalMs: options.maxPollIntervalMs ?? 30_000,
        timeoutMs: options.timeoutMs ?? 20 * 60_000,
        sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      });
      const { bucket, key } = parseS3Uri(folder);
      return withTempDir('reel', async (dir) => {
        const downloaded = join(dir, 'output.mp4');
        await download(options.s3 ?? aws.s3, bucket, key ? `${key}/output.mp4` : 'output.mp4', downloaded);
        return normalise(downloaded, request.size, request.duration, request.outputPath);
      });
    },
  };
}
