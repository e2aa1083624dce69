import type { ImageStyle } from '../image/types';
import { moodOf } from '../text/local/mood';
import { settingNouns, settingTypeOf, withoutDialogue } from '../text/local/places';
import { determined, timeOfDay } from '../text/local/scene-analysis';
import { splitSentences, truncateText } from '../text/sentences';
import { capitalise } from '../text/strings';
import type { Mood, SceneDescription, TimeOfDay } from '../text/types';
import type { SlideStyle } from './slides';

/**
 * What a lesson's slide pictures show, as scene descriptions any image engine draws (the local
 * painter offline, the model server otherwise): the title slide shows the chapter's setting with its
 * first idea, each key-idea slide an illustration of that idea in the chapter's setting (or in the
 * place the idea itself names). The setting is read from the chapter's narration with the same
 * readers the screenplay's scenes use, so a lesson needs no screenplay and no text model for it.
 */
export interface ChapterSetting {
  location: string;
  setting_type: 'INT' | 'EXT';
  time_of_day: TimeOfDay;
  mood: Mood;
}

/** The picture style each slide look asks for (a whiteboard is drawn in pencil). */
export const SLIDE_ART_STYLE: Record<SlideStyle, ImageStyle> = {
  udemy: 'realistic',
  whiteboard: 'sketch',
  minimal: 'cartoon',
};

/** What every slide picture is asked to leave out: the slide already carries the words. */
export const SLIDE_ART_WISH =
  'An illustration for a lesson slide: no writing, letters or captions in the picture.';

/** The heaviest setting noun written as a thing ("the room", not "room for doubt"), as scenes read it. */
function placeIn(sentences: readonly string[]) {
  const text = sentences.join(' ');
  return settingNouns(sentences).find((n) => determined(n.noun, text));
}

/** Where and when the chapter mostly happens: its most written setting noun, its opening time cues, its mood. */
export function chapterSetting(chapterText: string): ChapterSetting {
  const narration = splitSentences(withoutDialogue(chapterText));
  const noun = placeIn(narration);
  return {
    location: noun ? capitalise(noun.noun) : '',
    setting_type: settingTypeOf(noun, narration.join(' ')),
    time_of_day: timeOfDay(narration) ?? 'day',
    mood: moodOf(chapterText),
  };
}

/**
 * The picture of one slide: its words (a heading and statements) in the chapter's setting. A place
 * the words name ("the harbour") wins over the chapter's; so do their time of day and a mood they
 * carry.
 */
export function slideScene(
  sceneNumber: number,
  heading: string,
  statements: readonly string[],
  setting: ChapterSetting,
): SceneDescription {
  const text = [heading.replace(/[.:;,]?$/, '.'), ...statements].join(' ');
  const sentences = splitSentences(text);
  const noun = placeIn(sentences);
  const location = noun ? capitalise(noun.noun) : setting.location || heading;
  const time = timeOfDay(sentences) ?? setting.time_of_day;
  const mood = moodOf(text);
  return {
    scene_number: sceneNumber,
    location,
    setting_type: noun ? noun.type : setting.setting_type,
    time_of_day: time,
    estimated_duration: 0,
    visual_description: truncateText(`${location}, ${time}. ${text}`, 600),
    key_actions: [],
    audio_requirements: [],
    characters: [],
    mood: mood === 'calm' ? setting.mood : mood,
    source_start: 0,
    source_end: 0,
  };
}
