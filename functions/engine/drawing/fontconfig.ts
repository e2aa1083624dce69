import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fontPath } from '../media/ffmpeg';
import { escapeXml } from './svg';

/**
 * The machine (and Lambda) has no system fonts: librsvg (through sharp) and libass (through FFmpeg)
 * find fonts only via fontconfig, so a fonts.conf pointing at the bundled DejaVu fonts must exist and
 * FONTCONFIG_FILE must be set before the first text is rendered. Child processes inherit it.
 */
let configured: string | undefined;

export function fontDir(): string {
  return dirname(fontPath('sans'));
}

export function ensureFontconfig(): string {
  if (configured) return configured;
  const existing = process.env.FONTCONFIG_FILE;
  if (existing && existsSync(existing)) {
    configured = existing;
    return configured;
  }
  const dir = join(tmpdir(), 'bookstudio-fontconfig');
  mkdirSync(join(dir, 'cache'), { recursive: true });
  const file = join(dir, 'fonts.conf');
  writeFileSync(
    file,
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n` +
      `<fontconfig><dir>${escapeXml(fontDir())}</dir><cachedir>${escapeXml(join(dir, 'cache'))}</cachedir></fontconfig>\n`,
  );
  process.env.FONTCONFIG_FILE = file;
  configured = file;
  return configured;
}

/** The family name librsvg and libass resolve to the bundled DejaVu Sans. */
export const FONT_FAMILY = 'DejaVu Sans';
