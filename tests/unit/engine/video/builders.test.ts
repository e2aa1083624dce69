import { describe, expect, it } from 'vitest';
import type { ProbeResult } from '../../../../functions/engine/types';
import { joinAudio, musicBed } from '../../../../functions/engine/video/local/audio-graph';
import { fitVideo } from '../../../../functions/engine/video/frames';
import { canStreamCopy, concatList } from '../../../../functions/engine/video/local/concat';
import {
  clipSettings,
  containerArgs,
  outputArgs,
  videoEncoderArgs,
} from '../../../../functions/engine/video/encoding';
import { cameraMove, canvasFor, stillToMotion } from '../../../../functions/engine/video/local/kenburns';
import { isPlainSequence, mixAudio } from '../../../../functions/engine/video/local/merge';
import { transcodeFrame } from '../../../../functions/engine/video/local/transcode';
import { watermarkPosition } from '../../../../functions/engine/video/local/watermark';

const clip = (
  change: Partial<ProbeResult['video']> = {},
  audio: ProbeResult['audio'] | null = { codec: 'aac', sampleRate: 48000, channels: 2 },
): ProbeResult => ({
  duration: 2,
  bytes: 1000,
  formatName: 'mov,mp4',
  video: { codec: 'h264', width: 320, height: 180, fps: 30, pixelFormat: 'yuv420p', ...change },
  ...(audio ? { audio } : {}),
});

describe('camera moves', () => {
  it('are the same for the same seed and differ between seeds', () => {
    expect(cameraMove('kenburns', 7, 0)).toEqual(cameraMove('kenburns', 7, 0));
    expect(cameraMove('kenburns', 7, 0)).not.toEqual(cameraMove('kenburns', 8, 0));
    expect(cameraMove('kenburns', 7, 0)).not.toEqual(cameraMove('kenburns', 7, 1));
  });

  it('zoom for Ken Burns, pan sideways for pan, and hold still for static', () => {
    const kb = cameraMove('kenburns', 3, 0);
    expect(Math.max(kb.zoomFrom, kb.zoomTo)).toBeGreaterThan(1.1);
    expect(Math.min(kb.zoomFrom, kb.zoomTo)).toBe(1);
    const pan = cameraMove('pan', 3, 0);
    expect(pan.zoomFrom).toBe(pan.zoomTo);
    expect(Math.abs(pan.xTo - pan.xFrom)).toBe(1);
    expect(cameraMove('static', 3, 0)).toEqual({
      zoomFrom: 1,
      zoomTo: 1,
      xFrom: 0.5,
      xTo: 0.5,
      yFrom: 0.5,
      yTo: 0.5,
    });
  });

  it('scale the still once to a canvas twice the output (at most 4K) before zoompan', () => {
    expect(canvasFor({ width: 1280, height: 720 })).toEqual({ width: 2560, height: 1440 });
    expect(canvasFor({ width: 1920, height: 1080 })).toEqual({ width: 3840, height: 2160 });
    expect(canvasFor({ width: 3840, height: 2160 })).toEqual({ width: 3840, height: 2160 });
    const chain = stillToMotion(
      '0:v',
      cameraMove('kenburns', 1, 0),
      75,
      { width: 640, height: 360 },
      25,
      'still',
    );
    expect(chain.indexOf('scale=1280:720')).toBeLessThan(chain.indexOf('zoompan'));
    expect(chain).toContain(':d=75:s=640x360:fps=25');
    expect(chain).toContain('trim=end_frame=75');
  });
});

describe('encoder arguments', () => {
  it('makes browser-playable MP4s (yuv420p, faststart) and tagged HEVC', () => {
    const args = outputArgs(clipSettings({ width: 320, height: 180 }, 30));
    expect(args).toEqual(expect.arrayContaining(['libx264', 'yuv420p', 'aac', '+faststart']));
    expect(videoEncoderArgs({ videoCodec: 'libx265', preset: 'fast', crf: 28 })).toEqual(
      expect.arrayContaining(['-tag:v', 'hvc1']),
    );
    expect(containerArgs('webm')).toEqual(['-f', 'webm']);
  });

  it('maps presets onto libvpx speed settings', () => {
    const option = (args: string[], name: string) => args[args.indexOf(name) + 1];
    const fastest = videoEncoderArgs({ videoCodec: 'libvpx-vp9', preset: 'ultrafast', crf: 30 });
    expect([option(fastest, '-deadline'), option(fastest, '-cpu-used'), option(fastest, '-b:v')]).toEqual([
      'realtime',
      '8',
      '0',
    ]);
    const medium = videoEncoderArgs({ videoCodec: 'libvpx-vp9', preset: 'medium', crf: 30 });
    expect([option(medium, '-deadline'), option(medium, '-cpu-used')]).toEqual(['good', '4']);
    const slowest = videoEncoderArgs({ videoCodec: 'libvpx-vp9', preset: 'veryslow', crf: 30 });
    expect([option(slowest, '-deadline'), option(slowest, '-cpu-used')]).toEqual(['good', '1']);
  });
});

