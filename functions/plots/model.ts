import type { Character, StoryType } from '../contracts/plots';
import type { AspectRatio, ImageQuality, ImageStyle } from '../engine/image/types';
import type { JobRecord } from '../jobs';

/** The plot overview of a book, as stored (one per book; its id stays when it is regenerated). */
export interface PlotRecord {
  id: string;
  book_id: string;
  owner_id: string;
  logline: string;
  genre: string;
  tone: string;
  audience: string;
  setting: string;
  script_story_type: StoryType;
  story_type: StoryType;
  themes: string[];
  /** The generation that wrote the overview last. */
  job_id: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * A character as stored: the answered shape (`Character`, contracts/plots.ts) without its signed
 * image URL, with the fields only the server keeps.
 */
export type CharacterRecord = Omit<Character, 'image_url'> & {
  owner_id: string;
  /** How many times the text engine found the character mentioned (0 for those the user created). */
  mentions: number;
  /** Listing order: the overview's own order for generated characters, then creation. */
  order: number;
  image_key: string | null;
  image_width: number | null;
  image_height: number | null;
  /** The latest portrait job (its status is the image status). */
  image_job_id: string | null;
};

export interface PlotGenerationOptions {
  replace_characters: boolean;
}

export type PlotJobRecord = JobRecord<PlotGenerationOptions, { plot_id: string }>;

export interface PortraitOptions {
  character_id: string;
  prompt?: string;
  style: ImageStyle;
  quality: ImageQuality;
  aspect_ratio: AspectRatio;
}

export interface PortraitOutputs {
  image_key: string;
  width: number;
  height: number;
}

export type PortraitJobRecord = JobRecord<PortraitOptions, PortraitOutputs>;

/** Media keys of the plot domain: beside the book's other media, so they go with the book. */
export const plotKeys = {
  portraitPrefix: (bookId: string, characterId: string) => `media/books/${bookId}/characters/${characterId}/`,
  portrait: (bookId: string, characterId: string, jobId: string) =>
    `media/books/${bookId}/characters/${characterId}/portrait-${jobId}.png`,
};
