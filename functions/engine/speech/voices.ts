import { hashString } from '../random';
import { EngineError } from '../types';
import type { SpeechEngine, VoiceChoice, VoiceInfo, VoiceModel } from './types';

/**
 * The voice catalogues (offline espeak voices and Amazon Polly voices) and how a voice is chosen:
 * narrators by the voice model of the forms, characters by their stable seed.
 */

export type NarratorStyle = 'warm' | 'clear' | 'conversational' | 'expressive';
type Gender = VoiceInfo['gender'];

/** A catalogue entry: what the product shows, plus the narration style it suits. */
export interface CatalogueVoice extends VoiceInfo {
  style?: NarratorStyle;
}

/** The voice models of the forms, as a narration style and the gender each is known for. */
const MODEL_STYLES: Record<VoiceModel, { style: NarratorStyle; gender: 'female' | 'male' }> = {
  elevenlabs_narrator: { style: 'warm', gender: 'male' },
  elevenlabs_conversational: { style: 'conversational', gender: 'female' },
  elevenlabs_expressive: { style: 'expressive', gender: 'female' },
  openai_tts: { style: 'clear', gender: 'female' },
  google_wavenet: { style: 'clear', gender: 'male' },
};

export const DEFAULT_LANGUAGE = 'en-GB';

/** The catalogue's language for a BCP-47 tag: the same tag, else the same language, else English. */
export function resolveLanguage(catalogue: readonly CatalogueVoice[], language?: string): string {
  const languages = [...new Set(catalogue.map((voice) => voice.language))];
  const wanted = (language ?? DEFAULT_LANGUAGE).toLowerCase();
  const primary = wanted.split(/[-_]/)[0];
  return (
    languages.find((tag) => tag.toLowerCase() === wanted.replace('_', '-')) ??
    languages.find((tag) => tag.toLowerCase().split('-')[0] === primary) ??
    languages.find((tag) => tag === DEFAULT_LANGUAGE) ??
    languages[0]!
  );
}

/** What callers see of a catalogue entry. */
function publicInfo({ id, name, language, gender, role, description }: CatalogueVoice): VoiceInfo {
  return { id, name, language, gender, role, description };
}

/** The voices of a language (falling back like `resolveLanguage`), or all of them. */
export function listVoices(catalogue: readonly CatalogueVoice[], language?: string): VoiceInfo[] {
  if (!language) return catalogue.map(publicInfo);
  const resolved = resolveLanguage(catalogue, language);
  return catalogue.filter((voice) => voice.language === resolved).map(publicInfo);
}

/** The narrator closest to the wish: an asked-for gender first, then the style, then the style's usual gender. */
function chooseNarrator(
  voices: CatalogueVoice[],
  wish: { style: NarratorStyle; gender?: Gender; usualGender: Gender },
): CatalogueVoice {
  const score = (voice: CatalogueVoice) =>
    (voice.gender === wish.gender ? 4 : 0) +
    (voice.style === wish.style ? 2 : 0) +
    (voice.gender === wish.usualGender ? 1 : 0);
  return voices.reduce((best, voice) => (score(voice) > score(best) ? voice : best));
}

function chooseCharacter(voices: CatalogueVoice[], gender: Gender | undefined, seed: number): CatalogueVoice {
  const characters = voices.filter((voice) => voice.role === 'character');
  const pool = characters.length ? characters : voices;
  const sameGender = gender ? pool.filter((voice) => voice.gender === gender) : pool;
  const candidates = sameGender.length ? sameGender : pool;
  return candidates[hashString(String(seed)) % candidates.length]!;
}

function choose(
  catalogue: readonly CatalogueVoice[],
  wish: {
    language?: string;
    role: 'narrator' | 'character';
    gender?: Gender;
    style?: NarratorStyle;
    /** The gender the voice model is known for, used when none is asked for. */
    usualGender?: Gender;
    seed?: number;
  },
): CatalogueVoice {
  const language = resolveLanguage(catalogue, wish.language);
  const voices = catalogue.filter((voice) => voice.language === language);
  if (wish.role === 'character') return chooseCharacter(voices, wish.gender, wish.seed ?? 0);
  const narrators = voices.filter((voice) => voice.role === 'narrator');
  return chooseNarrator(narrators.length ? narrators : voices, {
    style: wish.style ?? 'warm',
    gender: wish.gender,
    usualGender: wish.usualGender ?? 'male',
  });
}

