/**
 * A small reader of the Fountain rules the engine's output relies on (title page, scene headings,
 * transitions, character cues with parentheticals and dialogue, action), so tests can check the
 * structure of a script the way a Fountain app would read it.
 */
export type FountainElement =
  | { type: 'heading' | 'action' | 'transition'; text: string }
  | { type: 'speech'; character: string; parenthetical?: string; lines: string[] };

export interface FountainDocument {
  titlePage: Record<string, string>;
  elements: FountainElement[];
}

const HEADING = /^(?:INT|EXT|EST|INT\.?\/EXT|I\/E)[. ]/i;

export function readFountain(text: string): FountainDocument {
  const [titleBlock = '', ...rest] = text.split(/\n\s*\n/);
  const titlePage: Record<string, string> = {};
  for (const line of titleBlock.split('\n')) {
    const match = /^([A-Za-z ]+):\s*(.*)$/.exec(line);
    if (!match) throw new Error(`not a title page line: ${line}`);
    titlePage[match[1]!] = match[2]!;
  }
  const elements: FountainElement[] = [];
  for (const block of rest) {
    const lines = block.split('\n').filter((l) => l !== '');
    if (lines.length === 0) continue;
    const first = lines[0]!;
    if (lines.length === 1 && !first.startsWith('!') && (HEADING.test(first) || first.startsWith('.'))) {
      elements.push({ type: 'heading', text: first });
    } else if (
      lines.length === 1 &&
      !first.startsWith('!') &&
      (/^[^a-z]*TO:$/.test(first) || (first.startsWith('>') && !first.endsWith('<')))
    ) {
      elements.push({ type: 'transition', text: first.replace(/^>\s*/, '') });
    } else if (
      lines.length > 1 &&
      (first.startsWith('@') ||
        (first === first.toUpperCase() && /\p{Lu}/u.test(first) && !first.startsWith('!')))
    ) {
      const parenthetical = /^\(.*\)$/.test(lines[1]!) ? lines[1]!.slice(1, -1) : undefined;
      elements.push({
        type: 'speech',
        character: first.replace(/^@/, ''),
        ...(parenthetical ? { parenthetical } : {}),
        lines: lines.slice(parenthetical ? 2 : 1),
      });
    } else {
      elements.push({ type: 'action', text: lines.map((l) => l.replace(/^!/, '')).join(' ') });
    }
  }
  return { titlePage, elements };
}
