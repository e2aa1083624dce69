import { ASPECT_RATIOS, type AspectRatio } from '../../image/types';
import { MOODS, TIMES_OF_DAY, type SceneDescription } from '../../text/types';
import type { Size } from '../../types';
import { mentions } from '../../image/local/keywords';

/**
 * A scene description guessed from a free-text prompt (for text-to-video without a picture): the
 * time of day, mood and interior/exterior come from words in it.
 */
const TIME_WORDS: Record<(typeof TIMES_OF_DAY)[number], string[]> = {
  dawn: ['dawn', 'sunrise', 'daybreak'],
  morning: ['morning'],
  day: ['day', 'noon', 'midday', 'daylight'],
  afternoon: ['afternoon'],
  dusk: ['dusk', 'sunset', 'twilight'],
  evening: ['evening'],
  night: ['night', 'midnight', 'moonlit', 'moonlight', 'stars', 'starry'],
};
const INTERIOR_WORDS = [
  'inside',
  'indoors',
  'interior',
  'room',
  'hall',
  'kitchen',
  'library',
  'bedroom',
  'cabin',
  'chamber',
  'tavern',
  'inn',
];

export function sceneFromPrompt(prompt: string): SceneDescription {
  const text = prompt.trim();
  const time = TIMES_OF_DAY.find((t) => mentions(text, TIME_WORDS[t])) ?? 'day';
  const mood = MOODS.find((m) => mentions(text, [m])) ?? 'calm';
  return {
    scene_number: 1,
    location: text.length > 80 ? `${text.slice(0, 77)}…` : text,
    setting_type: mentions(text, INTERIOR_WORDS) ? 'INT' : 'EXT',
    time_of_day: time,
    estimated_duration: 6,
    visual_description: text,
    key_actions: [],
    audio_requirements: [],
    characters: [],
    mood,
    source_start: 0,
    source_end: 0,
  };
}

/** The aspect ratio closest to a frame size. */
export function nearestAspectRatio(size: Size): AspectRatio {
  const ratio = Math.log(size.width / size.height);
  const value = (a: AspectRatio) => {
    const [w, h] = a.split(':').map(Number);
    return Math.abs(Math.log(w! / h!) - ratio);
  };
  return [...ASPECT_RATIOS].sort((a, b) => value(a) - value(b))[0]!;
}
