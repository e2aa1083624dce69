/**
 * A stand-in text model's answer: a JSON value that matches the JSON Schema a provider put at the end
 * of its prompt ("Reply with one JSON object that matches this JSON Schema:\n{…}"), filled with the
 * prompt's own sentences and the names it uses most. Not a good answer — a valid one, so a whole
 * pipeline can run on a text model without the network.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  exclusiveMinimum?: number;
}

const NAME_FIELDS = /^(name|character|speaker)$/;
const COMMON_CAPITALS = new Set(
  'The A An And But He She It They We I You His Her Their Then When What Where Why How One Reply Passage Chapter Scene Return Keep Write Use Only Each'.split(
    ' ',
  ),
);

/** The answer to one chat prompt, as the text of the assistant's message. */
export function answerFromSchema(prompt: string): string {
  const marker = prompt.lastIndexOf('JSON Schema:\n');
  if (marker < 0) return '{}';
  const schema = JSON.parse(prompt.slice(marker + 'JSON Schema:\n'.length)) as JsonSchema;
  return JSON.stringify(valueOfSchema(schema, prompt.slice(0, marker)));
}

/** A value matching `schema`, its strings taken from `text` (a tool's input, as Bedrock asks for one). */
export function valueOfSchema(schema: JsonSchema, text: string): unknown {
  const sentences = text.match(/[^.!?\n]{12,}[.!?]/g)?.map((s) => s.trim()) ?? ['Something happens.'];
  const counts = new Map<string, number>();
  for (const word of text.match(/\b[A-Z][a-z]{2,}\b/g) ?? [])
    if (!COMMON_CAPITALS.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
  const names = [...counts].sort((a, b) => b[1] - a[1]).map(([name]) => name);
  let next = 0;
  const sentence = () => sentences[next++ % sentences.length]!;
  const name = (i: number) => names[i % Math.max(1, names.length)] ?? 'Someone';

  const fill = (node: JsonSchema, key: string, index: number): unknown => {
    if (node.const !== undefined) return node.const;
    if (node.enum?.length) return node.enum[index % node.enum.length];
    if (node.anyOf?.length)
      return fill(node.anyOf.find((option) => option.type !== 'null') ?? node.anyOf[0]!, key, index);
    const type = Array.isArray(node.type) ? node.type.find((t) => t !== 'null') : node.type;
    if (type === 'object' || node.properties) {
      const out: Record<string, unknown> = {};
      for (const field of node.required ?? Object.keys(node.properties ?? {}))
        out[field] = fill(node.properties?.[field] ?? {}, field, index);
      return out;
    }
    if (type === 'array') {
      const count = Math.min(node.maxItems ?? 3, Math.max(node.minItems ?? 0, key === 'characters' ? 2 : 3));
      return Array.from({ length: count }, (_, i) =>
        fill(node.items ?? {}, key === 'characters' ? 'name' : key, i),
      );
    }
    if (type === 'integer' || type === 'number') {
      if (node.minimum !== undefined) return node.minimum + (key.endsWith('number') ? index : 0);
      if (node.exclusiveMinimum !== undefined) return node.exclusiveMinimum + 10;
      return key.endsWith('number') ? index + 1 : 10;
    }
    if (type === 'boolean') return true;
    return NAME_FIELDS.test(key) ? name(index) : sentence();
  };
  return fill(schema, '', 0);
}
