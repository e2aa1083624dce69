/**
 * The media engine: every AI and media capability the product uses, behind provider-neutral
 * interfaces. Each capability has a local implementation (offline, the default, deterministic for a
 * given input and seed) and cloud implementations, chosen per capability by configuration.
 *
 * Media goes in and out as files on local disk (FFmpeg works on files; in Lambda they live in /tmp);
 * callers move results to and from S3.
 */

// ---------------------------------------------------------------------------------------------
// Errors

export type EngineErrorCode =
  | 'invalid_input'
  | 'text_too_long'
  | 'unknown_voice'
  | 'unknown_style'
  | 'invalid_params'
  | 'provider_failed'
  | 'media_failed';

/** A typed engine failure; `message` is safe to show to the person who asked for the work. */
export class EngineError extends Error {
  override name = 'EngineError';
  constructor(
    readonly code: EngineErrorCode,
    message: string,
    /** True when trying again may succeed (throttling, timeouts). */
    readonly retryable = false,
  ) {
    super(message);
  }
}

/** Longest chapter text the text capabilities accept (words), so work stays within a Lambda run. */
export const MAX_CHAPTER_WORDS = 150_000;

// ---------------------------------------------------------------------------------------------
// Text

export const SCRIPT_STYLES = ['cinematic_movie', 'cinematic_narration'] as const;
export type ScriptStyle = (typeof SCRIPT_STYLES)[number];

export const FOCUS_AREAS = [
  'Action',
  'Dialogue',
  'Character Development',
  'Atmosphere',
  'Tension',
  'Comedy',
] as const;
export type FocusArea = (typeof FOCUS_AREAS)[number];

export const TARGET_DURATIONS = ['auto', 3, 5, 10, 15, 20, 30] as const;
export type TargetDuration = (typeof TARGET_DURATIONS)[number];

export const STORY_TYPES = [
  'hero_journey',
  'three_act',
  'save_the_cat',
  'story_circle',
  'seven_point',
  'freytag',
] as const;
export type StoryType = (typeof STORY_TYPES)[number];
export const DEFAULT_STORY_TYPE: StoryType = 'hero_journey';

export const MIN_SCENES = 3;
export const MAX_SCENES = 15;
export const DEFAULT_SCENES = 5;

export const CHARACTER_ROLES = ['protagonist', 'antagonist', 'supporting', 'mentor', 'sidekick', ''] as const;
export type CharacterRole = (typeof CHARACTER_ROLES)[number];

export interface CharacterProfile {
  name: string;
  role: CharacterRole;
  physical_description: string;
  personality: string;
  character_arc: string;
  archetypes: string[];
  want: string;
  need: string;
  lie: string;
  ghost: string;
  /** From titles, names and pronouns in the text; picks a fitting voice. */
  gender?: 'female' | 'male' | 'unknown';
  /** How many times the character is mentioned in the analysed text. */
  mentions: number;
  /** Stable per character: the same character looks and sounds the same everywhere. */
  seed: number;
  /** Voice id of the speech catalogue chosen for the character. */
  voice: string;
}

/** A profile from what is known of a character; every field not given is empty. */
export function characterProfile(
  known: Pick<CharacterProfile, 'name' | 'seed'> & Partial<CharacterProfile>,
): CharacterProfile {
  return {
    name: known.name,
    role: known.role ?? '',
    physical_description: known.physical_description ?? '',
    personality: known.personality ?? '',
    character_arc: known.character_arc ?? '',
    archetypes: known.archetypes ?? [],
    want: known.want ?? '',
    need: known.need ?? '',
    lie: known.lie ?? '',
    ghost: known.ghost ?? '',
    ...('gender' in known ? { gender: known.gender } : {}),
    mentions: known.mentions ?? 0,
    seed: known.seed,
    voice: known.voice ?? '',
  };
}

export interface PlotOverview {
  logline: string;
  genre: string;
  tone: string;
  audience: string;
  setting: string;
  themes: string[];
  story_type: StoryType;
  script_story_type: StoryType;
  characters: CharacterProfile[];
}

export const TIMES_OF_DAY = ['dawn', 'morning', 'day', 'afternoon', 'dusk', 'evening', 'night'] as const;
export type TimeOfDay = (typeof TIMES_OF_DAY)[number];

export const MOODS = [
  'calm',
  'joyful',
  'tense',
  'mysterious',
  'sad',
  'romantic',
  'dramatic',
  'eerie',
  'epic',
] as const;
export type Mood = (typeof MOODS)[number];

