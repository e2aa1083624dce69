import type { CharacterProfile, SceneDescription } from '../text/types';

export const IMAGE_STYLES = ['realistic', 'cinematic', 'cartoon', 'fantasy', 'sketch'] as const;
export type ImageStyle = (typeof IMAGE_STYLES)[number];
export const IMAGE_QUALITIES = ['standard', 'hd'] as const;
export type ImageQuality = (typeof IMAGE_QUALITIES)[number];
export const ASPECT_RATIOS = ['16:9', '4:3', '1:1', '9:16'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

export interface ImageRequest {
  style: ImageStyle;
  quality: ImageQuality;
  aspectRatio: AspectRatio;
  seed: number;
  /** Where to write the PNG. */
  outputPath: string;
  /** Extra wishes of the user, appended to the description. */
  customPrompt?: string;
}

export interface ImageResult {
  path: string;
  width: number;
  height: number;
  /** The description the image was made from (what a text-to-image model would be sent). */
  prompt: string;
  /** Portraits: the appearance they fixed, so the product can keep the character looking the same. */
  look?: PortraitLook;
}

/** A character's appearance in words and colours, as a portrait drew it. */
export interface PortraitLook {
  hair: string;
  eyes: string;
  skin: string;
  clothing: string;
  /** Skin, hair, eyes, clothing and accent colours (#rrggbb). */
  palette: string[];
}

export interface ImageEngine {
  portrait(request: ImageRequest & { character: CharacterProfile }): Promise<ImageResult>;
  scene(
    request: ImageRequest & {
      scene: SceneDescription;
      characters: CharacterProfile[];
      lightingMood?: string;
      includeBackground?: boolean;
    },
  ): Promise<ImageResult>;
}
