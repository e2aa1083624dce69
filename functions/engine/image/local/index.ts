import type { ImageEngine } from '../types';
import { describeScene } from './describe';
import { FACE_METADATA_KEY, type FaceMetadata } from './face-metadata';
import { portraitLook } from './look';
import { writeSvgAsPng } from '../../drawing/png';
import { buildPortraitSvg, portraitLayout } from './portrait-svg';
import { portraitPrompt, validateImageRequest } from '../request';
import { planScene } from './scene-plan';
import { buildScene } from './scene-svg';

export interface LocalImageEngineOptions {
  /** Draw the scene's location as a caption card (off by default: videos add their own text). */
  captions?: boolean;
  /** Draw the character's name under portraits. */
  nameLabels?: boolean;
}

/**
 * Offline illustrations: SVG drawn from the scene or character description, rendered to PNG with
 * sharp. Deterministic: the same request and seed give byte-identical files.
 */
export function createLocalImageEngine(options: LocalImageEngineOptions = {}): ImageEngine {
  return {
    async portrait(request) {
      const { size, look, prompt } = portraitPrompt(request);
      const { svg, skin } = buildPortraitSvg({
        look,
        style: request.style,
        size,
        seed: request.seed,
        nameLabel: options.nameLabels ? request.character.name : undefined,
      });
      const layout = portraitLayout(size);
      const face: FaceMetadata = { ...size, mouth: layout.mouth, eyes: layout.eyes, skin };
      await writeSvgAsPng(svg, request.outputPath, { [FACE_METADATA_KEY]: JSON.stringify(face) });
      return {
        path: request.outputPath,
        ...size,
        prompt,
        look: portraitLook(look),
      };
    },

    async scene(request) {
      const size = validateImageRequest(request);
      const plan = planScene(request);
      const { svg, figures } = buildScene(plan, size, {
        caption: options.captions ? request.scene.location : undefined,
      });
      await writeSvgAsPng(svg, request.outputPath);
      return { path: request.outputPath, ...size, prompt: describeScene(plan), figures };
    },
  };
}
