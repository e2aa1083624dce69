import { describe, expect, it } from 'vitest';
import { parseEbur128Summary, parseLoudnormJson } from '../../../../functions/engine/audio/local/analysis';
import { concatGraph, partOffsets } from '../../../../functions/engine/audio/local/concat';
import { mixGraph, normalisationFilters } from '../../../../functions/engine/audio/local/mix';

const track = (role: 'speech' | 'music' | 'effect' | 'ambiance', start = 0, volume = 1) => ({
  path: `${role}.wav`,
  role,
  start,
  volume,
});

describe('mixGraph', () => {
  it('places each track with its gain and delay, padded to the mix length', () => {
    const graph = mixGraph([track('music', 0, 0.5), track('speech', 2.5)], 10, false);
    expect(graph).toContain(
      '[0:a]aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo,volume=0.5,apad,atrim=end_sample=480000[t0]',
    );
    expect(graph).toContain('volume=1,adelay=2500|2500,apad,atrim=end_sample=480000[t1]');
  });

  it('compensates amix for its division by the number of inputs', () => {
    const graph = mixGraph([track('music'), track('ambiance'), track('effect')], 5, false);
    expect(graph).toContain('[t0][t1][t2]amix=inputs=3:duration=first:dropout_transition=0,volume=3[mix]');
  });

  it('ducks everything but speech under the speech when asked', () => {
    const graph = mixGraph(
      [track('music'), track('speech', 1), track('effect'), track('speech', 4)],
      8,
      true,
    );
    expect(graph).toContain('[t1][t3]amix=inputs=2:duration=first:dropout_transition=0,volume=2[speech]');
    expect(graph).toContain('[t0][t2]amix=inputs=2:duration=first:dropout_transition=0,volume=2[bed]');
    expect(graph).toContain('[speech]asplit=2[voice][key]');
    expect(graph).toMatch(/\[bed\]\[key\]sidechaincompress=[^[]+\[ducked\]/);
    expect(graph).toContain('[voice][ducked]amix=inputs=2:duration=first:dropout_transition=0,volume=2[mix]');
  });

  it('does not duck when there is nothing to duck under', () => {
    expect(mixGraph([track('music'), track('effect')], 5, true)).not.toContain('sidechaincompress');
    expect(mixGraph([track('speech')], 5, true)).toContain('[t0]anull[mix]');
  });
});

describe('normalisationFilters', () => {
  it('uses a plain gain when the true peak allows it', () => {
    expect(normalisationFilters(-16, { integrated: -25, truePeak: -12 })).toEqual(['volume=9dB']);
  });

  it('adds a peak limiter after the gain when peaks would pass the limit, and leaves silence alone', () => {
    expect(normalisationFilters(-16, { integrated: -25, truePeak: -4 })).toEqual([
      'volume=9dB',
      expect.stringMatching(/^alimiter=limit=0\.7943:level=false/),
    ]);
    expect(normalisationFilters(-16, { integrated: -70, truePeak: -Infinity })).toEqual([]);
  });

  it('with headroom for an encoder that overshoots, limits sooner and lower', () => {
    // -12 + 9 = -3 dBTP: under the limit alone, over it with 2 dB of headroom.
    expect(normalisationFilters(-16, { integrated: -25, truePeak: -12 }, 2)).toEqual([
      'volume=9dB',
      expect.stringMatching(/^alimiter=limit=0\.6310:level=false/),
    ]);
  });
});

describe('FFmpeg log parsing', () => {
  const log = `size=N/A time=00:00:20.00
[Parsed_ebur128_0 @ 0x1] Summary:

  Integrated loudness:
    I:         -18.1 LUFS
    Threshold: -28.1 LUFS

  Loudness range:
    LRA:         1.7 LU

  True peak:
    Peak:       -7.9 dBFS
[Parsed_loudnorm_1 @ 0x2]
{
	"input_i" : "-18.14",
	"input_tp" : "-7.86",
	"input_lra" : "1.80",
	"input_thresh" : "-28.30",
	"output_i" : "-15.93",
	"normalization_type" : "dynamic",
	"target_offset" : "-0.07"
}`;

  it('reads the ebur128 summary and the loudnorm measurement', () => {
    expect(parseEbur128Summary(log)).toEqual({ integrated: -18.1, truePeak: -7.9 });
    expect(parseLoudnormJson(log)).toEqual({
      input_i: -18.14,
      input_tp: -7.86,
      input_lra: 1.8,
      input_thresh: -28.3,
      target_offset: -0.07,
    });
  });

  it('reads silence as the floor and fails clearly without a reading', () => {
    expect(
      parseEbur128Summary('Summary:\n Integrated loudness:\n I: -inf LUFS\n True peak:\n Peak: -inf dBFS'),
    ).toEqual({ integrated: -70, truePeak: -Infinity });
    expect(parseLoudnormJson('{ "input_i" : "-inf", "input_tp" : "-inf" }').input_i).toBe(-Infinity);
    expect(() => parseEbur128Summary('nothing here')).toThrow(
      expect.objectContaining({ code: 'media_failed' }),
    );
    expect(() => parseLoudnormJson('nothing here')).toThrow(
      expect.objectContaining({ code: 'media_failed' }),
    );
  });
});

describe('concatenation', () => {
  const part = (duration: number, channels = 1, sampleRate = 22_050) => ({
    path: 'p.wav',
    duration,
    channels,
    sampleRate,
  });

  it('computes where each part starts, overlaps included', () => {
    expect(partOffsets([3, 2, 4], 0)).toEqual([0, 3, 5]);
    expect(partOffsets([3, 2, 4], 0.5)).toEqual([0, 2.5, 4]);
  });

  it('chains crossfades, converting every part to one format', () => {
    const graph = concatGraph([part(3), part(2, 2, 44_100), part(4)], 0.02);
    expect(graph.match(/channel_layouts=stereo,asetnsamples=n=256:p=0\[p\d\]/g)).toHaveLength(3);
    // Frames shorter than the fade (a 5 ms fade at 44.1 kHz is 220 samples).
    expect(concatGraph([part(3), part(2, 2, 44_100)], 0.005)).toContain('asetnsamples=n=110:p=0');
    expect(graph).toContain('[p0][p1]acrossfade=d=0.02:c1=qsin:c2=qsin[x1]');
    expect(graph).toContain('[x1][p2]acrossfade=d=0.02:c1=qsin:c2=qsin[joined]');
  });

  it('fades each join briefly and concatenates when there is no crossfade', () => {
    const graph = concatGraph([part(3), part(2)], 0);
    expect(graph).toContain('afade=t=in:d=0.005,afade=t=out:st=2.995:d=0.005[p0]');
    expect(graph).toContain('[p0][p1]concat=n=2:v=0:a=1[joined]');
  });
});