/** The scene_descriptions entry of a script (spec fields plus what rendering needs). */
export interface SceneDescription {
  scene_number: number;
  location: string;
  /** Interior or exterior, for the Fountain scene heading and the illustration. */
  setting_type: 'INT' | 'EXT';
  time_of_day: TimeOfDay;
  /** Seconds. */
  estimated_duration: number;
  visual_description: string;
  key_actions: string[];
  audio_requirements: string[];
  characters: string[];
  mood: Mood;
  /** Character offsets of the chapter text the scene covers (scenes follow the chapter in order). */
  source_start: number;
  source_end: number;
}

export interface DialogueLine {
  scene_number: number;
  character: string;
  line: string;
  parenthetical?: string;
}

export interface ScriptScene extends SceneDescription {
  /** e.g. "EXT. HARBOUR - NIGHT" */
  heading: string;
  action: string[];
  dialogue: DialogueLine[];
  /** Voice-over text for cinematic_narration (and bridging narration in cinematic_movie). */
  narration: string;
}

export interface Act {
  act_number: number;
  title: string;
  /** Minutes. */
  duration: number;
  /** Number of scenes in the act. */
  scenes: number;
  description: string;
}

export interface Beat {
  name: string;
  description: string;
  scene_number: number;
}

export interface ScreenplayOptions {
  style: ScriptStyle;
  /** 3–15; other values fall back to 5. */
  sceneCount: number;
  targetDuration: TargetDuration;
  focusAreas: FocusArea[];
  storyType: StoryType;
  includeCharacterProfiles: boolean;
  seed?: number;
}

export interface Screenplay {
  title: string;
  style: ScriptStyle;
  story_type: StoryType;
  logline: string;
  acts: Act[];
  beats: Beat[];
  scenes: ScriptScene[];
  /** Names of the characters who appear. */
  characters: string[];
  character_details: CharacterProfile[];
  /** The whole script as Fountain text. */
  fountain: string;
  /** Seconds. */
  estimated_duration: number;
}

export type QuizDifficulty = 'easy' | 'medium' | 'hard';

export interface QuizQuestion {
  id: string;
  question: string;
  options: string[];
  answer_index: number;
  explanation: string;
  /** The passage the question was built from. */
  source_excerpt: string;
}

export interface Quiz {
  title: string;
  difficulty: QuizDifficulty;
  questions: QuizQuestion[];
}

export interface SafetyReport {
  /** Overall suitability. */
  rating: 'general' | 'teen' | 'mature';
  safe: boolean;
  flags: {
    category: 'violence' | 'sexual' | 'language' | 'self_harm' | 'drugs' | 'hate';
    severity: 'low' | 'medium' | 'high';
    excerpt: string;
  }[];
}

export interface SummaryResult {
  summary: string;
  key_points: string[];
}

export interface ChapterText {
  title: string;
  content: string;
}

export interface TextEngine {
  summarize(input: { text: string; maxSentences?: number; maxKeyPoints?: number }): Promise<SummaryResult>;
  plotOverview(input: { title: string; chapters: ChapterText[]; seed?: number }): Promise<PlotOverview>;
  screenplay(input: {
    bookTitle: string;
    chapter: ChapterText;
    characters?: CharacterProfile[];
    options: ScreenplayOptions;
  }): Promise<Screenplay>;
  quiz(input: {
    title: string;
    text: string;
    numQuestions: number;
    difficulty: QuizDifficulty;
    seed?: number;
  }): Promise<Quiz>;
  /** Free text from a prompt, grounded in the optional context. */
  generate(input: { prompt: string; context?: string; maxWords?: number }): Promise<{ text: string }>;
  analyzeSafety(input: { text: string }): Promise<SafetyReport>;
}

// ---------------------------------------------------------------------------------------------
// Speech

export interface VoiceInfo {
  id: string;
  name: string;
  /** BCP-47, e.g. en-GB. */
  language: string;
  gender: 'female' | 'male' | 'neutral';
  role: 'narrator' | 'character';
  description: string;
}

/** Seconds from the start of the audio. */
export interface WordTiming {
  word: string;
  start: number;
  end: number;
  /** Offsets of the word in the synthesised text. */
  charStart: number;
  charEnd: number;
}

/** Polly-style viseme codes: p t S T f k i r s u @ a e E o O sil. */
export interface VisemeTiming {
  time: number;
  viseme: string;
}

