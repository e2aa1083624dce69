import sharp from 'sharp';
import { luminanceContrast, mix, relativeLuminance } from '../drawing/colour';
import { textWidth, fontMetrics, type FontFace } from '../drawing/font-metrics';
import { FONT_FAMILY, ensureFontconfig } from '../drawing/fontconfig';
import { writeSvgAsPng } from '../drawing/png';
import { escapeXml } from '../drawing/svg';
import type { Size } from '../types';

/**
 * Lesson slides drawn as SVG and rendered with sharp: a kicker, a heading and bullet points in one of
 * three looks. Text is measured with the font's own metrics and laid out inside a card that keeps
 * clear of the presenter's side and of the subtitle band at the bottom.
 *
 * A slide may carry a picture (the lesson's slide art), always inside the card, so the presenter's
 * box and the subtitles stay clear. Where the bullets still fit in large type beside it, the picture
 * takes a panel on the right of the card, below the full-width heading, at full strength. A slide too
 * crowded for that keeps its text-only layout and shows the picture as a backdrop under the heading
 * and bullets, veiled in the card's colour just enough that the text keeps WCAG's 4.5:1 contrast
 * whatever the picture's colours (the kicker row stays on the plain card: its accent colour would
 * not). A slide is never split for its picture, and a panel never sets the type below PANEL_MIN_SCALE.
 */
export type SlideStyle = 'udemy' | 'whiteboard' | 'minimal';

export interface Slide {
  kicker: string;
  heading: string;
  bullets: string[];
  /** e.g. "2 / 6" */
  footer: string;
}

export const SLIDE_THEMES: Record<
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

