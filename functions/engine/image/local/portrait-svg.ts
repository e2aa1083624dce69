import { createRandom } from '../../random';
import type { Box, Size } from '../../types';
import type { ImageStyle } from '../types';
import { darken, lighten, mix } from '../../drawing/colour';
import { drawHead, MOUTH_LINE, type HeadGeometry } from './head';
import type { CharacterLook } from './look';
import { FONT_FAMILY } from '../../drawing/fontconfig';
import { styleKit, type StyleKit } from './style-kit';
import { drawStyleOverlay, styleDefs } from './style-overlays';
import { el, escapeXml, group, num, radialGradient, svgDocument } from '../../drawing/svg';

export interface PortraitLayout {
  head: HeadGeometry;
  /** Where the mouth moves (lip-sync draws its shapes here). */
  mouth: Box;
  /** The two eye whites, for blinking. */
  eyes: { cx: number; cy: number; rx: number; ry: number }[];
}

/** Head position of a portrait of this size; depends on the size only, so callers can recompute it. */
export function portraitLayout(size: Size): PortraitLayout {
  const unit = Math.min(size.width, size.height);
  const ry = unit * 0.2;
  const rx = ry * 0.8;
  const cx = size.width / 2;
  const cy = size.height * (size.height > size.width ? 0.4 : 0.43);
  const mouthTop = cy + ry * (MOUTH_LINE - 0.08);
  return {
    head: { cx, cy, rx, ry },
    mouth: { x: cx - rx * 0.42, y: mouthTop, width: rx * 0.84, height: ry * 0.36 },
    eyes: [-1, 1].map((side) => ({
      cx: cx + side * rx * 0.38,
      cy: cy - ry * 0.02,
      rx: rx * 0.17,
      ry: ry * 0.085,
    })),
  };
}

/** The mouth region of a portrait rendered by the local image engine at `size`. */
export const mouthBox = (size: Size): Box => portraitLayout(size).mouth;

function background(kit: StyleKit, look: CharacterLook, size: Size, seed: number): string {
  const { width, height } = size;
  const backdrop = mix(lighten(look.clothing.colour, 0.55), '#8fa3b8', 0.5);
  const random = createRandom(`${seed}:portrait-background`);
  switch (kit.style) {
    case 'cartoon':
      return group([
        el('rect', { width, height, fill: kit.colour(lighten(backdrop, 0.2)) }),
        el('circle', {
          cx: width / 2,
          cy: height * 0.45,
          r: Math.min(width, height) * 0.42,
          fill: kit.colour(lighten(look.clothing.colour, 0.6)),
          stroke: 'none',
        }),
      ]);
    case 'cinematic':
      return el('rect', { width, height, fill: `url(#portrait-bg)` });
    case 'fantasy': {
      const sparkles = [];
      for (let i = 0; i < 40; i++) {
        sparkles.push(
          el('circle', {
            cx: random.next() * width,
            cy: random.next() * height,
            r: Math.min(width, height) * (0.002 + random.next() * 0.006),
            fill: random.pick(['#fff6c9', '#b6f0ff', '#f3c4ff']),
            'fill-opacity': 0.8,
          }),
        );
      }
      return group([
        el('rect', { width, height, fill: `url(#portrait-bg)` }),
        group(sparkles, { stroke: 'none' }),
      ]);
    }
    default:
      return el('rect', { width, height, fill: kit.gradients ? `url(#portrait-bg)` : kit.colour(backdrop) });
  }
}

function backgroundDefs(kit: StyleKit, look: CharacterLook): string {
  const base = mix(lighten(look.clothing.colour, 0.55), '#8fa3b8', 0.5);
  const stops: [number, string][] =
    kit.style === 'cinematic'
      ? [
          [0, kit.colour('#5a6470')],
          [1, kit.colour('#101418')],
        ]
      : kit.style === 'fantasy'
        ? [
            [0, kit.colour('#6a4fb0')],
            [1, kit.colour('#120a2e')],
          ]
        : [
            [0, kit.colour(lighten(base, 0.25))],
            [1, kit.colour(darken(base, 0.35))],
          ];
  return radialGradient('portrait-bg', stops, { cx: 0.5, cy: 0.4, r: 0.75 });
}

