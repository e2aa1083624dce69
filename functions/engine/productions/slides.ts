import { textWidth, fontMetrics, type FontFace } from '../drawing/font-metrics';
import { FONT_FAMILY, ensureFontconfig } from '../drawing/fontconfig';
import { writeSvgAsPng } from '../drawing/png';
import { escapeXml } from '../drawing/svg';
import type { Size } from '../types';

/**
 * Lesson slides drawn as SVG and rendered with sharp: a kicker, a heading and bullet points in one of
 * three looks. Text is measured with the font's own metrics and laid out inside a card that keeps
 * clear of the presenter's side and of the subtitle band at the bottom.
 */
export type SlideStyle = 'udemy' | 'whiteboard' | 'minimal';

export interface Slide {
  kicker: string;
  heading: string;
  bullets: string[];
  /** e.g. "2 / 6" */
  footer: string;
}

const THEMES: Record<
  SlideStyle,
  { background: string; panel: string; heading: string; text: string; accent: string }
> = {
  udemy: { background: '#1c1d1f', panel: '#2d2f31', heading: '#ffffff', text: '#d1d7dc', accent: '#a435f0' },
  whiteboard: {
    background: '#fbfaf6',
    panel: '#ffffff',
    heading: '#1f2937',
    text: '#374151',
    accent: '#2563eb',
  },
  minimal: {
    background: '#0f172a',
    panel: '#0f172a',
    heading: '#f8fafc',
    text: '#cbd5e1',
    accent: '#38bdf8',
  },
};

/** Base type sizes as shares of the frame height; a crowded slide goes down to `MIN_SCALE` of them. */
const HEADING_SIZE = 0.065;
const TEXT_SIZE = 0.042;
export const MIN_SCALE = 0.75;
const SCALES = [1, 0.95, 0.9, 0.85, 0.8, MIN_SCALE];
/** The bottom share of the frame the subtitles use: slides draw nothing there. */
export const SUBTITLE_BAND = 0.2;
const HEADING_MAX_LINES = 3;
const KICKER_SPACING = 2;

