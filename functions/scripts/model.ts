import type { GenerateScriptInput } from '../contracts/script-requests';
import type { ScriptStatus } from '../contracts/scripts';
import type { JobRecord } from '../jobs';
import type {
  Act,
  Beat,
  CharacterProfile,
  FocusArea,
  ScriptScene,
  ScriptStyle,
  StoryType,
  TargetDuration,
} from '../engine/text/types';

/** A chapter's script as stored: the screenplay's parts; its Fountain text is made from them on read. */
export interface ScriptRecord {
  id: string;
  book_id: string;
  chapter_id: string;
  owner_id: string;
  /** For the Fountain and PDF title pages ("Based on …"). */
  book_title: string;
  script_name: string;
  script_style: ScriptStyle;
  script_story_type: StoryType;
  status: ScriptStatus;
  logline: string;
  acts: Act[];
  beats: Beat[];
  scenes: ScriptScene[];
  characters: string[];
  character_details: CharacterProfile[];
  target_duration: TargetDuration;
  scene_count: number;
  focus_areas: FocusArea[];
  include_character_profiles: boolean;
  /** Seconds. */
  estimated_duration: number;
  /** The character who tells the story, when the chapter is told by a named "I" (the narration's voice). */
  narrator?: string;
  /** Scene number → the take it shows when it was redone (absent: the first take). */
  scene_takes?: Record<string, number>;
  created_at: string;
  updated_at: string;
}

/** What a script job was asked for: a new script of a chapter, or another take of one scene. */
export type ScriptJobOptions =
  | ({ request: 'script' } & GenerateScriptInput)
  | { request: 'scene'; script_id: string; scene_number: number; focus_areas?: FocusArea[] };

/** What it made: the script written or redone. */
export interface ScriptJobOutputs {
  script_id?: string;
}

export type ScriptJobRecord = JobRecord<ScriptJobOptions, ScriptJobOutputs>;
