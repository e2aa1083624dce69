import { FONT_FAMILY, ensureFontconfig } from '../drawing/fontconfig';
import { writeSvgAsPng } from '../drawing/png';
import { escapeXml } from '../drawing/svg';
import type { Size } from '../types';

/**
 * Lesson slides drawn as SVG and rendered with sharp: a heading and up to four bullet points,
 * wrapped to the slide, in one of three looks. The layout leaves the presenter's corner free.
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

/** Greedy wrap by an average glyph width (DejaVu Sans ≈ 0.55 em). */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line && (line + ' ' + word).length > maxChars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/[,.;:]?$/, '')}…`;
  return kept;
}

/** The slide as SVG; the right `reserve` fraction of the width is left for the presenter. */
export function slideSvg(slide: Slide, style: SlideStyle, size: Size, reserve: number): string {
  const theme = THEMES[style];
  const { width, height } = size;
  const margin = Math.round(width * 0.06);
  const usable = width * (1 - reserve) - margin * 2;
  const headingSize = Math.round(height * 0.065);
  const textSize = Math.round(height * 0.042);
  const headingLines = wrapText(slide.heading, Math.floor(usable / (headingSize * 0.58)), 2);
  let y = Math.round(height * 0.2);
  // Bullets stop above the band the subtitles use.
  const textBottom = height * 0.8;
  const parts: string[] = [
    `<rect width="${width}" height="${height}" fill="${theme.background}"/>`,
    `<rect x="${margin / 2}" y="${margin / 2}" width="${width * (1 - reserve) - margin / 2}" height="${height - margin}" rx="${margin / 3}" fill="${theme.panel}"/>`,
    `<text x="${margin}" y="${Math.round(height * 0.12)}" font-family="${FONT_FAMILY}" font-size="${Math.round(textSize * 0.8)}" font-weight="bold" fill="${theme.accent}" letter-spacing="2">${escapeXml(slide.kicker.toUpperCase())}</text>`,
  ];
  for (const line of headingLines) {
    parts.push(
      `<text x="${margin}" y="${y}" font-family="${FONT_FAMILY}" font-size="${headingSize}" font-weight="bold" fill="${theme.heading}">${escapeXml(line)}</text>`,
    );
    y += Math.round(headingSize * 1.2);
  }
  y += Math.round(textSize * 0.8);
  for (const bullet of slide.bullets.slice(0, 4)) {
    const lines = wrapText(bullet, Math.floor((usable - textSize * 1.5) / (textSize * 0.55)), 3);
    if (y > textBottom) break;
    parts.push(
      `<circle cx="${margin + textSize * 0.35}" cy="${y - textSize * 0.35}" r="${textSize * 0.2}" fill="${theme.accent}"/>`,
    );
    for (const line of lines) {
      if (y > textBottom) break;
      parts.push(
        `<text x="${margin + textSize * 1.2}" y="${y}" font-family="${FONT_FAMILY}" font-size="${textSize}" fill="${theme.text}">${escapeXml(line)}</text>`,
      );
      y += Math.round(textSize * 1.35);
    }
    y += Math.round(textSize * 0.5);
  }
  // The footer sits at the top, beside the kicker: the bottom of the frame belongs to the subtitles.
  parts.push(
    `<text x="${Math.round(width * (1 - reserve) - margin * 0.6)}" y="${Math.round(height * 0.12)}" text-anchor="end" font-family="${FONT_FAMILY}" font-size="${Math.round(textSize * 0.7)}" fill="${theme.text}" opacity="0.7">${escapeXml(slide.footer)}</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
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
