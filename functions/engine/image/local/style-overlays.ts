import { createRandom } from '../../random';
import type { StyleKit } from './style-kit';
import { SKETCH_GRAPHITE } from './style-kit';
import { el, group, num, radialGradient } from '../../drawing/svg';

/** Effects drawn over the whole picture: vignette, letterbox, magic particles, pencil hatching. */
export interface OverlayCanvas {
  width: number;
  height: number;
  unit: number;
  seed: number;
  letterbox: boolean;
}

export function styleDefs(kit: StyleKit): string[] {
  const defs: string[] = [];
  if (kit.vignette) {
    defs.push(
      radialGradient('vignette', [
        [0.55, '#000000', 0],
        [1, '#000000', kit.vignette],
      ]),
    );
  }
  if (kit.glow) {
    defs.push(
      radialGradient('particle', [
        [0, '#ffffff', 1],
        [0.3, '#ffffff', 0.6],
        [1, '#ffffff', 0],
      ]),
    );
  }
  if (kit.style === 'sketch') {
    defs.push(
      radialGradient('hatch-edges', [
        [0.45, '#ffffff', 0],
        [1, '#ffffff', 1],
      ]),
      el(
        'mask',
        { id: 'hatch-mask' },
        el('rect', { width: '100%', height: '100%', fill: 'url(#hatch-edges)' }),
      ),
    );
  }
  return defs;
}

/** Black bars for a widescreen look on wide canvases; thin bars elsewhere. */
export function letterboxHeight(width: number, height: number): number {
  const wide = (height - width / 2.35) / 2;
  return width > height ? Math.min(height * 0.12, Math.max(height * 0.06, wide)) : height * 0.06;
}

export function drawStyleOverlay(kit: StyleKit, canvas: OverlayCanvas): string {
  const { width, height, unit } = canvas;
  const layers: string[] = [];
  const random = createRandom(`${canvas.seed}:overlay`);
  if (kit.glow) {
    const sparks = [];
    const count = Math.round(60 * ((width * height) / (1280 * 720)));
    for (let i = 0; i < count; i++) {
      const colour = random.pick(['#fff3b0', '#a8f0ff', '#f5b8ff', '#c6ffd8']);
      const r = unit * (0.3 + random.next() * 1.1);
      const cx = random.next() * width;
      const cy = random.next() * height;
      sparks.push(
        group(
          [
            el('circle', { cx, cy, r: r * 2.5, fill: 'url(#particle)', opacity: 0.5 }),
            el('circle', { cx, cy, r: r * 0.45, fill: colour }),
          ],
          { opacity: num(0.45 + random.next() * 0.5) },
        ),
      );
    }
    layers.push(group(sparks, { stroke: 'none' }));
  }
  if (kit.style === 'sketch') {
    // Diagonal hatching towards the edges, as plain lines: librsvg renders SVG patterns ~6× slower.
    const step = unit * 1.1;
    const slant = height * 0.84;
    const hatch = [];
    for (let x = -slant; x < width; x += step) hatch.push(`M${num(x)} ${num(height)} L${num(x + slant)} 0`);
    layers.push(
      el('path', {
        d: hatch.join(' '),
        stroke: SKETCH_GRAPHITE,
        'stroke-width': unit * 0.12,
        'stroke-opacity': 0.55,
        mask: 'url(#hatch-mask)',
        fill: 'none',
      }),
    );
    const specks = [];
    for (let i = 0; i < Math.round(500 * ((width * height) / (1280 * 720))); i++) {
      const x = random.next() * width;
      const y = random.next() * height;
      const length = unit * (0.2 + random.next() * 0.8);
      specks.push(`M${num(x)} ${num(y)} l${num(length)} ${num(length * (random.next() - 0.5))}`);
    }
    layers.push(
      el('path', {
        d: specks.join(' '),
        stroke: SKETCH_GRAPHITE,
        'stroke-width': unit * 0.06,
        'stroke-opacity': 0.18,
        fill: 'none',
      }),
    );
  }
  if (kit.vignette) layers.push(el('rect', { width, height, fill: 'url(#vignette)' }));
  if (kit.letterbox && canvas.letterbox) {
    const bar = letterboxHeight(width, height);
    layers.push(
      el('rect', { x: 0, y: 0, width, height: bar, fill: '#000000' }),
      el('rect', { x: 0, y: height - bar, width, height: bar, fill: '#000000' }),
    );
  }
  return group(layers, { stroke: 'none' });
}
