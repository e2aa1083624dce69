/**
 * A stand-in for Amazon Polly's SynthesizeSpeech, for tests that stub the SDK client: audio (MP3 of
 * silence, or PCM) as long as the words sent at a fixed pace, and speech marks (words with byte
 * offsets, visemes) that agree with it, for whatever text or SSML is sent.
 */
import { Readable } from 'node:stream';
import type { SynthesizeSpeechCommandInput, SynthesizeSpeechCommandOutput } from '@aws-sdk/client-polly';

export const SECONDS_PER_WORD = 0.3;
export const TAIL = 0.2;

/** The words Polly would speak in what it was sent: markup and entities blanked out, byte offsets kept. */
function spokenWords(sent: string): { value: string; start: number; end: number }[] {
  const visible = sent.replace(/<[^>]*>|&[a-z]+;/g, (markup) => ' '.repeat(markup.length));
  return [...visible.matchAll(/[\p{L}\p{N}']+/gu)].map((match) => ({
    value: match[0],
    start: Buffer.byteLength(sent.slice(0, match.index)),
    end: Buffer.byteLength(sent.slice(0, match.index + match[0].length)),
  }));
}

/** MPEG-2 layer III frames (24 kHz, 48 kbit/s, 576 samples each) of silence. */
function silentMp3(seconds: number): Buffer {
  const frames = Math.ceil((seconds * 24_000) / 576);
  return Buffer.concat(
    Array.from({ length: frames }, () => {
      const frame = Buffer.alloc(144);
      frame.set([0xff, 0xf3, 0x64, 0xc4]);
      return frame;
    }),
  );
}

function stream(bytes: Uint8Array): SynthesizeSpeechCommandOutput['AudioStream'] {
  return Object.assign(Readable.from([Buffer.from(bytes)]), {
    transformToByteArray: async () => bytes,
    transformToString: async () => Buffer.from(bytes).toString('utf8'),
    transformToWebStream: () => {
      throw new Error('not used');
    },
  }) as unknown as SynthesizeSpeechCommandOutput['AudioStream'];
}

/** A stand-in for Polly: audio and marks that agree with each other for whatever text is sent. */
export function fakePolly(input: SynthesizeSpeechCommandInput): SynthesizeSpeechCommandOutput {
  const words = spokenWords(input.Text ?? '');
  const seconds = words.length * SECONDS_PER_WORD + TAIL;
  let body: Uint8Array;
  if (input.OutputFormat === 'json') {
    const marks = words.flatMap((word, i) => {
      const time = Math.round(i * SECONDS_PER_WORD * 1000);
      return [
        { time, type: 'word', ...word },
        { time, type: 'viseme', value: 'p' },
        { time: time + 100, type: 'viseme', value: 'a' },
        { time: time + 250, type: 'viseme', value: 'sil' },
      ];
    });
    body = Buffer.from(marks.map((mark) => JSON.stringify(mark)).join('\n'));
  } else if (input.OutputFormat === 'pcm') {
    body = new Uint8Array(Math.round(seconds * 16_000) * 2);
  } else {
    body = silentMp3(seconds);
  }
  return { AudioStream: stream(body), $metadata: {} };
}
