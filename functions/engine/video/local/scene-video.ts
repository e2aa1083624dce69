import { join } from 'node:path';
import { createLocalImageEngine } from '../../image/local';
import { nearestAspectRatio, sceneFromPrompt } from './prompt-scene';
import { EngineError, type Size } from '../../types';
import type { ImageEngine } from '../../image/types';
import type { SceneVideoEngine } from '../types';
import { validateSize } from './inputs';
import { renderSceneClip } from './scene-clip';
import { withTempDir } from '../../media/temp';

export const SCENE_VIDEO_FPS = 24;
const MAX_SCENE_VIDEO_SECONDS = 120;

export function validateSceneVideo(request: { prompt: string; duration: number; size: Size }): void {
  if (
    !Number.isFinite(request.duration) ||
    request.duration <= 0 ||
    request.duration > MAX_SCENE_VIDEO_SECONDS
  ) {
    throw new EngineError(
      'invalid_params',
      `A scene video must last between 0 and ${MAX_SCENE_VIDEO_SECONDS} seconds.`,
    );
  }
  validateSize(request.size, SCENE_VIDEO_FPS);
}

/**
 * Offline "generated" scene video: a slow camera move over the scene picture (or, without one, over
 * an illustration drawn from the prompt), silent, H.264/AAC.
 */
export function createLocalSceneVideoEngine(options: { imageEngine?: ImageEngine } = {}): SceneVideoEngine {
  const images = options.imageEngine ?? createLocalImageEngine();
  return {
    async generate(request) {
      validateSceneVideo(request);
      return withTempDir('scene-video', async (dir) => {
        let imagePath = request.imagePath;
        if (!imagePath) {
          if (!request.prompt?.trim())
            throw new EngineError(
              'invalid_input',
              'Describe the scene to generate, or give a picture of it.',
            );
          imagePath = join(dir, 'scene.png');
          await images.scene({
            scene: sceneFromPrompt(request.prompt),
            characters: [],
            style: 'cinematic',
            quality: 'standard',
            aspectRatio: nearestAspectRatio(request.size),
            seed: request.seed,
            outputPath: imagePath,
          });
        }
        return renderSceneClip({
          images: [imagePath],
          duration: request.duration,
          size: request.size,
          fps: SCENE_VIDEO_FPS,
          motion: 'kenburns',
          seed: request.seed,
          outputPath: request.outputPath,
        });
      });
    },
  };
}