export interface TextLine {
  text: string;
  /** Left edge (or right edge for `anchor: 'end'`) and baseline. */
  x: number;
  y: number;
  size: number;
  face: FontFace;
  anchor?: 'end';
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SlideLayout {
  /** Everything fits inside the card at `scale`. */
  fits: boolean;
  /** The type scale used, 1 down to MIN_SCALE. */
  scale: number;
  headingSize: number;
  textSize: number;
  /** The panel the text sits on; it ends above the subtitle band and left of the presenter. */
  card: Box;
  /** The area text may use inside the card. */
  content: Box;
  kicker: TextLine;
  footer: TextLine;
  heading: TextLine[];
  bullets: { dot: { cx: number; cy: number; r: number }; lines: TextLine[] }[];
  /** The lowest pixel of text drawn (descenders included). */
  bottom: number;
}

/**
 * Words into lines no wider than `maxWidth`, measured with the font; a word wider than a line on its
 * own is broken with a hyphen. Nothing is dropped.
 */
export function wrapByWidth(
  text: string,
  maxWidth: number,
  fontSize: number,
  face: FontFace = 'sans',
): string[] {
  const width = (t: string) => textWidth(t, fontSize, face);
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    for (const piece of breakLongWord(word, maxWidth, width)) {
      const candidate = line ? `${line} ${piece}` : piece;
      if (line && width(candidate) > maxWidth) {
        lines.push(line);
        line = piece;
      } else line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function breakLongWord(word: string, maxWidth: number, width: (t: string) => number): string[] {
  if (width(word) <= maxWidth) return [word];
  const pieces: string[] = [];
  let rest = [...word];
  while (rest.length) {
    let take = rest.length;
    while (take > 1 && width(`${rest.slice(0, take).join('')}-`) > maxWidth) take--;
    const last = take === rest.length;
    pieces.push(`${rest.slice(0, take).join('')}${last ? '' : '-'}`);
    rest = rest.slice(take);
  }
  return pieces;
}

/** The card and the area inside it, for a frame with the right `reserve` share kept for the presenter. */
export function slideFrame(size: Size, reserve: number): { card: Box; content: Box } {
  const { width, height } = size;
  const margin = Math.round(width * 0.06);
  const x = Math.round(margin / 2);
  const y = Math.round(margin / 2);
  const right = Math.floor(width * (1 - reserve) - margin / 4);
  const bottom = Math.floor(height * (1 - SUBTITLE_BAND) - margin / 4);
  const card = { x, y, width: right - x, height: bottom - y };
  const pad = Math.round(margin / 2);
  return {
    card,
    content: {
      x: x + pad,
      y: y + Math.round(pad * 0.8),
      width: card.width - pad * 2,
      height: card.height - pad * 1.6,
    },
  };
}

/**
 * Where every piece of a slide goes, measured with the font before anything is drawn. The type gets
 * smaller (down to MIN_SCALE) until the heading and bullets fit the card; `fits` says whether they
 * did. Lines that would pass the card's bottom are left out, so nothing ever reaches the subtitles.
 */
export function layoutSlide(slide: Slide, style: SlideStyle, size: Size, reserve: number): SlideLayout {
  let layout: SlideLayout | undefined;
  for (const scale of SCALES) {
    layout = layoutAt(slide, size, reserve, scale);
    if (layout.fits) return layout;
  }
  return layout!;
}

function layoutAt(slide: Slide, size: Size, reserve: number, scale: number): SlideLayout {
  const { card, content } = slideFrame(size, reserve);
  const regular = fontMetrics('sans');
  const bold = fontMetrics('sans-bold');
  const headingSize = Math.round(size.height * HEADING_SIZE * scale);
  const textSize = Math.round(size.height * TEXT_SIZE * scale);
  const smallSize = Math.round(size.height * TEXT_SIZE * 0.75);
  const limit = content.y + content.height;
  let fits = true;
  const topLine = Math.round(content.y + bold.ascent * smallSize);
  const footerText = slide.footer;
  const footerWidth = textWidth(footerText, smallSize);
  // The kicker keeps clear of the footer; it is a label, so a long one is cut at a word.
  const kickerRoom = content.width - footerWidth - smallSize;
  const kickerText = fitLabel(slide.kicker.toUpperCase(), kickerRoom, smallSize);
  const kicker: TextLine = { text: kickerText, x: content.x, y: topLine, size: smallSize, face: 'sans-bold' };
  const footer: TextLine = {
    text: footerText,
    x: content.x + content.width,
    y: topLine,
    size: smallSize,
    face: 'sans',
    anchor: 'end',
  };
  let cursor = topLine + regular.descent * smallSize + smallSize * 0.9;
  const heading: TextLine[] = [];
  const headingLines = wrapByWidth(slide.heading, content.width, headingSize, 'sans-bold');
  if (headingLines.length > HEADING_MAX_LINES) fits = false;
  for (const text of headingLines.slice(0, HEADING_MAX_LINES)) {
    const y = Math.round(cursor + bold.ascent * headingSize);
    if (y + bold.descent * headingSize > limit) {
      fits = false;
      break;
    }
    heading.push({ text, x: content.x, y, size: headingSize, face: 'sans-bold' });
    cursor = y + bold.descent * headingSize + headingSize * 0.12;
  }
  cursor += textSize * 0.7;
  const indent = textSize * 1.2;
  const lineHeight = textSize * 1.3;
  const bullets: SlideLayout['bullets'] = [];
  for (const bullet of slide.bullets) {
    const lines: TextLine[] = [];
    let y = Math.round(cursor + regular.ascent * textSize);
    for (const text of wrapByWidth(bullet, content.width - indent, textSize)) {
      if (y + regular.descent * textSize > limit) {
        fits = false;
        break;
      }
      lines.push({ text, x: Math.round(content.x + indent), y, size: textSize, face: 'sans' });
      y = Math.round(y + lineHeight);
    }
    if (!lines.length) break;
    const first = lines[0]!;
    bullets.push({
      dot: { cx: content.x + textSize * 0.35, cy: first.y - textSize * 0.35, r: textSize * 0.2 },
      lines,
    });
    cursor = lines.at(-1)!.y + regular.descent * textSize + textSize * 0.45;
    if (lines.length < wrapByWidth(bullet, content.width - indent, textSize).length) break;
  }
  if (bullets.length < slide.bullets.length) fits = false;
  const last = bullets.at(-1)?.lines.at(-1) ?? heading.at(-1);
  const bottom = last ? last.y + (last.face === 'sans' ? regular : bold).descent * last.size : topLine;
  return { fits, scale, headingSize, textSize, card, content, kicker, footer, heading, bullets, bottom };
}

/** A one-line label cut at a word to fit `maxWidth` (kickers are short; this is a guard). */
function fitLabel(text: string, maxWidth: number, size: number): string {
  const width = (t: string) => textWidth(t, size, 'sans-bold', KICKER_SPACING);
  if (width(text) <= maxWidth) return text;
  const words = text.split(/\s+/);
  while (words.length > 1 && width(words.join(' ')) > maxWidth) words.pop();
  return words.join(' ');
}

/** The slide as SVG, drawn from its layout; the right `reserve` share of the width is left for the presenter. */
export function slideSvg(slide: Slide, style: SlideStyle, size: Size, reserve: number): string {
  const theme = THEMES[style];
  const { width, height } = size;
  const layout = layoutSlide(slide, style, size, reserve);
  const { card } = layout;
  const text = (line: TextLine, fill: string, extra = '') =>
    `<text x="${round(line.x)}" y="${round(line.y)}"${line.anchor ? ` text-anchor="${line.anchor}"` : ''} font-family="${FONT_FAMILY}" font-size="${line.size}"${line.face === 'sans-bold' ? ' font-weight="bold"' : ''} fill="${fill}"${extra}>${escapeXml(line.text)}</text>`;
  const parts: string[] = [
    `<rect width="${width}" height="${height}" fill="${theme.background}"/>`,
    `<rect x="${card.x}" y="${card.y}" width="${card.width}" height="${card.height}" rx="${Math.round(width * 0.02)}" fill="${theme.panel}"/>`,
    text(layout.kicker, theme.accent, ` letter-spacing="${KICKER_SPACING}"`),
    // The footer sits at the top, beside the kicker: the bottom of the frame belongs to the subtitles.
    text(layout.footer, theme.text, ' opacity="0.7"'),
    ...layout.heading.map((line) => text(line, theme.heading)),
  ];
  for (const bullet of layout.bullets) {
    parts.push(
      `<circle cx="${round(bullet.dot.cx)}" cy="${round(bullet.dot.cy)}" r="${round(bullet.dot.r)}" fill="${theme.accent}"/>`,
      ...bullet.lines.map((line) => text(line, theme.text)),
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * A slide whose bullets do not fit even at the smallest type, split into slides that do: the
 * bullets shared out in order, each part titled "Heading (1/2)". A single bullet that cannot fit
 * stays on its own slide (its layout says it does not fit).
 */
export function splitToFit(slide: Slide, style: SlideStyle, size: Size, reserve: number): Slide[] {
  if (layoutSlide(slide, style, size, reserve).fits || slide.bullets.length < 2) return [slide];
  for (let parts = 2; parts <= slide.bullets.length; parts++) {
    const groups = shareOut(slide.bullets, parts);
    const slides = groups.map((bullets, i) => ({
      ...slide,
      heading: `${slide.heading} (${i + 1}/${parts})`,
      bullets,
    }));
    if (slides.every((s) => layoutSlide(s, style, size, reserve).fits)) return slides;
  }
  return slide.bullets.map((bullet, i, all) => ({
    ...slide,
    heading: `${slide.heading} (${i + 1}/${all.length})`,
    bullets: [bullet],
  }));
}

/** Items in `parts` consecutive groups of near-equal size. */
export function shareOut<T>(items: readonly T[], parts: number): T[][] {
  const groups: T[][] = [];
  let start = 0;
  for (let i = 0; i < parts; i++) {
    const end = Math.round(((i + 1) * items.length) / parts);
    groups.push(items.slice(start, end));
    start = end;
  }
  return groups.filter((g) => g.length);
}

export async function renderSlide(
  slide: Slide,
  style: SlideStyle,
  size: Size,
  reserve: number,
  outputPath: string,
): Promise<string> {
  ensureFontconfig();
  await writeSvgAsPng(slideSvg(slide, style, size, reserve), outputPath);
  return outputPath;
}