describe('stream copy decision', () => {
  const target = { videoCodec: 'h264', audioCodec: 'aac', size: { width: 320, height: 180 }, fps: 30 };
  it('allows identical H.264/AAC clips of the wanted size and rate', () => {
    expect(canStreamCopy([clip(), clip()], target)).toBe(true);
  });
  it.each([
    ['another size', [clip(), clip({ width: 640 })]],
    ['another rate', [clip(), clip({ fps: 25 })]],
    ['another codec', [clip(), clip({ codec: 'hevc' })]],
    ['4:4:4 chroma', [clip(), clip({ pixelFormat: 'yuv444p' })]],
    ['a missing sound track', [clip(), clip({}, null)]],
    ['another sample rate', [clip(), clip({}, { codec: 'aac', sampleRate: 44100, channels: 2 })]],
  ])('refuses %s', (_label, probes) => {
    expect(canStreamCopy(probes, target)).toBe(false);
  });
  it('writes a concat list that survives quotes in paths', () => {
    expect(concatList(['/a/b.mp4', "/it's.mp4"])).toBe("file '/a/b.mp4'\nfile '/it'\\''s.mp4'\n");
  });
});

describe('assembly graph pieces', () => {
  it('fits clips into the frame without distortion and at exact length', () => {
    const chain = fitVideo('0:v', { width: 320, height: 180 }, 30, 2.5, 'c0');
    expect(chain).toContain('force_original_aspect_ratio=decrease');
    expect(chain).toContain('pad=320:180');
    expect(chain).toContain('trim=duration=2.5');
  });

  it('crossfades audio over transitions and butts it together otherwise', () => {
    expect(
      joinAudio(
        ['a', 'b', 'c'],
        [
          { type: 'none', duration: 0 },
          { type: 'fade', duration: 0.5 },
          { type: 'none', duration: 0 },
        ],
        'out',
      ),
    ).toEqual(['[a][b]acrossfade=d=0.5:c1=tri:c2=tri[ajoin1]', '[ajoin1][c]concat=n=2:v=0:a=1[out]']);
  });

  it('ducks the music under speech with a sidechain compressor', () => {
    const ducked = musicBed('2:a', 'prog', 10, true, 'out').join(';');
    expect(ducked).toContain('sidechaincompress');
    expect(ducked).toContain('atrim=0:10');
    expect(musicBed('2:a', 'prog', 10, false, 'out').join(';')).not.toContain('sidechaincompress');
  });
});

describe('merge graph pieces', () => {
  const placed = (start: number, volume = 1, type: 'video' | 'audio' = 'video', index = 0) => ({
    input: { path: `/${index}`, type, start_time: start, volume },
    probe: clip(),
    index,
  });

  it('recognises back-to-back videos at full volume', () => {
    const request = { inputs: [], tier: 'web', format: 'mp4', outputPath: '/o' } as const;
    expect(isPlainSequence([placed(0), placed(2, 1, 'video', 1)], { ...request, inputs: [] })).toBe(true);
    expect(isPlainSequence([placed(0), placed(3, 1, 'video', 1)], { ...request, inputs: [] })).toBe(false);
    expect(isPlainSequence([placed(0), placed(2, 0.5, 'video', 1)], { ...request, inputs: [] })).toBe(false);
    expect(
      isPlainSequence([placed(0)], {
        ...request,
        inputs: [],
        watermark: { text: 'x', position: 'top-left' },
      }),
    ).toBe(false);
  });

  it('delays, scales and mixes every sound without amix lowering the level', () => {
    const mix = mixAudio([placed(0), placed(1.5, 0.5, 'audio', 1)], 4, 'aout').join(';');
    expect(mix).toContain(
      '[1:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,volume=0.5,adelay=1500|1500',
    );
    expect(mix).toContain('amix=inputs=2:duration=longest:dropout_transition=0,volume=2[aout]');
  });
});

describe('frames and positions', () => {
  it('transcodes into a 16:9 frame in the orientation of the source', () => {
    expect(transcodeFrame({ width: 640, height: 480 }, 'low')).toEqual({ width: 854, height: 480 });
    expect(transcodeFrame({ width: 720, height: 1280 }, 'high')).toEqual({ width: 1080, height: 1920 });
    expect(transcodeFrame({ width: 1280, height: 720 }, 'ultra')).toEqual({ width: 3840, height: 2160 });
  });

  it('puts the watermark in the chosen corner', () => {
    expect(watermarkPosition('top-left')).toEqual({ x: 'h*0.03', y: 'h*0.03' });
    expect(watermarkPosition('bottom-right')).toEqual({ x: 'w-tw-h*0.03', y: 'h-th-h*0.03' });
  });
});
