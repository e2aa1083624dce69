/**
 * Tiny SVG string builders. Numbers are rounded to two decimals so the markup (and therefore the
 * rendered PNG) is identical across runs and platforms for the same inputs.
 */
export type Attributes = Record<string, string | number | undefined>;

export const num = (value: number) => String(Math.round(value * 100) / 100);

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function attributes(attrs: Attributes): string {
  return Object.entries(attrs)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${typeof value === 'number' ? num(value) : escapeXml(value)}"`)
    .join('');
}

export function el(name: string, attrs: Attributes = {}, children: string | string[] = ''): string {
  const content = Array.isArray(children) ? children.join('') : children;
  return content ? `<${name}${attributes(attrs)}>${content}</${name}>` : `<${name}${attributes(attrs)}/>`;
}

export const group = (children: string | string[], attrs: Attributes = {}) => el('g', attrs, children);

/** A path from points, closed by default. */
export function polygonPath(points: [number, number][], close = true): string {
  return points.map(([x, y], i) => `${i ? 'L' : 'M'}${num(x)} ${num(y)}`).join(' ') + (close ? ' Z' : '');
}

export function linearGradient(id: string, stops: [number, string, number?][], vertical = true): string {
  return el(
    'linearGradient',
    { id, x1: 0, y1: 0, x2: vertical ? 0 : 1, y2: vertical ? 1 : 0 },
    stops.map(([offset, colour, opacity]) =>
      el('stop', { offset, 'stop-color': colour, 'stop-opacity': opacity }),
    ),
  );
}

export function radialGradient(
  id: string,
  stops: [number, string, number?][],
  attrs: Attributes = {},
): string {
  return el(
    'radialGradient',
    { id, ...attrs },
    stops.map(([offset, colour, opacity]) =>
      el('stop', { offset, 'stop-color': colour, 'stop-opacity': opacity }),
    ),
  );
}

export function svgDocument(width: number, height: number, defs: string[], body: string[]): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs>${defs.join('')}</defs>${body.join('')}</svg>`
  );
}
