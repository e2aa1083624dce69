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
  /** Scenes: where each character was drawn (local engine), so a figure can be found in the picture. */
  figures?: FigureBox[];
}

/** The box a drawn character occupies, in pixels of the image (head to feet, hands included). */
export interface FigureBox {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A character's appearance as their portrait fixed it: scenes (and later portraits) draw them with
 * it, so the same person looks the same everywhere. Cloud models also get the portrait itself.
 */
export interface CharacterReference {
  /** The name the scene uses for the character (matched exactly against the scene's cast). */
  name: string;
  /** The seed and description the portrait was drawn from. */
  seed: number;
  physical_description: string;
  look: PortraitLook;
  /** The portrait's bytes (PNG), for engines that take reference images; read only when needed. */
  image?: () => Promise<Uint8Array>;
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
  portrait(
    request: ImageRequest & { character: CharacterProfile; reference?: CharacterReference },
  ): Promise<ImageResult>;
  scene(
    request: ImageRequest & {
      scene: SceneDescription;
      characters: CharacterProfile[];
      lightingMood?: string;
      includeBackground?: boolean;
      /** Fixed looks of characters of the scene (by name): they are drawn as their portraits show them. */
      references?: CharacterReference[];
    },
  ): Promise<ImageResult>;
}
