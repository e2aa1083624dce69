import type { CreatorScript, CreatorScriptScene } from '../contracts/creator';
import { creatorMessages } from '../contracts/creator';
import { sceneHeading, toFountain, type FountainScene, type SceneElement } from '../engine/text/fountain';
import { splitSentences, STOP_WORDS } from '../engine/text/sentences';
import type { TimeOfDay } from '../engine/text/types';

/**
 * Creator Mode's screenplays from a prompt, in two ways. Arranged (no text model): the prompt's own
 * sentences, in order and word for word, grouped into scenes where the prompt cues a new one
 * ("Scene 2:", a scene heading, "Later", "That night"…), its quoted lines becoming dialogue.
 * Written: a text model's plain-text screenplay read back into scenes. Both end as the same
 * scenes and the same Fountain export as chapter scripts.
 */
export interface DraftScene {
  location: string;
  setting_type: 'INT' | 'EXT';
  time_of_day: TimeOfDay;
  elements: CreatorScriptScene['elements'];
}

export interface DraftScript {
  title: string;
  scenes: DraftScene[];
}

const HEADING = /^(INT\.?\/EXT|I\/E|INT|EXT|EST)[.\s]\s*(.+)$/i;
const SCENE_LABEL =
  /^(?:scene|act)\s+(?:\d+|[ivx]+|one|two|three|four|five|six|seven|eight|nine|ten)\b\s*[:.\-–—]?\s*/i;
const SCENE_CUE =
  /^(?:later|meanwhile|elsewhere|suddenly,|the next (?:morning|day|night|evening)|next (?:morning|day)|that (?:night|evening|morning|afternoon)|(?:hours|days|weeks|months|years) later|back (?:at|in|on)|at (?:dawn|dusk|night|midnight|noon)|in the (?:morning|evening)|the following|finally,|in the end)\b/i;
const TRANSITION = /^(?:fade (?:in|out)|cut to|dissolve to|smash cut to|match cut to)[:.]?$/i;
const QUOTE = /[“"]([^”"]+)[”"]/g;
const VERBS =
  'said|says|asks|asked|whispers|whispered|shouts|shouted|replies|replied|cries|cried|murmurs|murmured|answers|answered|calls|called|mutters|muttered|yells|yelled|adds|added|insists|insisted|snaps|snapped|begs|begged|warns|warned|tells|told'.split(
    '|',
  );
/** Verbs of speech, also capitalised as they open a sentence ("Said Ada, …"); names stay case-sensitive. */
const SPEECH_VERBS = [...VERBS, ...VERBS.map((v) => v[0]!.toUpperCase() + v.slice(1))].join('|');
const NAME = "\\p{Lu}[\\p{L}'’-]+(?:\\s\\p{Lu}[\\p{L}'’-]+)?";
const NAME_THEN_VERB = new RegExp(`(${NAME})\\s+(?:${SPEECH_VERBS})\\b`, 'u');
const VERB_THEN_NAME = new RegExp(`\\b(?:${SPEECH_VERBS})\\s+(${NAME})`, 'u');
const PRONOUN_TAG = new RegExp(`\\b(?:he|she|they)\\s+(?:${SPEECH_VERBS})\\b`, 'iu');
const INDOORS =
  /\b(?:room|kitchen|house|hall|office|cabin|bedroom|library|church|shop|inn|tavern|bar|corridor|cellar|attic|car|train|studio|apartment|flat|cottage|castle|palace|lab|laboratory|classroom|hospital|ward|prison|cell|basement|hut|tent|theatre|theater|restaurant|cafe|café|inside|indoors|lighthouse)\b/i;
const TIMES: [RegExp, TimeOfDay][] = [
  [/\b(?:dawn|sunrise|daybreak)\b/i, 'dawn'],
  [/\b(?:dusk|sunset|twilight)\b/i, 'dusk'],
  [/\b(?:night|midnight|moonlight|nighttime)\b/i, 'night'],
  [/\bevening\b/i, 'evening'],
  [/\bafternoon\b/i, 'afternoon'],
  [/\bmorning\b/i, 'morning'],
  [/\b(?:day|noon|midday|daylight)\b/i, 'day'],
];
const PLACE =
  /\b(?:in|at|on|inside|aboard|outside|into|onto|across|through|along|near|beside|beneath|under)\s+(?:the|a|an|his|her|their|an old|a small)\s+([\p{L}'’-]+(?:\s+[\p{L}'’-]+)?)/iu;