/**
 * The voice for `choice` in `language` when the catalogue has one there, else in its default
 * language: a book in a language without voices of that kind still speaks.
 */
export function voiceIn(
  speech: Pick<SpeechEngine, 'voiceFor'>,
  choice: VoiceChoice,
  language: string | undefined,
): string {
  try {
    return speech.voiceFor({ ...choice, language });
  } catch {
    return speech.voiceFor(choice);
  }
}

/** The voice id for a voice model, language and role; characters keep their voice through their seed. */
export function chooseVoice(catalogue: readonly CatalogueVoice[], choice: VoiceChoice): string {
  const model = MODEL_STYLES[choice.model ?? choice.style ?? 'elevenlabs_narrator'];
  return choose(catalogue, { ...choice, style: model.style, usualGender: model.gender }).id;
}

/**
 * The catalogue entry for a voice id. Ids of the other catalogue are translated to the closest voice
 * (same language, role, gender and style), so switching providers keeps stories playable.
 */
export function findVoice<T extends CatalogueVoice>(
  own: readonly T[],
  other: readonly CatalogueVoice[],
  id: string,
): T {
  const voice = own.find((entry) => entry.id === id);
  if (voice) return voice;
  const foreign = other.find((entry) => entry.id === id);
  if (!foreign)
    throw new EngineError('unknown_voice', `There is no voice "${id}". Choose one from the voice list.`);
  const equivalent = choose(own, { ...foreign, seed: hashString(foreign.id) });
  return own.find((entry) => entry.id === equivalent.id)!;
}

// ---------------------------------------------------------------------------------------------
// Offline voices (espeak-ng)

export interface LocalVoice extends CatalogueVoice {
  espeak: {
    /** espeak voice identifier plus variant. */
    voice: string;
    /** 0–100, relative to the variant. */
    pitch: number;
    /** 0–100, intonation range. */
    range: number;
    /** Speaking rate relative to espeak's 175 words per minute. */
    speed: number;
  };
}

interface Persona {
  key: string;
  name: string;
  gender: Gender;
  role: 'narrator' | 'character';
  style?: NarratorStyle;
  description: string;
  variant: string;
  pitch: number;
  range: number;
  speed: number;
}

