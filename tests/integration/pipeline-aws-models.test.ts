/**
 * The whole chapter-film pipeline on Bedrock (text with Converse, pictures with Nova Canvas) and
 * Polly, their SDK clients stubbed: the same run as pipeline-models.test.ts, through the real
 * handlers and workflows. The functions run in this test's thread (the local runtime's inline mode),
 * so the stubs reach them; the stubs answer as the services do (a tool use matching the schema asked,
 * a picture, speech with speech marks) and record what was asked.
 */
import {
  BedrockRuntimeClient,
  ConverseCommand,
  InvokeModelCommand,
  type ConverseCommandInput,
} from '@aws-sdk/client-bedrock-runtime';
import { PollyClient, SynthesizeSpeechCommand } from '@aws-sdk/client-polly';
import { mockClient } from 'aws-sdk-client-mock';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoGeneration } from '../../functions/contracts/video';
import { fakePolly } from '../support/polly-stand-in';
import { valueOfSchema, type JsonSchema } from '../support/schema-answer';
import { fetchFilm, filmAChapter } from './film-flow';
import { createUser, startTestRuntime, withEnv, type TestRuntime } from './helpers';

const ENV = {
  ENGINE_TEXT_PROVIDER: 'bedrock',
  ENGINE_IMAGE_PROVIDER: 'bedrock',
  ENGINE_SPEECH_PROVIDER: 'polly',
  LOCAL_LAMBDA_INLINE: '1',
} as const;
const bedrock = mockClient(BedrockRuntimeClient);
const polly = mockClient(PollyClient);

let restoreEnv: (() => void) | undefined;
let t: TestRuntime;
let work: string;
let generation: VideoGeneration;

/** Converse answered as a tool use of the one tool offered, its input matching the tool's schema. */
function converse(input: ConverseCommandInput) {
  const tool = input.toolConfig!.tools![0]!.toolSpec!;
  const text = (input.messages ?? []).flatMap((m) => (m.content ?? []).map((c) => c.text ?? '')).join('\n');
  return {
    $metadata: {},
    stopReason: 'tool_use' as const,
    output: {
      message: {
        role: 'assistant' as const,
        content: [
          {
            toolUse: {
              toolUseId: `tool-${bedrock.commandCalls(ConverseCommand).length}`,
              name: tool.name!,
              input: valueOfSchema(tool.inputSchema!.json as JsonSchema, text) as never,
            },
          },
        ],
      },
    },
    usage: { inputTokens: 100, outputTokens: 100, totalTokens: 200 },
  };
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'pipeline-aws-'));
  const picture = (
    await sharp({ create: { width: 1024, height: 576, channels: 3, background: '#4a6b8a' } })
      .png()
      .toBuffer()
  ).toString('base64');
  bedrock.on(ConverseCommand).callsFake(converse);
  bedrock
    .on(InvokeModelCommand)
    .resolves({ body: new TextEncoder().encode(JSON.stringify({ images: [picture] })) } as never);
  polly.on(SynthesizeSpeechCommand).callsFake(fakePolly);
  restoreEnv = withEnv(ENV);
  t = await startTestRuntime();
  const token = (await createUser(t, { role: 'author' })).accessToken;
  ({ generation } = await filmAChapter(t, token));
}, 900_000);

afterAll(async () => {
  await t?.stop();
  bedrock.restore();
  polly.restore();
  restoreEnv?.();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('a chapter film made with Bedrock and Polly (SDK clients stubbed)', () => {
  it('ends with a subtitled film', async () => {
    const { probed, cues } = await fetchFilm(t, generation, join(work, 'film.mp4'));
    expect(probed.video?.codec).toBe('h264');
    expect(probed.audio?.codec).toBe('aac');
    expect(cues).toMatch(/lamp is out/);
  });

  it('asked Bedrock for the plot and the script as tool uses, and Nova Canvas for every picture', () => {
    const tools = bedrock
      .commandCalls(ConverseCommand)
      .map((call) => call.args[0].input.toolConfig!.tools![0]!.toolSpec!.name);
    expect(tools).toEqual(expect.arrayContaining(['write_screenplay']));
    expect(tools.length).toBeGreaterThanOrEqual(2);
    const pictures = bedrock
      .commandCalls(InvokeModelCommand)
      .map((call) => JSON.parse(String(call.args[0].input.body)) as { taskType: string });
    expect(pictures.length).toBeGreaterThan(1);
    // The portrait's character is drawn into their scenes as a variation of the portrait.
    expect(pictures.map((p) => p.taskType)).toEqual(
      expect.arrayContaining(['TEXT_IMAGE', 'IMAGE_VARIATION']),
    );
  });

  it('voiced the narrator and the speakers with distinct Polly voices, with speech marks for the subtitles', () => {
    const asked = polly.commandCalls(SynthesizeSpeechCommand).map((call) => call.args[0].input);
    expect(asked.some((input) => input.OutputFormat === 'json')).toBe(true);
    expect(new Set(asked.map((input) => input.VoiceId)).size).toBeGreaterThanOrEqual(2);
  });
});
