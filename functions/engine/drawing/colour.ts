/** Colour arithmetic on #rrggbb strings, so drawing code can derive shades from one base colour. */
export type Rgb = [number, number, number];

const clampByte = (value: number) => Math.max(0, Math.min(255, Math.round(value)));

export function parseHex(hex: string): Rgb {
  const value = hex.replace('#', '');
  const full =
    value.length === 3
      ? value
          .split('')
          .map((c) => c + c)
          .join('')
      : value;
  const number = Number.parseInt(full, 16);
  if (!/^[0-9a-f]{6}$/i.test(full) || Number.isNaN(number)) throw new Error(`Not a hex colour: ${hex}`);
  return [(number >> 16) & 255, (number >> 8) & 255, number & 255];
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => clampByte(c).toString(16).padStart(2, '0')).join('')}`;
}

/** Linear blend: 0 gives `a`, 1 gives `b`. */
export function mix(a: string, b: string, amount: number): string {
  const ca = parseHex(a);
  const cb = parseHex(b);
  return toHex([0, 1, 2].map((i) => ca[i]! + (cb[i]! - ca[i]!) * amount) as Rgb);
}

export const lighten = (hex: string, amount: number) => mix(hex, '#ffffff', amount);
export const darken = (hex: string, amount: number) => mix(hex, '#000000', amount);

/** Perceived brightness 0–1 (Rec. 601 weights, good enough for styling decisions). */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

/** Moves a colour towards (amount > 0) or away from (amount < 0) its own grey. */
export function saturate(hex: string, amount: number): string {
  const grey = Math.round(luminance(hex) * 255);
  const [r, g, b] = parseHex(hex);
  const scale = 1 + amount;
  return toHex([grey + (r - grey) * scale, grey + (g - grey) * scale, grey + (b - grey) * scale]);
}

/** Squared distance in RGB space; cheap similarity for tests and palette checks. */
export function distance(a: string | Rgb, b: string | Rgb): number {
  const ca = typeof a === 'string' ? parseHex(a) : a;
  const cb = typeof b === 'string' ? parseHex(b) : b;
  return Math.sqrt((ca[0] - cb[0]) ** 2 + (ca[1] - cb[1]) ** 2 + (ca[2] - cb[2]) ** 2);
}

/** WCAG relative luminance 0–1 (linearised sRGB): what contrast ratios are computed from. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two luminances (1 to 21; body text wants at least 4.5). */
export function luminanceContrast(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

export const contrastRatio = (a: string, b: string) =>
  luminanceContrast(relativeLuminance(a), relativeLuminance(b));