export interface SpeechRequest {
  text: string;
  voice: string;
  /** Words per minute relative to normal (0.5–2). */
  rate?: number;
  /** Where to write the audio (WAV for the local engine). */
  outputPath: string;
}

export interface SpeechResult {
  path: string;
  format: 'wav' | 'mp3';
  sampleRate: number;
  /** Seconds. */
  duration: number;
  words: WordTiming[];
  visemes: VisemeTiming[];
}

/** Voice model names the product's forms use, mapped onto the catalogue. */
export const VOICE_MODELS = [
  'elevenlabs_narrator',
  'elevenlabs_conversational',
  'elevenlabs_expressive',
  'openai_tts',
  'google_wavenet',
] as const;
export type VoiceModel = (typeof VOICE_MODELS)[number];

export interface SpeechEngine {
  voices(language?: string): VoiceInfo[];
  /** A voice id for a model name of the forms, a language and (for characters) a stable seed. */
  voiceFor(input: {
    model?: VoiceModel;
    language?: string;
    role: 'narrator' | 'character';
    gender?: 'female' | 'male';
    seed?: number;
  }): string;
  synthesize(request: SpeechRequest): Promise<SpeechResult>;
}

// ---------------------------------------------------------------------------------------------
// Images

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

// ---------------------------------------------------------------------------------------------
// Audio (music, effects, ambiance, mixing)

export const MUSIC_STYLES = ['cinematic', 'orchestral', 'electronic', 'ambient', 'dramatic'] as const;
export type MusicStyle = (typeof MUSIC_STYLES)[number];

export interface AudioResult {
  path: string;
  /** Seconds. */
  duration: number;
  /** Integrated loudness (LUFS) when measured. */
  loudness?: number;
}

export interface MixTrack {
  path: string;
  role: 'speech' | 'music' | 'effect' | 'ambiance';
  /** Seconds from the start of the mix. */
  start: number;
  /** Linear gain, 1 = unchanged. */
  volume: number;
}

export interface MixRequest {
  tracks: MixTrack[];
  /** Length of the mix; defaults to the end of the last track. */
  duration?: number;
  /** Lower music and ambiance while speech plays. */
  duckUnderSpeech: boolean;
  /** Integrated loudness target, e.g. -16 LUFS. */
  targetLoudness: number;
  outputPath: string;
  format: 'wav' | 'm4a' | 'mp3';
}

export interface AudioEngine {
  music(request: {
    style: MusicStyle;
    mood?: Mood;
    duration: number;
    seed: number;
    outputPath: string;
  }): Promise<AudioResult>;
  effect(request: {
    description: string;
    duration?: number;
    seed: number;
    outputPath: string;
  }): Promise<AudioResult>;
  ambiance(request: {
    description: string;
    duration: number;
    seed: number;
    outputPath: string;
  }): Promise<AudioResult>;
  mix(request: MixRequest): Promise<AudioResult>;
  /** Joins audio files end to end without clicks (short crossfades), e.g. narration parts. */
  concatenate(request: {
    paths: string[];
    outputPath: string;
    crossfade?: number;
  }): Promise<AudioResult & { offsets: number[] }>;
  /** Integrated loudness (LUFS) and duration of a file. */
  measure(path: string): Promise<{ loudness: number; duration: number }>;
}

// ---------------------------------------------------------------------------------------------
// Video