/** The same cast in every language; variants, pitch and speed keep them clearly apart. */
// prettier-ignore
const PERSONAS: Persona[] = [
  { key: 'narrator-warm', name: 'Warm narrator', gender: 'male', role: 'narrator', style: 'warm', description: 'Low, unhurried storyteller for long narration', variant: 'm3', pitch: 38, range: 42, speed: 0.9 },
  { key: 'narrator-warm-female', name: 'Warm narrator (female)', gender: 'female', role: 'narrator', style: 'warm', description: 'Mellow, unhurried storyteller for long narration', variant: 'f2', pitch: 40, range: 45, speed: 0.9 },
  { key: 'narrator-clear', name: 'Clear narrator', gender: 'female', role: 'narrator', style: 'clear', description: 'Even, precise voice for lessons and summaries', variant: 'f4', pitch: 50, range: 48, speed: 0.97 },
  { key: 'narrator-clear-male', name: 'Clear narrator (male)', gender: 'male', role: 'narrator', style: 'clear', description: 'Even, precise voice for lessons and summaries', variant: 'm2', pitch: 50, range: 45, speed: 0.97 },
  { key: 'narrator-conversational', name: 'Conversational narrator', gender: 'female', role: 'narrator', style: 'conversational', description: 'Natural, lively voice, like a friend telling the story', variant: 'f3', pitch: 52, range: 62, speed: 1.03 },
  { key: 'narrator-conversational-male', name: 'Conversational narrator (male)', gender: 'male', role: 'narrator', style: 'conversational', description: 'Natural, lively voice, like a friend telling the story', variant: 'm6', pitch: 48, range: 60, speed: 1.03 },
  { key: 'narrator-expressive', name: 'Expressive narrator', gender: 'female', role: 'narrator', style: 'expressive', description: 'Wide-ranging, dramatic reading voice', variant: 'Andrea', pitch: 48, range: 85, speed: 0.98 },
  { key: 'narrator-expressive-male', name: 'Expressive narrator (male)', gender: 'male', role: 'narrator', style: 'expressive', description: 'Wide-ranging, dramatic reading voice', variant: 'm7', pitch: 45, range: 85, speed: 0.98 },
  { key: 'character-heroine', name: 'Heroine', gender: 'female', role: 'character', description: 'Young woman, bright and quick', variant: 'f3', pitch: 62, range: 66, speed: 1.06 },
  { key: 'character-girl', name: 'Girl', gender: 'female', role: 'character', description: 'Girl or very young woman, high and lively', variant: 'f4', pitch: 82, range: 75, speed: 1.12 },
  { key: 'character-matron', name: 'Matron', gender: 'female', role: 'character', description: 'Mature woman, low and steady', variant: 'f1', pitch: 32, range: 42, speed: 0.94 },
  { key: 'character-grandmother', name: 'Grandmother', gender: 'female', role: 'character', description: 'Elderly woman, slow with a tremor', variant: 'grandma', pitch: 50, range: 55, speed: 0.84 },
  { key: 'character-gentle', name: 'Gentle woman', gender: 'female', role: 'character', description: 'Soft-spoken, warm woman', variant: 'Annie', pitch: 45, range: 40, speed: 0.95 },
  { key: 'character-breathy', name: 'Breathy woman', gender: 'female', role: 'character', description: 'Breathy, intimate woman', variant: 'f5', pitch: 55, range: 55, speed: 0.98 },
  { key: 'character-hero', name: 'Hero', gender: 'male', role: 'character', description: 'Young man, confident and direct', variant: 'm1', pitch: 52, range: 58, speed: 1.05 },
  { key: 'character-youth', name: 'Youth', gender: 'male', role: 'character', description: 'Boy or youth, quick and light', variant: 'm6', pitch: 72, range: 66, speed: 1.15 },
  { key: 'character-baritone', name: 'Baritone', gender: 'male', role: 'character', description: 'Deep, slow and weighty', variant: 'm4', pitch: 26, range: 40, speed: 0.88 },
  { key: 'character-gruff', name: 'Gruff man', gender: 'male', role: 'character', description: 'Gravelly, rough-edged man', variant: 'croak', pitch: 35, range: 50, speed: 0.95 },
  { key: 'character-grandfather', name: 'Grandfather', gender: 'male', role: 'character', description: 'Old man, slow and shaky', variant: 'grandpa', pitch: 42, range: 45, speed: 0.82 },
  { key: 'character-cold', name: 'Cold man', gender: 'male', role: 'character', description: 'Cold, measured, low voice for villains', variant: 'm8', pitch: 24, range: 28, speed: 0.9 },
  { key: 'character-neutral', name: 'Neutral voice', gender: 'neutral', role: 'character', description: 'Even, androgynous voice', variant: 'Alex', pitch: 55, range: 50, speed: 1.0 },
  { key: 'character-child', name: 'Child', gender: 'neutral', role: 'character', description: 'Small child, very high', variant: 'zac', pitch: 50, range: 62, speed: 1.1 },
];

const LOCAL_LANGUAGES = [
  { tag: 'en-GB', espeak: 'gmw/en', label: 'British English' },
  { tag: 'en-US', espeak: 'gmw/en-US', label: 'American English' },
  { tag: 'es-ES', espeak: 'roa/es', label: 'Spanish' },
  { tag: 'es-MX', espeak: 'roa/es-419', label: 'Latin American Spanish' },
  { tag: 'fr-FR', espeak: 'roa/fr', label: 'French' },
  { tag: 'de-DE', espeak: 'gmw/de', label: 'German' },
  { tag: 'it-IT', espeak: 'roa/it', label: 'Italian' },
  { tag: 'pt-BR', espeak: 'roa/pt-BR', label: 'Brazilian Portuguese' },
  { tag: 'pt-PT', espeak: 'roa/pt', label: 'European Portuguese' },
  { tag: 'nl-NL', espeak: 'gmw/nl', label: 'Dutch' },
];

export const LOCAL_VOICES: readonly LocalVoice[] = LOCAL_LANGUAGES.flatMap((language) =>
  PERSONAS.map(({ key, name, gender, role, style, description, variant, pitch, range, speed }) => ({
    id: `local:${language.tag}:${key}`,
    name,
    language: language.tag,
    gender,
    role,
    ...(style ? { style } : {}),
    description: `${description} (${language.label}).`,
    espeak: { voice: `${language.espeak}+${variant}`, pitch, range, speed },
  })),
);

