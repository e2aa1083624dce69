/**
 * Story structures: each story type's acts (as shares of the story) and beats (at positions in it),
 * mapped onto the scenes of a script.
 */
import type { Act, Beat, StoryType } from './types';

interface ActTemplate {
  title: string;
  /** Share of the story where the act ends (the last act ends at 1). */
  until: number;
  purpose: string;
}

interface BeatTemplate {
  name: string;
  /** Position in the story, 0–1. */
  at: number;
  purpose: string;
}

interface StructureTemplate {
  acts: ActTemplate[];
  beats: BeatTemplate[];
}

const STRUCTURES: Record<StoryType, StructureTemplate> = {
  hero_journey: {
    acts: [
      { title: 'Departure', until: 0.25, purpose: 'the hero leaves the known world' },
      { title: 'Initiation', until: 0.75, purpose: 'trials, allies and the central ordeal' },
      { title: 'Return', until: 1, purpose: 'the hero comes back changed' },
    ],
    beats: [
      { name: 'Ordinary World', at: 0, purpose: 'The hero in everyday life' },
      { name: 'Call to Adventure', at: 0.1, purpose: 'Something disturbs the ordinary world' },
      { name: 'Refusal of the Call', at: 0.16, purpose: 'Doubt or fear holds the hero back' },
      { name: 'Meeting the Mentor', at: 0.21, purpose: 'Guidance or a gift prepares the hero' },
      { name: 'Crossing the Threshold', at: 0.27, purpose: 'The hero commits to the journey' },
      { name: 'Tests, Allies and Enemies', at: 0.4, purpose: 'The hero learns the rules of the new world' },
      { name: 'Approach to the Inmost Cave', at: 0.52, purpose: 'Preparing for the greatest danger' },
      { name: 'The Ordeal', at: 0.6, purpose: 'The hero faces the central crisis' },
      { name: 'Reward', at: 0.7, purpose: 'Something is won from the ordeal' },
      { name: 'The Road Back', at: 0.78, purpose: 'Consequences follow the hero' },
      { name: 'Resurrection', at: 0.9, purpose: 'A final test proves the change' },
      { name: 'Return with the Elixir', at: 1, purpose: 'The hero brings something back' },
    ],
  },
  three_act: {
    acts: [
      { title: 'Setup', until: 0.25, purpose: 'the world, the characters and the problem' },
      { title: 'Confrontation', until: 0.75, purpose: 'rising obstacles and a turning point' },
      { title: 'Resolution', until: 1, purpose: 'the climax and its outcome' },
    ],
    beats: [
      { name: 'Exposition', at: 0, purpose: 'Who, where and what is normal' },
      { name: 'Inciting Incident', at: 0.12, purpose: 'The event that starts the story' },
      { name: 'Plot Point One', at: 0.25, purpose: 'The protagonist commits' },
      { name: 'Rising Action', at: 0.4, purpose: 'Obstacles grow' },
      { name: 'Midpoint', at: 0.5, purpose: 'A reversal changes the stakes' },
      { name: 'Plot Point Two', at: 0.75, purpose: 'The lowest point forces a final push' },
      { name: 'Climax', at: 0.88, purpose: 'The decisive confrontation' },
      { name: 'Resolution', at: 1, purpose: 'The new normal' },
    ],
  },
  save_the_cat: {
    acts: [
      { title: 'Thesis', until: 0.2, purpose: 'the world as it is' },
      { title: 'Antithesis', until: 0.8, purpose: 'the upside-down world' },
      { title: 'Synthesis', until: 1, purpose: 'the world remade' },
    ],
    beats: [
      { name: 'Opening Image', at: 0, purpose: 'A snapshot of the world before' },
      { name: 'Theme Stated', at: 0.05, purpose: 'Someone hints at what the story is about' },
      { name: 'Set-Up', at: 0.08, purpose: 'What is missing in the hero’s life' },
      { name: 'Catalyst', at: 0.1, purpose: 'Life changes' },
      { name: 'Debate', at: 0.15, purpose: 'Should the hero go?' },
      { name: 'Break into Two', at: 0.2, purpose: 'The hero chooses the new world' },
      { name: 'B Story', at: 0.22, purpose: 'A relationship that carries the theme' },
      { name: 'Fun and Games', at: 0.3, purpose: 'The promise of the premise' },
      { name: 'Midpoint', at: 0.5, purpose: 'A false victory or false defeat' },
      { name: 'Bad Guys Close In', at: 0.6, purpose: 'Pressure from outside and within' },
      { name: 'All Is Lost', at: 0.75, purpose: 'The lowest point' },
      { name: 'Dark Night of the Soul', at: 0.78, purpose: 'The hero despairs' },
      { name: 'Break into Three', at: 0.8, purpose: 'The answer appears' },
      { name: 'Finale', at: 0.9, purpose: 'The hero proves the change' },
      { name: 'Final Image', at: 1, purpose: 'The world after' },
    ],
  },
  story_circle: {
    acts: [
      { title: 'Comfort', until: 0.25, purpose: 'a character in a zone of comfort who wants something' },
      { title: 'Search', until: 0.5, purpose: 'into an unfamiliar situation to adapt' },
      { title: 'Price', until: 0.75, purpose: 'getting what they wanted and paying for it' },
      { title: 'Change', until: 1, purpose: 'returning, having changed' },
    ],
    beats: [
      { name: 'You', at: 0, purpose: 'A character in a zone of comfort' },
      { name: 'Need', at: 0.14, purpose: 'But they want something' },
      { name: 'Go', at: 0.28, purpose: 'They enter an unfamiliar situation' },
      { name: 'Search', at: 0.42, purpose: 'They adapt to it' },
      { name: 'Find', at: 0.56, purpose: 'They get what they wanted' },
      { name: 'Take', at: 0.7, purpose: 'They pay a heavy price for it' },
      { name: 'Return', at: 0.85, purpose: 'They return to their familiar situation' },
      { name: 'Change', at: 1, purpose: 'Having changed' },
    ],
  },
  seven_point: {
    acts: [
      { title: 'Beginning', until: 0.33, purpose: 'the hook and the first turn' },
      { title: 'Middle', until: 0.67, purpose: 'pressure and the midpoint shift' },
      { title: 'End', until: 1, purpose: 'the final turn and resolution' },
    ],
    beats: [
      { name: 'Hook', at: 0, purpose: 'The starting state' },
      { name: 'Plot Turn 1', at: 0.17, purpose: 'The conflict is introduced' },
      { name: 'Pinch Point 1', at: 0.33, purpose: 'Pressure forces action' },
      { name: 'Midpoint', at: 0.5, purpose: 'From reaction to action' },
      { name: 'Pinch Point 2', at: 0.67, purpose: 'The worst happens' },
      { name: 'Plot Turn 2', at: 0.83, purpose: 'The key to the resolution is found' },
      { name: 'Resolution', at: 1, purpose: 'The end state, opposite of the hook' },
    ],
  },
  freytag: {
    acts: [
      { title: 'Exposition', until: 0.2, purpose: 'the situation and the characters' },
      { title: 'Rising Action', until: 0.45, purpose: 'complications build' },
      { title: 'Climax', until: 0.6, purpose: 'the turning point' },
      { title: 'Falling Action', until: 0.85, purpose: 'consequences unfold' },
      { title: 'Dénouement', until: 1, purpose: 'the outcome settles' },
    ],
    beats: [
      { name: 'Exposition', at: 0, purpose: 'The situation' },
      { name: 'Inciting Moment', at: 0.15, purpose: 'The conflict begins' },
      { name: 'Rising Action', at: 0.32, purpose: 'Tension builds' },
      { name: 'Climax', at: 0.52, purpose: 'The turning point' },
      { name: 'Falling Action', at: 0.72, purpose: 'The consequences' },
      { name: 'Moment of Final Suspense', at: 0.85, purpose: 'A last doubt' },
      { name: 'Dénouement', at: 1, purpose: 'The resolution' },
    ],
  },
};

