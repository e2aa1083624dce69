import { hasFilter, probe, runFilterGraph } from '../../media/ffmpeg';
import { EngineError, type ProbeResult } from '../../types';
import { TRANSITIONS, type AssembleRequest, type VideoResult } from '../types';
import { audioTrack, joinAudio, musicBed } from './audio-graph';
import { canStreamCopy, streamCopyConcat } from './concat';
import { clipSettings, encodedOutput, evenSize } from '../encoding';
import { fitVideo } from '../frames';
import { probeInput, validateSize } from './inputs';
import { composeTimeline, sequenceSegments, xfadeDrawsAlike, xfadeTimeline } from '../timeline';

function validateTransitions(request: AssembleRequest): void {
  for (const [i, clip] of request.clips.entries()) {
    const t = clip.transition;
    if (!t) continue;
    if (!(TRANSITIONS as readonly string[]).includes(t.type)) {
      throw new EngineError(
        'invalid_params',
        `Clip ${i + 1}: unknown transition "${t.type}". Choose one of: ${TRANSITIONS.join(', ')}.`,
      );
    }
    if (!Number.isFinite(t.duration) || t.duration < 0 || t.duration > 10) {
      throw new EngineError(
        'invalid_params',
        `Clip ${i + 1}: the transition must last between 0 and 10 seconds.`,
      );
    }
  }
}

export async function assembleClips(request: AssembleRequest): Promise<VideoResult> {
  if (!request.clips?.length) throw new EngineError('invalid_input', 'There are no clips to assemble.');
  validateSize(request.size, request.fps);
  validateTransitions(request);
  const size = evenSize(request.size);
  const probes = await Promise.all(request.clips.map((clip, i) => probeInput(clip.path, `clip ${i + 1}`)));
  if (request.musicPath) await probeInput(request.musicPath, 'music');
  probes.forEach((p, i) => {
    if (!p.video) throw new EngineError('invalid_input', `Clip ${i + 1} has no video track.`);
  });
  const durations = probes.map((p) => p.duration);
  const wanted = request.clips.map((clip) => clip.transition);
  const hasTransitions = wanted.slice(1).some((t) => t && t.type !== 'none' && t.duration > 0);

  if (
    !hasTransitions &&
    !request.musicPath &&
    canStreamCopy(probes, {
      videoCodec: 'h264',
      audioCodec: probes[0]!.audio ? 'aac' : undefined,
      size,
      fps: request.fps,
    })
  ) {
    const total = durations.reduce((a, b) => a + b, 0);
    return streamCopyConcat(
      request.clips.map((c) => c.path),
      request.outputPath,
      'mp4',
      total,
      request.onProgress,
    );
  }
  return encodeAssembly(request, probes, size);
}

async function encodeAssembly(
  request: AssembleRequest,
  probes: ProbeResult[],
  size: { width: number; height: number },
): Promise<VideoResult> {
  const { fps } = request;
  const durations = probes.map((p) => p.duration);
  const labels = probes.map((_, i) => `clip${i}`);
  const { segments, total } = sequenceSegments(
    labels,
    durations,
    request.clips.map((c) => c.transition),
  );
  const transitions = segments.map((s) => s.transitionIn ?? { type: 'none' as const, duration: 0 });
  const statements = probes.map((_, i) => fitVideo(`${i}:v`, size, fps, durations[i]!, labels[i]!));
  // xfade (FFmpeg 4.3 and later) when the build has it and draws these joins as the composition does.
  statements.push(
    ...(xfadeDrawsAlike(segments) && hasFilter('xfade')
      ? xfadeTimeline(segments, 'vout')
      : composeTimeline(segments, { size, fps, total, output: 'vout' })),
  );
  statements.push(
    ...probes.map((p, i) => audioTrack(p.audio ? `${i}:a` : undefined, durations[i]!, `sound${i}`)),
  );
  statements.push(
    ...joinAudio(
      probes.map((_, i) => `sound${i}`),
      transitions,
      request.musicPath ? 'programme' : 'aout',
    ),
  );
  if (request.musicPath)
    statements.push(
      ...musicBed(
        `${probes.length}:a`,
        'programme',
        total,
        probes.some((p) => p.audio),
        'aout',
      ),
    );

  await runFilterGraph(
    {
      inputs: [
        ...request.clips.flatMap((clip) => ['-i', clip.path]),
        ...(request.musicPath ? ['-stream_loop', '-1', '-i', request.musicPath] : []),
      ],
      graph: statements,
      outputs: encodedOutput('vout', clipSettings(size, fps), total, request.outputPath),
    },
    { duration: total, onProgress: request.onProgress },
  );
  return { path: request.outputPath, probe: await probe(request.outputPath), method: 'encode' };
}
