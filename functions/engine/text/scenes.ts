/**
 * Splits a chapter into consecutive scenes that cover all of it. Cuts go where the author marked a
 * break ("* * *", extra blank lines), where time or place shifts ("That afternoon", "At dusk"), then
 * at paragraph ends, with lengths kept as even as those cues allow (dynamic programming).
 */
import { sentenceSpans, type TextSpan } from './sentences';

export interface SceneSpan {
  start: number;
  end: number;
}

interface Unit {
  start: number;
  end: number;
  /** How good a place the boundary before this unit is for a cut. */
  strength: number;
}

const BREAK_MARKER =
  /^\s*(?:(?:\*\s*){1,}|(?:#\s*){1,}|(?:[-–—]\s*){3,}|(?:~\s*)+|(?:[•·]\s*)+|(?:o\s+){2,}o)\s*$/;
const TIME_SHIFT =
  /^(?:the\s+next\s+(?:morning|day|evening|night|week)|next\s+(?:morning|day)|(?:that|this)\s+(?:morning|afternoon|evening|night)|later|hours?\s+later|days?\s+later|weeks?\s+later|some\s+time\s+later|an\s+hour\s+later|afterwards?|the\s+following|by\s+(?:dawn|noon|nightfall|evening|morning|midnight|the\s+time)|at\s+(?:dawn|dusk|midnight|noon|first\s+light|sunrise|sunset|daybreak|nightfall)|long\s+after|when\s+(?:the\s+)?(?:morning|night|dawn|evening)|in\s+the\s+(?:morning|evening|night|afternoon)|meanwhile|that\s+same|on\s+the\s+(?:next|following)|it\s+was\s+(?:dawn|dusk|night|morning|evening))\b/i;
const PLACE_SHIFT =
  /^(?:at|in|inside|outside|back\s+(?:at|in)|across|far\s+away|on\s+the\s+other\s+side|elsewhere)\s+(?:the\s+)?\p{Lu}?/iu;

/** Weight of boundary quality against evenness of scene lengths. */
const CUE_WEIGHT = 0.8;
/** Above this many sentences the search runs on blocks of sentences to stay fast. */
const MAX_UNITS = 600;

export function segmentScenes(text: string, requested: number): SceneSpan[] {
  const units = coarsen(buildUnits(text), MAX_UNITS);
  const count = Math.max(1, Math.min(requested, units.length));
  if (units.length === 0) return [{ start: 0, end: text.length }];
  const starts = bestCuts(units, count);
  return starts.map((unitIndex, i) => ({
    start: i === 0 ? 0 : units[unitIndex]!.start,
    end: i + 1 < starts.length ? units[starts[i + 1]!]!.start : text.length,
  }));
}

/** Sentences with letters, each with the strength of the boundary before it. */
function buildUnits(text: string): Unit[] {
  const spans = sentenceSpans(text);
  const units: Unit[] = [];
  let pendingMarker = false;
  let previous: TextSpan | undefined;
  for (const span of spans) {
    if (!/\p{L}/u.test(span.text) || BREAK_MARKER.test(span.text)) {
      pendingMarker = true;
      continue;
    }
    const gap = previous ? text.slice(previous.end, span.start) : '';
    const paragraphStart = !previous || /\n[ \t]*\n/.test(gap) || /\n/.test(gap);
    let strength = 0;
    if (pendingMarker || /\n[ \t]*\n[ \t]*\n/.test(gap)) strength += 1;
    if (paragraphStart) strength += 0.3;
    const opening = span.text.replace(/^["“‘(]+/, '');
    if (TIME_SHIFT.test(opening)) strength += paragraphStart ? 0.5 : 0.2;
    else if (paragraphStart && PLACE_SHIFT.test(opening)) strength += 0.15;
    // Lines of one conversation belong together.
    if (
      paragraphStart &&
      /^["“‘]/.test(span.text) &&
      previous &&
      /["”’]\s*$|["”’][^"“”]*$/.test(previous.text)
    ) {
      strength -= 0.2;
    }
    units.push({ start: span.start, end: span.end, strength });
    pendingMarker = false;
    previous = span;
  }
  return units;
}

/** Joins runs of sentences into blocks, cutting blocks only at good boundaries where possible. */
function coarsen(units: Unit[], maxUnits: number): Unit[] {
  if (units.length <= maxUnits) return units;
  const total = units.at(-1)!.end - units[0]!.start;
  const target = total / maxUnits;
  const blocks: Unit[] = [];
  let current: Unit | undefined;
  for (const unit of units) {
    const length = current ? unit.start - current.start : 0;
    const close =
      current && ((length >= target && unit.strength >= 0.3) || length >= target * 3 || unit.strength >= 1);
    if (!current || close) {
      if (current) blocks.push(current);
      current = { ...unit };
    } else current.end = unit.end;
  }
  if (current) blocks.push(current);
  return blocks;
}

/** Indices of the first unit of each scene minimising unevenness minus boundary quality. */
function bestCuts(units: Unit[], count: number): number[] {
  const n = units.length;
  const offsets = units.map((u) => u.start);
  const endOf = (i: number) => (i < n ? offsets[i]! : units[n - 1]!.end);
  const total = endOf(n) - offsets[0]!;
  const ideal = total / count;
  const cost = (from: number, to: number) => {
    const deviation = (endOf(to) - offsets[from]!) / ideal - 1;
    return deviation * deviation;
  };
  // best[k][j]: cheapest way to cover units [0, j) with k scenes.
  const best: Float64Array[] = [];
  const choice: Int32Array[] = [];
  for (let k = 0; k <= count; k++) {
    best.push(new Float64Array(n + 1).fill(Number.POSITIVE_INFINITY));
    choice.push(new Int32Array(n + 1).fill(-1));
  }
  best[0]![0] = 0;
  for (let k = 1; k <= count; k++) {
    for (let j = k; j <= n - (count - k); j++) {
      let bestValue = Number.POSITIVE_INFINITY;
      let bestFrom = -1;
      for (let i = k - 1; i < j; i++) {
        const previous = best[k - 1]![i]!;
        if (previous === Number.POSITIVE_INFINITY) continue;
        const bonus = i > 0 ? CUE_WEIGHT * units[i]!.strength : 0;
        const value = previous + cost(i, j) - bonus;
        if (value < bestValue) {
          bestValue = value;
          bestFrom = i;
        }
      }
      best[k]![j] = bestValue;
      choice[k]![j] = bestFrom;
    }
  }
  const starts: number[] = [];
  let j = n;
  for (let k = count; k >= 1; k--) {
    const i = choice[k]![j]!;
    starts.unshift(i);
    j = i;
  }
  return starts;
}
