import { probe } from '../../media/ffmpeg';
import type { VideoEngine } from '../types';
import { assembleClips } from './assemble';
import { mergeMedia } from './merge';
import { renderSceneClip } from './scene-clip';
import { extractThumbnail } from './thumbnail';
import { transcodeVideo } from './transcode';

/** Video with FFmpeg on this machine (the bundled build, the Lambda layer or FFMPEG_PATH). */
export function createLocalVideoEngine(): VideoEngine {
  return {
    probe: (path) => probe(path),
    sceneClip: renderSceneClip,
    assemble: assembleClips,
    merge: mergeMedia,
    transcode: transcodeVideo,
    thumbnail: extractThumbnail,
  };
}