export interface SceneSummary {
  scene_number: number;
  /** Seconds. */
  estimated_duration: number;
  location: string;
  /** What happens, in order of importance (key actions first). */
  events: string[];
}

/** Scene i belongs to the act whose share of the story holds the scene's midpoint. */
export function buildActs(storyType: StoryType, scenes: readonly SceneSummary[]): Act[] {
  const templates = STRUCTURES[storyType].acts;
  const groups = templates.map(() => [] as SceneSummary[]);
  scenes.forEach((scene, i) => {
    const middle = (i + 0.5) / scenes.length;
    const act = templates.findIndex((t) => middle <= t.until);
    groups[act < 0 ? templates.length - 1 : act]!.push(scene);
  });
  return templates
    .map((template, i) => ({ template, scenes: groups[i]! }))
    .filter((a) => a.scenes.length > 0)
    .map(({ template, scenes: actScenes }, i) => {
      const first = actScenes[0]!;
      const last = actScenes.at(-1)!;
      const range =
        first === last ? `Scene ${first.scene_number}` : `Scenes ${first.scene_number}–${last.scene_number}`;
      const places = [...new Set(actScenes.map((s) => s.location))].slice(0, 3).join(', ');
      return {
        act_number: i + 1,
        title: template.title,
        duration: Math.round(actScenes.reduce((sum, s) => sum + s.estimated_duration, 0) / 6) / 10,
        scenes: actScenes.length,
        description: `${range} (${places}): ${template.purpose}. ${first.events[0] ?? ''}`.trim(),
      };
    });
}

/** Every beat of the story type, placed on the scene at its position in the story. */
export function buildBeats(storyType: StoryType, scenes: readonly SceneSummary[]): Beat[] {
  const used = new Map<number, number>();
  return STRUCTURES[storyType].beats.map((beat) => {
    const index = Math.min(scenes.length - 1, Math.floor(beat.at * scenes.length));
    const scene = scenes[index]!;
    // Beats that share a scene take its events in turn rather than repeating the first.
    const turn = used.get(index) ?? 0;
    used.set(index, turn + 1);
    const event = scene.events.length ? scene.events[turn % scene.events.length] : undefined;
    return {
      name: beat.name,
      description: event ? `${beat.purpose}: ${lowerFirst(event)}` : `${beat.purpose}.`,
      scene_number: scene.scene_number,
    };
  });
}

function lowerFirst(text: string): string {
  // Names stay capitalised; only a leading common word is lowered.
  return /^(The|A|An|It|They|He|She|His|Her|At|In|On)\b/.test(text)
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text;
}