export const VIDEO_CODECS = ['libx264', 'libx265', 'libvpx-vp9'] as const;
export type VideoCodec = (typeof VIDEO_CODECS)[number];
export const AUDIO_CODECS = ['aac', 'mp3', 'libopus'] as const;
export type AudioCodec = (typeof AUDIO_CODECS)[number];
export const QUALITY_TIERS = ['web', 'medium', 'high', 'custom'] as const;
export type QualityTier = (typeof QUALITY_TIERS)[number];
export const OUTPUT_FORMATS = ['mp4', 'webm', 'mov'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
export const PRESETS = [
  'ultrafast',
  'superfast',
  'veryfast',
  'faster',
  'fast',
  'medium',
  'slow',
  'slower',
  'veryslow',
] as const;
export type Preset = (typeof PRESETS)[number];
export const TRANSCODE_QUALITIES = ['low', 'medium', 'high', 'ultra'] as const;
export type TranscodeQuality = (typeof TRANSCODE_QUALITIES)[number];
export const WATERMARK_POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export type WatermarkPosition = (typeof WATERMARK_POSITIONS)[number];
export const TRANSITIONS = [
  'none',
  'fade',
  'fadeblack',
  'fadewhite',
  'slideleft',
  'slideright',
  'wipeleft',
  'wiperight',
] as const;
export type TransitionType = (typeof TRANSITIONS)[number];

/** FFmpeg parameters of the merge studio (spec 3 §3); defaults fps 30, preset medium, crf 23. */
export interface FfmpegParams {
  video_codec?: VideoCodec;
  audio_codec?: AudioCodec;
  /** "1280x720" or "720p". */
  resolution?: string;
  fps?: number;
  preset?: Preset;
  crf?: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface SubtitleCue {
  start: number;
  end: number;
  text: string;
}

export interface ProbeResult {
  /** Seconds. */
  duration: number;
  bytes: number;
  formatName: string;
  video?: { codec: string; width: number; height: number; fps: number; pixelFormat: string };
  audio?: { codec: string; sampleRate: number; channels: number };
}

export type ProgressListener = (fraction: number) => void;

export interface SceneClipRequest {
  /** One or more stills shown in turn across the clip. */
  images: string[];
  audioPath?: string;
  /** Defaults to the audio's duration. */
  duration?: number;
  subtitles?: SubtitleCue[];
  size: Size;
  fps: number;
  motion: 'kenburns' | 'pan' | 'static';
  seed: number;
  outputPath: string;
  onProgress?: ProgressListener;
}

export interface ClipInput {
  path: string;
  /** Transition into this clip from the previous one (ignored for the first). */
  transition?: { type: TransitionType; duration: number };
}

export interface AssembleRequest {
  clips: ClipInput[];
  /** Optional music bed under the whole video, ducked under the clips' audio. */
  musicPath?: string;
  size: Size;
  fps: number;
  outputPath: string;
  onProgress?: ProgressListener;
}

export interface MergeInput {
  path: string;
  type: 'video' | 'audio';
  /** Seconds into the output where the input starts. */
  start_time: number;
  volume: number;
}

export interface MergeRequest {
  inputs: MergeInput[];
  tier: QualityTier;
  format: OutputFormat;
  params?: FfmpegParams;
  watermark?: { text: string; position: WatermarkPosition };
  /** Render only the first N seconds (the 30 s preview). */
  previewSeconds?: number;
  outputPath: string;
  onProgress?: ProgressListener;
}

export interface VideoResult {
  path: string;
  probe: ProbeResult;
  /** How the output was made: copied streams (no re-encode) or encoded. */
  method: 'stream_copy' | 'encode';
}

export interface VideoEngine {
  probe(path: string): Promise<ProbeResult>;
  sceneClip(request: SceneClipRequest): Promise<VideoResult>;
  assemble(request: AssembleRequest): Promise<VideoResult>;
  merge(request: MergeRequest): Promise<VideoResult>;
  transcode(request: {
    inputPath: string;
    quality: TranscodeQuality;
    format: OutputFormat;
    outputPath: string;
    onProgress?: ProgressListener;
  }): Promise<VideoResult>;
  thumbnail(request: {
    inputPath: string;
    at?: number;
    width: number;
    outputPath: string;
  }): Promise<{ path: string }>;
}

/** Generated video for a scene (a text/image-to-video model in the cloud; camera motion locally). */
export interface SceneVideoEngine {
  generate(request: {
    prompt: string;
    imagePath?: string;
    duration: number;
    size: Size;
    seed: number;
    outputPath: string;
  }): Promise<VideoResult>;
}

// ---------------------------------------------------------------------------------------------
// Lip-sync

export interface LipSyncRequest {
  portraitPath: string;
  speechPath: string;
  /** When present, mouth shapes follow them; otherwise the speech envelope drives the mouth. */
  visemes?: VisemeTiming[];
  size: Size;
  fps: number;
  outputPath: string;
  onProgress?: ProgressListener;
}

export interface LipSyncResult extends VideoResult {
  processing_method: 'visemes' | 'audio_envelope';
}

export interface LipSyncEngine {
  talkingClip(request: LipSyncRequest): Promise<LipSyncResult>;
}

// ---------------------------------------------------------------------------------------------

export interface Engine {
  text: TextEngine;
  speech: SpeechEngine;
  image: ImageEngine;
  audio: AudioEngine;
  video: VideoEngine;
  sceneVideo: SceneVideoEngine;
  lipSync: LipSyncEngine;
}