/** Where a slide's picture goes and how it is shown. */
export interface SlideArtLayout {
  /** `panel`: beside the bullets, as drawn; `backdrop`: under the heading and bullets, veiled. */
  mode: 'panel' | 'backdrop';
  /** Whole pixels, inside the card. */
  box: Box;
  /** Opacity of the card-coloured veil over the picture (0 for a panel). */
  veil: number;
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
  /** The picture's place, when the slide is laid out with one. */
  art?: SlideArtLayout;
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
 * With `art`, the picture's place too: a panel beside the bullets when they fit there at
 * PANEL_MIN_SCALE or larger, else a veiled backdrop behind the text-only layout.
 */
export function layoutSlide(
  slide: Slide,
  style: SlideStyle,
  size: Size,
  reserve: number,
  options: { art?: boolean } = {},
): SlideLayout {
  if (options.art) {
    for (const scale of SCALES.filter((s) => s >= PANEL_MIN_SCALE)) {
      const layout = layoutAt(slide, size, reserve, scale, true);
      if (layout.fits) return layout;
    }
  }
  let layout: SlideLayout | undefined;
  for (const scale of SCALES) {
    layout = layoutAt(slide, size, reserve, scale, false);
    if (layout.fits) break;
  }
  return options.art ? withBackdrop(layout!, style) : layout!;
}

/** The share of the content width a picture panel takes, and the least type scale beside it. */
const PANEL_SHARE = 0.4;
export const PANEL_MIN_SCALE = 0.85;
/** A panel shorter than this share of the content height is too small to show a picture. */
const PANEL_MIN_HEIGHT = 0.3;
/** The contrast text keeps over a veiled picture (WCAG AA for body text). */
export const BACKDROP_CONTRAST = 4.5;

/** The text-only layout with the picture behind its heading and bullets, below the kicker row. */
function withBackdrop(layout: SlideLayout, style: SlideStyle): SlideLayout {
  const { card, kicker } = layout;
  const top = Math.round(kicker.y + fontMetrics('sans-bold').descent * kicker.size + kicker.size * 0.45);
  const box = { x: card.x, y: top, width: card.width, height: card.y + card.height - top };
  return { ...layout, art: { mode: 'backdrop', box, veil: backdropVeil(style) } };
}

/**
 * The least opacity of the card's colour over a picture that keeps the heading and the bullets at
 * BACKDROP_CONTRAST (or the theme's own contrast, if lower) against any picture: the veiled picture's
 * luminance lies between that of the veil over black and over white, and the worst case is the end
 * of that range nearest the text's own luminance.
 */
export function backdropVeil(style: SlideStyle): number {
  const theme = SLIDE_THEMES[style];
  const legible = (alpha: number) => {
    const darkest = relativeLuminance(mix('#000000', theme.panel, alpha));
    const lightest = relativeLuminance(mix('#ffffff', theme.panel, alpha));
    return [theme.heading, theme.text].every((colour) => {
      const own = relativeLuminance(colour);
      const wanted = Math.min(BACKDROP_CONTRAST, luminanceContrast(own, relativeLuminance(theme.panel)));
      if (own >= darkest && own <= lightest) return false;
      return luminanceContrast(own, own < darkest ? darkest : lightest) >= wanted;
    });
  };
  for (let step = 50; step < 100; step++) if (legible(step / 100)) return step / 100;
  return 1;
}

function layoutAt(slide: Slide, size: Size, reserve: number, scale: number, panel: boolean): SlideLayout {
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
  // With a picture panel the bullets take the left of the card below the heading, the panel the rest.
  const gap = Math.round(content.width * 0.04);
  const panelWidth = panel ? Math.round(content.width * PANEL_SHARE) : 0;
  const column = panel ? content.width - panelWidth - gap : content.width;
  const art: SlideArtLayout | undefined = panel
    ? {
        mode: 'panel',
        box: {
          x: content.x + content.width - panelWidth,
          y: Math.round(cursor),
          width: panelWidth,
          height: Math.floor(limit) - Math.round(cursor),
        },
        veil: 0,
      }
    : undefined;
  if (art && art.box.height < content.height * PANEL_MIN_HEIGHT) fits = false;
  const indent = textSize * 1.2;
  const lineHeight = textSize * 1.3;
  const bullets: SlideLayout['bullets'] = [];
  for (const bullet of slide.bullets) {
    const lines: TextLine[] = [];
    let y = Math.round(cursor + regular.ascent * textSize);
    const wrapped = wrapByWidth(bullet, column - indent, textSize);
    for (const text of wrapped) {
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
    if (lines.length < wrapped.length) break;
  }
  if (bullets.length < slide.bullets.length) fits = false;
  const last = bullets.at(-1)?.lines.at(-1) ?? heading.at(-1);
  const bottom = last ? last.y + (last.face === 'sans' ? regular : bold).descent * last.size : topLine;
  return {
    fits,
    scale,
    headingSize,
    textSize,
    card,
    content,
    kicker,
    footer,
    heading,
    bullets,
    bottom,
    ...(art ? { art } : {}),
  };
}

/** A one-line label cut at a word to fit `maxWidth` (kickers are short; this is a guard). */
function fitLabel(text: string, maxWidth: number, size: number): string {
  const width = (t: string) => textWidth(t, size, 'sans-bold', KICKER_SPACING);
  if (width(text) <= maxWidth) return text;
  const words = text.split(/\s+/);
  while (words.length > 1 && width(words.join(' ')) > maxWidth) words.pop();
  return words.join(' ');
}

/**
 * The slide as SVG, drawn from its layout; the right `reserve` share of the width is left for the
 * presenter. `art` is the slide's picture (an image URL, already the size of its box) when it has one.
 */
export function slideSvg(slide: Slide, style: SlideStyle, size: Size, reserve: number, art?: string): string {
  const theme = SLIDE_THEMES[style];
  const { width, height } = size;
  const layout = layoutSlide(slide, style, size, reserve, { art: art !== undefined });
  const { card } = layout;
  const text = (line: TextLine, fill: string, extra = '') =>
    `<text x="${round(line.x)}" y="${round(line.y)}"${line.anchor ? ` text-anchor="${line.anchor}"` : ''} font-family="${FONT_FAMILY}" font-size="${line.size}"${line.face === 'sans-bold' ? ' font-weight="bold"' : ''} fill="${fill}"${extra}>${escapeXml(line.text)}</text>`;
  const cardRadius = Math.round(width * 0.02);
  const parts: string[] = [
    `<rect width="${width}" height="${height}" fill="${theme.background}"/>`,
    `<rect x="${card.x}" y="${card.y}" width="${card.width}" height="${card.height}" rx="${cardRadius}" fill="${theme.panel}"/>`,
    ...(art && layout.art ? artSvg(layout.art, art, theme.panel, cardRadius, Math.round(width * 0.01)) : []),
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
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}

/** The picture in its box with rounded corners (a backdrop's match the card's), veiled when a backdrop. */
function artSvg(
  art: SlideArtLayout,
  href: string,
  veilColour: string,
  cardRadius: number,
  panelRadius: number,
) {
  const { x, y, width, height } = art.box;
  const radius = art.mode === 'backdrop' ? cardRadius : panelRadius;
  return [
    `<clipPath id="slide-art"><rect x="${x}" y="${y}" width="${width}" height="${height}" rx="${radius}"/></clipPath>`,
    `<image x="${x}" y="${y}" width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice" clip-path="url(#slide-art)" xlink:href="${escapeXml(href)}"/>`,
    ...(art.veil > 0
      ? [
          `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="${radius}" fill="${veilColour}" opacity="${art.veil}"/>`,
        ]
      : []),
  ];
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

/**
 * The slide as a PNG. `artPath` is the slide's picture: cut to its box (cover, centred) and set in the
 * slide once here, so the video that shows the slide never touches the picture again.
 */
export async function renderSlide(
  slide: Slide,
  style: SlideStyle,
  size: Size,
  reserve: number,
  outputPath: string,
  artPath?: string,
): Promise<string> {
  ensureFontconfig();
  let art: string | undefined;
  if (artPath) {
    const { box } = layoutSlide(slide, style, size, reserve, { art: true }).art!;
    const jpeg = await sharp(artPath)
      .resize(box.width, box.height, { fit: 'cover', position: 'centre' })
      .jpeg({ quality: 90 })
      .toBuffer();
    art = `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  }
  await writeSvgAsPng(slideSvg(slide, style, size, reserve, art), outputPath);
  return outputPath;
}