const timeIn = (text: string): TimeOfDay | null => TIMES.find(([pattern]) => pattern.test(text))?.[1] ?? null;

/** The place a sentence puts its scene in: the noun after "in the", "aboard a"… (up to two words, no function words). */
function placeIn(text: string): string | null {
  const match = PLACE.exec(text);
  if (!match) return null;
  const kept: string[] = [];
  for (const word of match[1]!.split(/\s+/)) {
    if (STOP_WORDS.has(word.toLowerCase())) break;
    kept.push(word);
  }
  return kept.join(' ') || null;
}

/** Who says the quoted line: a name tagged with a verb of speech, a pronoun for the last one named, or no one known. */
function speakerOf(sentence: string, lastNamed: string | null): string {
  const rest = sentence.replace(QUOTE, ' ');
  const tagged = NAME_THEN_VERB.exec(rest)?.[1] ?? VERB_THEN_NAME.exec(rest)?.[1];
  if (tagged && !/^(?:He|She|They|I|We|It)$/.test(tagged)) return tagged;
  const colon = /^\s*(\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}[\p{L}'’-]+)?)\s*:/u.exec(sentence)?.[1];
  if (colon) return colon;
  if (PRONOUN_TAG.test(rest) && lastNamed) return lastNamed;
  return 'VOICE';
}

/** A sentence's elements: an action line when it says more than a speech tag, then its quoted lines. */
function sentenceElements(sentence: string, lastNamed: string | null): CreatorScriptScene['elements'] {
  // A line's closing comma belongs to the tag that followed it ("…drown," Mara says).
  const quotes = [...sentence.matchAll(QUOTE)].map((m) => m[1]!.trim().replace(/,$/, '')).filter(Boolean);
  if (quotes.length === 0) return [{ kind: 'action', text: sentence }];
  const speaker = speakerOf(sentence, lastNamed);
  const rest = sentence
    .replace(QUOTE, ' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;:]+|[\s,;:]+$/g, '');
  const elements: CreatorScriptScene['elements'] = [];
  // "she says" alone is the line's tag, not an action; "Mara grips the oar and says" is both.
  if (rest.split(' ').length > 4) elements.push({ kind: 'action', text: rest });
  for (const line of quotes) elements.push({ kind: 'dialogue', character: speaker, line });
  return elements;
}

/** Who a sentence is about: its speaker, else a name that opens it ("Jon laughs."). */
function namedIn(elements: CreatorScriptScene['elements'], sentence: string): string | null {
  const speaker = elements.find((e) => e.kind === 'dialogue' && e.character !== 'VOICE');
  if (speaker?.kind === 'dialogue') return speaker.character;
  const opening = new RegExp(`^(${NAME})\\s+\\p{Ll}`, 'u').exec(sentence)?.[1];
  return opening && !STOP_WORDS.has(opening.split(' ')[0]!.toLowerCase()) ? opening : null;
}

function newScene(previous: DraftScene | undefined): DraftScene {
  return {
    location: previous?.location ?? '',
    setting_type: previous?.setting_type ?? 'EXT',
    time_of_day: previous?.time_of_day ?? 'day',
    elements: [],
  };
}

/** Fills a scene's place and time from its first sentence that names them. */
function situate(scene: DraftScene, text: string, fresh: { place: boolean; time: boolean }) {
  const place = placeIn(text);
  if (place && fresh.place) {
    scene.location = place;
    scene.setting_type = INDOORS.test(place) ? 'INT' : 'EXT';
    fresh.place = false;
  }
  const time = timeIn(text);
  if (time && fresh.time) {
    scene.time_of_day = time;
    fresh.time = false;
  }
}

/** The prompt arranged into scenes (no model): every sentence kept, in order, word for word. */
export function arrangePrompt(prompt: string): DraftScript {
  const scenes: DraftScene[] = [];
  let scene: DraftScene | undefined;
  let fresh = { place: true, time: true };
  // The one a "he says" refers to: the last one named as speaking or acting first in a sentence.
  let lastNamed: string | null = null;
  const open = () => {
    if (scene && scene.elements.length === 0) return scene;
    scene = newScene(scene);
    scenes.push(scene);
    fresh = { place: true, time: true };
    return scene;
  };
  for (const block of prompt.split(/\n/)) {
    const line = block.trim();
    if (!line) continue;
    const heading = HEADING.exec(line);
    if (heading && line === line.toUpperCase()) {
      const current = open();
      Object.assign(current, headingParts(heading[1]!, heading[2]!, current));
      fresh = { place: false, time: false };
      continue;
    }
    for (const raw of splitSentences(line)) {
      const labelled = SCENE_LABEL.test(raw);
      const sentence = raw.replace(SCENE_LABEL, '').trim();
      if (!scene || labelled || SCENE_CUE.test(sentence)) open();
      if (!sentence) continue;
      situate(scene!, sentence, fresh);
      const elements = sentenceElements(sentence, lastNamed);
      lastNamed = namedIn(elements, sentence) ?? lastNamed;
      scene!.elements.push(...elements);
    }
  }
  const kept = scenes.filter((s) => s.elements.length > 0);
  return { title: titleFrom(prompt), scenes: kept };
}

/** "A three-scene screenplay where two rivals share a lifeboat." → its first sentence, shortened. */
function titleFrom(prompt: string): string {
  const first = splitSentences(prompt.replace(SCENE_LABEL, ''))[0] ?? 'Untitled';
  // A title page holds no markup: quotes, emphasis and note brackets are left out.
  const bare = first
    .replace(/[“”"*_]|\[\[|\]\]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!?…]+$/, '');
  if (bare.length <= 60) return bare;
  return `${bare.slice(0, bare.lastIndexOf(' ', 60)).trim()}…`;
}

function headingParts(kind: string, rest: string, previous: DraftScene) {
  const [place, ...times] = rest.split(/\s+[-–—]\s+/);
  const time = timeIn(times.join(' '));
  return {
    location: (place ?? '').replace(/\.$/, '').trim(),
    setting_type: (/^INT/i.test(kind) || /^I\//i.test(kind) ? 'INT' : 'EXT') as 'INT' | 'EXT',
    time_of_day: time ?? previous.time_of_day,
  };
}

/**
 * A text model's plain-text screenplay read back: "Title:" names it, a heading line (INT./EXT.)
 * opens a scene, "NAME: words" (or a NAME line above its words) is dialogue, transitions are
 * dropped, every other line is action.
 */
export function readWrittenScript(answer: string, fallbackTitle: string): DraftScript {
  const scenes: DraftScene[] = [];
  let title = fallbackTitle;
  let cue: string | null = null;
  const current = () => {
    if (!scenes.length) scenes.push(newScene(undefined));
    return scenes.at(-1)!;
  };
  for (const raw of answer.split(/\n/)) {
    // Markdown a model adds anyway (headings, bold) is not part of the script.
    const line = raw
      .replace(/\*\*|__/g, '')
      .replace(/^[#*\s]+|[*\s]+$/g, '')
      .trim();
    if (!line) {
      cue = null;
      continue;
    }
    const titled = /^title\s*:\s*(.+)$/i.exec(line);
    if (titled) {
      title = titled[1]!.replace(/^["“]|["”]$/g, '').trim() || title;
      continue;
    }
    if (TRANSITION.test(line)) continue;
    const heading = HEADING.exec(line);
    if (heading) {
      const scene = newScene(scenes.at(-1));
      Object.assign(scene, headingParts(heading[1]!, heading[2]!, scene));
      scenes.push(scene);
      cue = null;
      continue;
    }
    const spoken =
      /^([\p{Lu}][\p{Lu}\p{N} .'’-]{0,30}|[\p{Lu}][\p{L}'’-]+(?: [\p{Lu}][\p{L}'’-]+)?)\s*(?:\([^)]*\))?\s*:\s*(.+)$/u.exec(
        line,
      );
    if (spoken) {
      current().elements.push({ kind: 'dialogue', character: spoken[1]!.trim(), line: spoken[2]!.trim() });
      continue;
    }
    if (cue && !/^\(.*\)$/.test(line)) {
      current().elements.push({ kind: 'dialogue', character: cue, line });
      continue;
    }
    if (/^[\p{Lu}][\p{Lu} .'’-]{1,30}(?:\s*\([^)]*\))?$/u.test(line) && !/[.!?]$/.test(line)) {
      cue = line.replace(/\s*\(.*\)$/, '').trim();
      continue;
    }
    if (!/^\(.*\)$/.test(line)) current().elements.push({ kind: 'action', text: line });
  }
  return { title, scenes: scenes.filter((s) => s.elements.length > 0) };
}

/** The text model's instructions for a screenplay written from an idea (the idea goes as the source). */
export const WRITE_SCRIPT_INSTRUCTIONS =
  'Write an original short screenplay of 3 to 6 scenes from the idea in the source text. Plain text only, no Markdown. ' +
  'First line: "Title: " and the title. Start each scene with a scene heading such as "INT. KITCHEN - NIGHT" or ' +
  '"EXT. HARBOUR - DAWN". Write action in the present tense, one paragraph per line. Write each line of dialogue as ' +
  '"NAME: the words spoken". Keep any line the idea quotes word for word.';

/** The script the page shows and exports, from either kind of draft. */
export function creatorScriptOf(draft: DraftScript, method: CreatorScript['method']): CreatorScript {
  const scenes: (FountainScene & { elements: SceneElement[] })[] = draft.scenes.map((scene, i) => {
    const dialogue = scene.elements.flatMap((e, at) =>
      e.kind === 'dialogue'
        ? [{ scene_number: i + 1, character: e.character, line: e.line, after_narration: at }]
        : [],
    );
    return {
      scene_number: i + 1,
      location: scene.location,
      setting_type: scene.setting_type,
      time_of_day: scene.time_of_day,
      heading: sceneHeading(scene),
      estimated_duration: 0,
      visual_description: '',
      key_actions: [],
      audio_requirements: [],
      characters: [...new Set(dialogue.map((d) => d.character))],
      mood: 'calm',
      source_start: 0,
      source_end: 0,
      action: scene.elements.flatMap((e) => (e.kind === 'action' ? [e.text] : [])),
      dialogue,
      narration: '',
      elements: scene.elements.map((e) =>
        e.kind === 'action'
          ? { kind: 'action' as const, text: e.text }
          : {
              kind: 'dialogue' as const,
              line: { scene_number: i + 1, character: e.character, line: e.line },
            },
      ),
    };
  });
  return {
    title: draft.title,
    method,
    notice: method === 'arranged' ? creatorMessages.arrangedNotice : creatorMessages.writtenNotice,
    scenes: scenes.map((s, i) => ({
      scene_number: s.scene_number,
      heading: s.heading,
      elements: draft.scenes[i]!.elements,
    })),
    fountain: toFountain({ title: draft.title, style: 'cinematic_movie', scenes }),
  };
}