// ---------------------------------------------------------------------------------------------
// Amazon Polly voices (neural engine)

export interface PollyVoice extends CatalogueVoice {
  /** Polly's VoiceId. */
  pollyId: string;
}

function polly(
  language: string,
  pollyId: string,
  gender: Gender,
  description: string,
  style?: NarratorStyle,
  displayName = pollyId,
): PollyVoice {
  return {
    id: `polly:${language}:${pollyId}`,
    name: displayName,
    language,
    gender,
    role: style ? 'narrator' : 'character',
    ...(style ? { style } : {}),
    description,
    pollyId,
  };
}

export const POLLY_VOICES: readonly PollyVoice[] = [
  polly('en-GB', 'Brian', 'male', 'Warm British male narrator.', 'warm'),
  polly('en-GB', 'Amy', 'female', 'Clear British female narrator.', 'clear'),
  polly('en-GB', 'Emma', 'female', 'Friendly British female voice.', 'conversational'),
  polly('en-GB', 'Arthur', 'male', 'Friendly British male voice.', 'conversational'),
  polly('en-US', 'Matthew', 'male', 'Warm American male narrator.', 'warm'),
  polly('en-US', 'Joanna', 'female', 'Clear American female narrator.', 'clear'),
  polly('en-US', 'Ruth', 'female', 'Natural, conversational American female voice.', 'conversational'),
  polly('en-US', 'Stephen', 'male', 'Natural, conversational American male voice.', 'conversational'),
  polly('en-US', 'Danielle', 'female', 'Expressive American female voice.', 'expressive'),
  polly('en-US', 'Gregory', 'male', 'Expressive American male voice.', 'expressive'),
  polly('en-US', 'Kendra', 'female', 'Confident American woman.'),
  polly('en-US', 'Kimberly', 'female', 'Bright American woman.'),
  polly('en-US', 'Salli', 'female', 'Gentle American woman.'),
  polly('en-US', 'Joey', 'male', 'Casual American man.'),
  polly('en-US', 'Justin', 'male', 'American boy.'),
  polly('en-US', 'Ivy', 'female', 'American girl.'),
  polly('en-US', 'Kevin', 'male', 'Young American boy.'),
  polly('es-ES', 'Sergio', 'male', 'Castilian Spanish male narrator.', 'warm'),
  polly('es-ES', 'Lucia', 'female', 'Castilian Spanish female narrator.', 'clear', 'Lucía'),
  polly('es-MX', 'Andres', 'male', 'Mexican Spanish male voice.', 'warm', 'Andrés'),
  polly('es-MX', 'Mia', 'female', 'Mexican Spanish female voice.', 'clear'),
  polly('es-US', 'Pedro', 'male', 'US Spanish male voice.', 'warm'),
  polly('es-US', 'Lupe', 'female', 'US Spanish female voice.', 'clear'),
  polly('fr-FR', 'Remi', 'male', 'French male narrator.', 'warm', 'Rémi'),
  polly('fr-FR', 'Lea', 'female', 'French female narrator.', 'clear', 'Léa'),
  polly('fr-CA', 'Liam', 'male', 'Canadian French male voice.', 'warm'),
  polly('fr-CA', 'Gabrielle', 'female', 'Canadian French female voice.', 'clear'),
  polly('de-DE', 'Daniel', 'male', 'German male narrator.', 'warm'),
  polly('de-DE', 'Vicki', 'female', 'German female narrator.', 'clear'),
  polly('it-IT', 'Adriano', 'male', 'Italian male narrator.', 'warm'),
  polly('it-IT', 'Bianca', 'female', 'Italian female narrator.', 'clear'),
  polly('pt-BR', 'Thiago', 'male', 'Brazilian Portuguese male narrator.', 'warm'),
  polly('pt-BR', 'Camila', 'female', 'Brazilian Portuguese female narrator.', 'clear'),
  polly('pt-BR', 'Vitoria', 'female', 'Brazilian Portuguese female voice.', 'conversational', 'Vitória'),
  polly('pt-PT', 'Ines', 'female', 'European Portuguese female narrator.', 'clear', 'Inês'),
  polly('nl-NL', 'Laura', 'female', 'Dutch female narrator.', 'clear'),
];