function shoulders(
  look: CharacterLook,
  head: HeadGeometry,
  size: Size,
  paint: (hex: string) => string,
): string {
  const { cx, cy, rx, ry } = head;
  const width = ry * (look.build === 'broad' ? 2.75 : look.build === 'slim' ? 2.2 : 2.45);
  const top = cy + ry * 1.35;
  const bottom = size.height + 2;
  const clothing = paint(look.garment === 'armour' ? '#9aa1a8' : look.clothing.colour);
  const parts = [
    // neck
    el('rect', {
      x: cx - rx * 0.34,
      y: cy + ry * 0.6,
      width: rx * 0.68,
      height: top - cy - ry * 0.45,
      fill: paint(darken(look.skin, 0.12)),
    }),
    // shadow the chin casts on the neck
    el('ellipse', {
      cx,
      cy: cy + ry * 1.02,
      rx: rx * 0.36,
      ry: ry * 0.1,
      fill: paint(darken(look.skin, 0.3)),
      'fill-opacity': 0.5,
      stroke: 'none',
    }),
    el('path', {
      d: `M${num(cx - width)} ${num(bottom)} L${num(cx - width)} ${num(top + ry * 0.45)} Q${num(cx - width)} ${num(top)} ${num(cx - width * 0.5)} ${num(top)} L${num(cx + width * 0.5)} ${num(top)} Q${num(cx + width)} ${num(top)} ${num(cx + width)} ${num(top + ry * 0.45)} L${num(cx + width)} ${num(bottom)} Z`,
      fill: clothing,
    }),
  ];
  const detail = paint(look.garment === 'armour' ? look.clothing.colour : darken(look.clothing.colour, 0.28));
  switch (look.garment) {
    case 'dress':
      parts.push(
        el('path', {
          d: `M${num(cx - rx * 0.75)} ${num(top)} Q${num(cx)} ${num(top + ry * 0.7)} ${num(cx + rx * 0.75)} ${num(top)} Z`,
          fill: paint(look.skin),
        }),
      );
      break;
    case 'coat':
    case 'jacket':
    case 'suit':
    case 'uniform':
      parts.push(
        el('path', {
          d: `M${num(cx - rx * 0.45)} ${num(top)} L${num(cx)} ${num(top + ry * 0.9)} L${num(cx + rx * 0.45)} ${num(top)} Z`,
          fill: paint(look.garment === 'suit' ? '#f2f2ee' : look.secondary),
        }),
        el('path', {
          d: `M${num(cx - rx * 0.45)} ${num(top)} L${num(cx)} ${num(top + ry * 0.9)} L${num(cx - rx * 0.75)} ${num(top + ry * 0.2)} Z M${num(cx + rx * 0.45)} ${num(top)} L${num(cx)} ${num(top + ry * 0.9)} L${num(cx + rx * 0.75)} ${num(top + ry * 0.2)} Z`,
          fill: detail,
        }),
      );
      if (look.garment === 'uniform')
        parts.push(
          el('rect', {
            x: cx - width * 0.95,
            y: top + ry * 0.05,
            width: width * 0.35,
            height: ry * 0.1,
            fill: paint('#d9b02b'),
          }),
        );
      break;
    case 'cloak':
    case 'robe':
      parts.push(el('circle', { cx, cy: top + ry * 0.25, r: ry * 0.09, fill: paint(look.accent) }));
      parts.push(
        el('path', {
          d: `M${num(cx - rx * 0.6)} ${num(top)} Q${num(cx)} ${num(top + ry * 0.35)} ${num(cx + rx * 0.6)} ${num(top)}`,
          fill: 'none',
          stroke: detail,
          'stroke-width': ry * 0.08,
        }),
      );
      break;
    case 'armour':
      parts.push(
        el('rect', {
          x: cx - rx * 0.9,
          y: top + ry * 0.4,
          width: rx * 1.8,
          height: bottom - top,
          fill: detail,
        }),
      );
      break;
    case 'shirt':
      parts.push(
        el('path', {
          d: `M${num(cx - rx * 0.4)} ${num(top)} L${num(cx)} ${num(top + ry * 0.35)} L${num(cx + rx * 0.4)} ${num(top)} Z`,
          fill: paint(look.skin),
        }),
      );
      break;
  }
  return group(parts);
}

export interface PortraitOptions {
  look: CharacterLook;
  style: ImageStyle;
  size: Size;
  seed: number;
  nameLabel?: string;
}

/** Head-and-shoulders portrait; returns the SVG and the skin colour as drawn (after the style). */
export function buildPortraitSvg({ look, style, size, seed, nameLabel }: PortraitOptions): {
  svg: string;
  skin: string;
} {
  const unit = Math.min(size.width, size.height) / 100;
  const kit = styleKit(style, unit);
  const layout = portraitLayout(size);
  const paint = kit.colour;
  const head = drawHead(look, layout.head, paint, true, 'neutral');
  const outlined = kit.outline
    ? {
        stroke: kit.outline.colour,
        'stroke-width': kit.outline.width * 0.8,
        'stroke-opacity': kit.outline.opacity,
        'stroke-linejoin': 'round',
      }
    : {};
  const body = [
    background(kit, look, size, seed),
    group([head.back, shoulders(look, layout.head, size, paint), head.front], outlined),
    drawStyleOverlay(kit, { width: size.width, height: size.height, unit, seed, letterbox: false }),
  ];
  if (nameLabel) body.push(nameTag(nameLabel, size, unit));
  return {
    svg: svgDocument(size.width, size.height, [backgroundDefs(kit, look), ...styleDefs(kit)], body),
    skin: paint(look.skin),
  };
}

export function nameTag(text: string, size: Size, unit: number): string {
  const fontSize = unit * 5;
  const width = Math.min(size.width * 0.9, text.length * fontSize * 0.62 + unit * 6);
  const y = size.height - unit * 4 - fontSize * 1.6;
  return group([
    el('rect', {
      x: (size.width - width) / 2,
      y,
      width,
      height: fontSize * 1.6,
      rx: fontSize * 0.3,
      fill: '#000000',
      'fill-opacity': 0.55,
    }),
    el(
      'text',
      {
        x: size.width / 2,
        y: y + fontSize * 1.15,
        'font-family': FONT_FAMILY,
        'font-size': fontSize,
        'font-weight': 'bold',
        fill: '#ffffff',
        'text-anchor': 'middle',
      },
      escapeXml(text),
    ),
  ]);
}
