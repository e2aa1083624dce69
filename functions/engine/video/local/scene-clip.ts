import { probe, runFilterGraph } from '../../media/ffmpeg';
import { EngineError } from '../../types';
import type { SceneClipRequest, VideoResult } from '../types';
import { clipSettings, encodedOutput, evenSize } from '../encoding';
import { probeInput, requireFile, validateSize } from './inputs';
import { audioTrack } from './audio-graph';
import { captionLayer } from './captions';
import { cameraMove, stillToMotion } from './kenburns';
import { withTempDir } from '../../media/temp';
import { composeTimeline, sequenceSegments } from '../timeline';

/** Longest crossfade between the stills of one clip. */
const IMAGE_FADE = 0.5;

export async function renderSceneClip(request: SceneClipRequest): Promise<VideoResult> {
  if (!request.images?.length)
    throw new EngineError('invalid_input', 'A scene clip needs at least one image.');
  if (!['kenburns', 'pan', 'static'].includes(request.motion)) {
    throw new EngineError(
      'invalid_params',
      `Unknown camera motion "${request.motion}". Choose kenburns, pan or static.`,
    );
  }
  validateSize(request.size, request.fps);
  await Promise.all(request.images.map((image, i) => requireFile(image, `image ${i + 1}`)));
  const audio = request.audioPath ? await probeInput(request.audioPath, 'audio') : undefined;
  if (audio && !audio.audio) throw new EngineError('invalid_input', 'The audio file has no sound track.');
  const duration = request.duration ?? audio?.duration;
  if (!duration || !Number.isFinite(duration) || duration <= 0) {
    throw new EngineError(
      'invalid_input',
      'A scene clip needs an audio track or a duration longer than zero.',
    );
  }
  const size = evenSize(request.size);
  const { fps } = request;
  const count = request.images.length;
  const fade = count > 1 ? Math.min(IMAGE_FADE, duration / count / 4) : 0;
  const each = (duration + (count - 1) * fade) / count;
  // One frame more than needed: the next still covers it, and the output length cuts the last one.
  const frames = Math.ceil(each * fps) + 1;

  const statements = request.images.map((_, i) =>
    stillToMotion(`${i}:v`, cameraMove(request.motion, request.seed, i), frames, size, fps, `still${i}`),
  );
  const { segments } = sequenceSegments(
    request.images.map((_, i) => `still${i}`),
    request.images.map(() => each),
    request.images.map(() => ({ type: 'fade' as const, duration: fade })),
  );
  statements.push(
    ...composeTimeline(
      segments.map((segment) => ({ ...segment, frames })),
      { size, fps, total: duration, output: 'pictures' },
    ),
  );
  statements.push(audioTrack(audio ? `${count}:a` : undefined, duration, 'aout'));

  return withTempDir('clip', async (dir) => {
    const captions = request.subtitles?.length
      ? await captionLayer(request.subtitles, { size, fps, frames: Math.ceil(duration * fps), workDir: dir })
      : null;
    const captionInput = count + (request.audioPath ? 1 : 0);
    if (captions) statements.push(...captions.statements(captionInput, 'pictures', 'vout'));
    const videoLabel = captions ? 'vout' : 'pictures';
    await runFilterGraph(
      {
        inputs: [
          ...request.images.flatMap((image) => ['-i', image]),
          ...(request.audioPath ? ['-i', request.audioPath] : []),
          ...(captions?.inputs ?? []),
        ],
        graph: statements,
        outputs: encodedOutput(videoLabel, clipSettings(size, fps), duration, request.outputPath),
      },
      { duration, onProgress: request.onProgress },
    );
    return { path: request.outputPath, probe: await probe(request.outputPath), method: 'encode' as const };
  });
}
