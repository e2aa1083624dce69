import { sec, type Transition } from '../timeline';

/** Filter-graph pieces for sound: every clip's track normalised, joined, and music laid under it. */

/** Audio normalised to 48 kHz stereo and exactly `duration` long (padded with silence or cut). */
export function audioTrack(input: string | undefined, duration: number, output: string): string {
  return input
    ? `[${input}]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,apad,atrim=0:${sec(duration)},asetpts=PTS-STARTPTS[${output}]`
    : `anullsrc=r=48000:cl=stereo,atrim=0:${sec(duration)}[${output}]`;
}

/** The clips' sounds joined like their pictures: crossfaded over each transition, butted otherwise. */
export function joinAudio(inputs: string[], transitions: Transition[], output: string): string[] {
  const statements: string[] = [];
  let previous = inputs[0]!;
  inputs.slice(1).forEach((input, i) => {
    const next = i === inputs.length - 2 ? output : `ajoin${i + 1}`;
    const t = transitions[i + 1]!;
    statements.push(
      t.duration > 0
        ? `[${previous}][${input}]acrossfade=d=${sec(t.duration)}:c1=tri:c2=tri[${next}]`
        : `[${previous}][${input}]concat=n=2:v=0:a=1[${next}]`,
    );
    previous = next;
  });
  if (inputs.length === 1) statements.push(`[${previous}]anull[${output}]`);
  return statements;
}

/** Music under the programme, looped to its length and ducked while the clips have sound. */
export function musicBed(
  musicInput: string,
  programme: string,
  total: number,
  duck: boolean,
  output: string,
): string[] {
  const music = `[${musicInput}]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,volume=0.35,atrim=0:${sec(total)},asetpts=PTS-STARTPTS[bed]`;
  if (!duck)
    return [
      music,
      `[${programme}][bed]amix=inputs=2:duration=first:dropout_transition=0,volume=2[${output}]`,
    ];
  return [
    music,
    `[${programme}]asplit=2[main][key]`,
    `[bed][key]sidechaincompress=threshold=0.03:ratio=8:attack=20:release=400[ducked]`,
    // amix halves each input; volume=2 restores the programme's level.
    `[main][ducked]amix=inputs=2:duration=first:dropout_transition=0,volume=2[${output}]`,
  ];
}
