import { BedrockRuntimeClient, GetAsyncInvokeCommand } from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { EngineError } from '../../../../functions/engine/types';
import { parseS3Uri, reelRequestBody, waitForInvocation } from '../../../../functions/engine/video/bedrock';

const bedrock = mockClient(BedrockRuntimeClient);
afterEach(() => bedrock.reset());

describe('Nova Reel request', () => {
  it('asks for one 6 s 1280×720 shot, with the picture as first frame when given', () => {
    const body = reelRequestBody('A ship at dawn', 42, Buffer.from('png'));
    expect(body).toEqual({
      taskType: 'TEXT_VIDEO',
      textToVideoParams: {
        text: 'A ship at dawn',
        images: [{ format: 'png', source: { bytes: Buffer.from('png').toString('base64') } }],
      },
      videoGenerationConfig: { durationSeconds: 6, fps: 24, dimension: '1280x720', seed: 42 },
    });
    expect(reelRequestBody('x'.repeat(900), -5).textToVideoParams.text.length).toBeLessThanOrEqual(512);
    expect(reelRequestBody('x', -5).videoGenerationConfig.seed).toBe(5);
  });

  it('parses S3 locations', () => {
    expect(parseS3Uri('s3://bucket/videos/abc/')).toEqual({ bucket: 'bucket', key: 'videos/abc' });
    expect(parseS3Uri('s3://bucket')).toEqual({ bucket: 'bucket', key: '' });
    expect(() => parseS3Uri('https://x')).toThrow(EngineError);
  });
});

describe('waitForInvocation', () => {
  const timing = (sleeps: number[], timeoutMs = 60_000) => ({
    pollIntervalMs: 100,
    maxPollIntervalMs: 200,
    timeoutMs,
    sleep: async (ms: number) => {
      sleeps.push(ms);
    },
  });

  it('polls with growing waits until the job completes and returns its folder', async () => {
    bedrock
      .on(GetAsyncInvokeCommand)
      .resolvesOnce({ status: 'InProgress' })
      .resolvesOnce({ status: 'InProgress' })
      .resolvesOnce({ status: 'InProgress' })
      .resolves({
        status: 'Completed',
        outputDataConfig: { s3OutputDataConfig: { s3Uri: 's3://b/p/inv1' } },
      });
    const sleeps: number[] = [];
    await expect(
      waitForInvocation(new BedrockRuntimeClient({ region: 'us-east-1' }), 'arn:inv1', timing(sleeps)),
    ).resolves.toBe('s3://b/p/inv1');
    expect(sleeps).toEqual([100, 150, 200]);
    expect(bedrock.commandCalls(GetAsyncInvokeCommand)[0]!.args[0].input).toEqual({
      invocationArn: 'arn:inv1',
    });
  });

  it('reports failures, content filtering and time-outs as engine errors', async () => {
    const client = new BedrockRuntimeClient({ region: 'us-east-1' });
    bedrock.on(GetAsyncInvokeCommand).resolves({ status: 'Failed', failureMessage: 'Internal error' });
    await expect(waitForInvocation(client, 'a', timing([]))).rejects.toMatchObject({
      code: 'provider_failed',
      message: 'The video model failed: Internal error',
    });
    bedrock
      .on(GetAsyncInvokeCommand)
      .resolves({ status: 'Failed', failureMessage: 'The output was blocked by our content filters.' });
    await expect(waitForInvocation(client, 'a', timing([]))).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/^The video request was blocked by the content filter/),
    });
    bedrock.on(GetAsyncInvokeCommand).resolves({ status: 'InProgress' });
    await expect(waitForInvocation(client, 'a', timing([], 0))).rejects.toMatchObject({
      code: 'provider_failed',
      retryable: true,
    });
    bedrock
      .on(GetAsyncInvokeCommand)
      .rejects(Object.assign(new Error('slow down'), { name: 'ThrottlingException' }));
    await expect(waitForInvocation(client, 'a', timing([]))).rejects.toMatchObject({
      retryable: true,
      message: expect.stringMatching(/busy/),
    });
  });
});
