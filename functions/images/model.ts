import type { ChapterImageStatusValue, ChapterImageType, FigureRegion } from '../contracts/images';
import type { AspectRatio, ImageQuality, ImageStyle } from '../engine/image/types';
import type { SceneDescription } from '../engine/text/types';
import type { JobRecord } from '../jobs';

/**
 * A chapter image as stored, in its book's partition (it goes with the book). Its id is the id of
 * the job that draws it, so the record, the job and the status route share one id.
 */
export interface ChapterImageRecord {
  id: string;
  book_id: string;
  chapter_id: string;
  owner_id: string;
  image_type: ChapterImageType;
  scene_number: number | null;
  character_name: string | null;
  /** The plot character the picture shows or is about (character images), when it is one. */
  character_id: string | null;
  script_id: string | null;
  status: ChapterImageStatusValue;
  error: string | null;
  image_key: string | null;
  width: number | null;
  height: number | null;
  style: ImageStyle;
  quality: ImageQuality;
  aspect_ratio: AspectRatio;
  lighting_mood: string | null;
  include_background: boolean;
  use_character_references: boolean;
  image_prompt: string | null;
  referenced_characters: string[];
  figures: FigureRegion[];
  created_at: string;
  updated_at: string;
}

/** What a chapter image job was asked to draw; the scene is taken from the script when asked. */
export interface ChapterImageOptions {
  image_type: ChapterImageType;
  chapter_id: string;
  script_id: string | null;
  style: ImageStyle;
  quality: ImageQuality;
  aspect_ratio: AspectRatio;
  custom_prompt: string | null;
  use_character_references: boolean;
  /** Scenes: the scene as it was when asked (the script's, with the user's description if given). */
  scene_number: number | null;
  scene: SceneDescription | null;
  lighting_mood: string | null;
  include_background: boolean;
  /** Characters. */
  character_name: string | null;
  character_description: string | null;
}

export interface ChapterImageOutputs {
  image_key: string;
  width: number;
  height: number;
}

export type ChapterImageJobRecord = JobRecord<ChapterImageOptions, ChapterImageOutputs>;

/** Media keys of chapter images: beside the book's other media, so they go with the book. */
export const imageKeys = {
  image: (bookId: string, chapterId: string, recordId: string) =>
    `media/books/${bookId}/chapters/${chapterId}/images/${recordId}.png`,
};
