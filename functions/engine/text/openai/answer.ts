/**
 * The JSON object in a chat model's answer. Models asked for JSON still wrap it: in a ```json
 * fence, after a sentence of prose, after a reasoning block (`<think>…</think>`), or cut off at
 * the token limit. This finds the object or says in words why there is none.
 */

export type Extracted = { ok: true; value: Record<string, unknown> } | { ok: false; reason: string };

/** At most this many candidate objects are tried in one answer. */
const MAX_CANDIDATES = 20;

export function extractJsonObject(content: string): Extracted {
  const text = content.replace(/<think>[\s\S]*?<\/think>/gi, '').trim();
  if (!text) return { ok: false, reason: 'the answer was empty' };

  const fenced = [...text.matchAll(/```[a-zA-Z]*\s*\n?([\s\S]*?)```/g)].map((m) => m[1]!.trim());
  let firstError: string | undefined;
  for (const source of [...fenced, text]) {
    const found = objectIn(source);
    if (found.ok) return found;
    firstError ??= found.reason;
  }
  return { ok: false, reason: firstError ?? 'it contains no JSON object' };
}

/** The first parseable `{…}` of the text, scanning balanced braces outside strings. */
function objectIn(text: string): Extracted {
  let from = text.indexOf('{');
  if (from < 0) return { ok: false, reason: `it contains no JSON object (it begins "${preview(text)}")` };
  let firstError: string | undefined;
  for (let tries = 0; from >= 0 && tries < MAX_CANDIDATES; tries++) {
    const end = closingBrace(text, from);
    if (end < 0) {
      return { ok: false, reason: firstError ?? 'the JSON object is cut off before its end' };
    }
    try {
      const value: unknown = JSON.parse(text.slice(from, end + 1));
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        return { ok: true, value: value as Record<string, unknown> };
      }
    } catch (error) {
      firstError ??= `the JSON is broken (${(error as Error).message})`;
    }
    from = text.indexOf('{', from + 1);
  }
  return { ok: false, reason: firstError ?? 'it contains no JSON object' };
}

/** Index of the brace closing the one at `start`, or -1 when the text ends first. */
function closingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return -1;
}

function preview(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `${line.slice(0, 60)}…` : line;
}

/** The first few problems of a failed schema check, in words ("questions.0.options: …"). */
export function schemaProblems(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const shown = issues.slice(0, 3).map((issue) => {
    const path = issue.path.map(String).join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : '';
  return `it does not match the expected fields — ${shown.join('; ')}${more}`;
}
