import { darken, lighten, mix } from '../../drawing/colour';
import type { CharacterLook } from './look';
import { el, group, num } from '../../drawing/svg';

/**
 * A character's head, drawn the same way for portraits (large, detailed) and for figures in scenes
 * (small): the look decides every colour and shape, so both show the same person.
 */
export interface HeadGeometry {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
}

/** A face's expression: fear opens the mouth, grief and worry turn it down, joy up. */
export type Expression = 'smile' | 'neutral' | 'frown' | 'fear';

export interface HeadLayers {
  /** Behind the body: long hair, hood. */
  back: string;
  /** Head, face, hair and hat. */
  front: string;
}

/** Where the mouth sits relative to the head (shared with the portrait layout and lip-sync). */
export const MOUTH_LINE = 0.55;

type Paint = (hex: string) => string;

export function drawHead(
  look: CharacterLook,
  head: HeadGeometry,
  paint: Paint,
  detailed: boolean,
  expression: Expression,
): HeadLayers {
  const { cx, cy, rx, ry } = head;
  const skin = paint(look.skin);
  const skinShade = paint(darken(look.skin, 0.16));
  const hair = paint(look.hair.colour);
  const back: string[] = [];
  const front: string[] = [];

  if (look.hat === 'hood') {
    back.push(
      el('ellipse', {
        cx,
        cy: cy + ry * 0.05,
        rx: rx * 1.5,
        ry: ry * 1.4,
        fill: paint(darken(look.clothing.colour, 0.25)),
      }),
    );
  } else if (look.hair.length === 'long' || look.hair.length === 'medium') {
    const bottom = cy + ry * (look.hair.length === 'long' ? 2.1 : 0.95);
    back.push(
      el('path', {
        d:
          `M${num(cx - rx * 1.12)} ${num(cy - ry * 0.1)} C${num(cx - rx * 1.3)} ${num(cy + ry * 0.8)} ${num(cx - rx * 1.35)} ${num(bottom - ry * 0.3)} ${num(cx - rx * 1.2)} ${num(bottom)} ` +
          `L${num(cx + rx * 1.2)} ${num(bottom)} C${num(cx + rx * 1.35)} ${num(bottom - ry * 0.3)} ${num(cx + rx * 1.3)} ${num(cy + ry * 0.8)} ${num(cx + rx * 1.12)} ${num(cy - ry * 0.1)} ` +
          `A${num(rx * 1.12)} ${num(ry * 1.12)} 0 0 0 ${num(cx - rx * 1.12)} ${num(cy - ry * 0.1)} Z`,
        fill: hair,
      }),
    );
    if (look.hair.curly)
      back.push(curls(cx, cy + ry * 0.4, rx * 1.25, bottom - cy - ry * 0.4, rx * 0.22, hair));
  }

  // ears, face
  front.push(
    el('ellipse', { cx: cx - rx * 0.98, cy: cy + ry * 0.08, rx: rx * 0.16, ry: ry * 0.2, fill: skinShade }),
    el('ellipse', { cx: cx + rx * 0.98, cy: cy + ry * 0.08, rx: rx * 0.16, ry: ry * 0.2, fill: skinShade }),
    el('ellipse', { cx, cy, rx, ry, fill: skin }),
  );
  front.push(drawBeard(look, head, paint));
  front.push(drawFace(look, head, paint, detailed, expression));
  front.push(drawFrontHair(look, head, hair));
  if (look.glasses) front.push(drawGlasses(head, paint));
  front.push(drawHat(look, head, paint));
  return { back: group(back), front: group(front) };
}

function curls(cx: number, top: number, halfWidth: number, height: number, r: number, fill: string): string {
  const circles = [];
  for (let y = top; y <= top + height; y += r * 1.5) {
    circles.push(
      el('circle', { cx: cx - halfWidth, cy: y, r }),
      el('circle', { cx: cx + halfWidth, cy: y, r }),
    );
  }
  return group(circles, { fill });
}

function drawFace(
  look: CharacterLook,
  head: HeadGeometry,
  paint: Paint,
  detailed: boolean,
  expression: Expression,
): string {
  const { cx, cy, rx, ry } = head;
  const eyeY = cy - ry * 0.02;
  const parts: string[] = [];
  const brow = paint(darken(look.hair.length === 'bald' ? '#5a4634' : look.hair.colour, 0.1));
  for (const side of [-1, 1]) {
    const ex = cx + side * rx * 0.38;
    if (detailed) {
      parts.push(
        el('ellipse', { cx: ex, cy: eyeY, rx: rx * 0.17, ry: ry * 0.085, fill: paint('#fbfaf6') }),
        el('circle', { cx: ex, cy: eyeY, r: ry * 0.072, fill: paint(look.eyes.colour), stroke: 'none' }),
        el('circle', { cx: ex, cy: eyeY, r: ry * 0.034, fill: paint('#141414'), stroke: 'none' }),
        el('circle', {
          cx: ex + rx * 0.04,
          cy: eyeY - ry * 0.03,
          r: ry * 0.018,
          fill: '#ffffff',
          stroke: 'none',
        }),
      );
    } else {
      parts.push(
        el('ellipse', {
          cx: ex,
          cy: eyeY,
          rx: rx * 0.11,
          ry: ry * 0.09,
          fill: paint(darken(look.eyes.colour, 0.35)),
          stroke: 'none',
        }),
      );
    }
    parts.push(
      el('path', {
        d: `M${num(ex - rx * 0.2)} ${num(eyeY - ry * 0.17)} Q${num(ex)} ${num(eyeY - ry * 0.25)} ${num(ex + rx * 0.2)} ${num(eyeY - ry * 0.17)}`,
        stroke: brow,
        'stroke-width': ry * (detailed ? 0.04 : 0.06),
        fill: 'none',
        'stroke-linecap': 'round',
      }),
    );
  }
  if (detailed) {
    parts.push(
      el('path', {
        d: `M${num(cx + rx * 0.02)} ${num(eyeY + ry * 0.12)} Q${num(cx + rx * 0.12)} ${num(cy + ry * 0.3)} ${num(cx - rx * 0.06)} ${num(cy + ry * 0.34)}`,
        stroke: paint(darken(look.skin, 0.3)),
        'stroke-width': ry * 0.025,
        fill: 'none',
        'stroke-linecap': 'round',
      }),
    );
    if (look.age === 'elderly') {
      for (const dy of [0.48, 0.56]) {
        parts.push(
          el('path', {
            d: `M${num(cx - rx * 0.35)} ${num(cy - ry * dy)} Q${num(cx)} ${num(cy - ry * (dy + 0.04))} ${num(cx + rx * 0.35)} ${num(cy - ry * dy)}`,
            stroke: paint(darken(look.skin, 0.22)),
            'stroke-width': ry * 0.015,
            fill: 'none',
          }),
        );
      }
    }
    if (look.freckles) {
      const dots = [];
      for (let i = 0; i < 14; i++) {
        const side = i % 2 ? 1 : -1;
        dots.push(
          el('circle', {
            cx: cx + side * rx * (0.25 + ((i * 37) % 23) / 60),
            cy: cy + ry * (0.12 + ((i * 19) % 11) / 60),
            r: ry * 0.012,
          }),
        );
      }
      parts.push(group(dots, { fill: paint(darken(look.skin, 0.35)), stroke: 'none' }));
    }
  }
  parts.push(drawMouth(look, head, paint, expression, detailed));
  return group(parts);
}

export function lipColour(skin: string): string {
  return mix(darken(skin, 0.12), '#b5485a', 0.45);
}

function drawMouth(
  look: CharacterLook,
  head: HeadGeometry,
  paint: Paint,
  expression: Expression,
  detailed: boolean,
): string {
  const { cx, cy, rx, ry } = head;
  const y = cy + ry * MOUTH_LINE;
  const half = rx * (detailed ? 0.27 : 0.3);
  if (expression === 'fear')
    return el('ellipse', {
      cx: num(cx),
      cy: num(y + ry * 0.02),
      rx: num(half * 0.45),
      ry: num(ry * 0.08),
      fill: paint('#3a1a1a'),
      stroke: paint(lipColour(look.skin)),
      'stroke-width': ry * (detailed ? 0.03 : 0.05),
    });
  const bend = expression === 'smile' ? 0.09 : expression === 'frown' ? -0.07 : 0.025;
  return el('path', {
    d: `M${num(cx - half)} ${num(y)} Q${num(cx)} ${num(y + ry * bend * 2)} ${num(cx + half)} ${num(y)}`,
    stroke: paint(lipColour(look.skin)),
    'stroke-width': ry * (detailed ? 0.045 : 0.07),
    fill: 'none',
    'stroke-linecap': 'round',
  });
}

function drawBeard(look: CharacterLook, head: HeadGeometry, paint: Paint): string {
  if (look.beard === 'none') return '';
  const { cx, cy, rx, ry } = head;
  const hair = paint(look.hair.colour);
  const moustache = el('path', {
    d: `M${num(cx - rx * 0.36)} ${num(cy + ry * 0.5)} Q${num(cx)} ${num(cy + ry * 0.3)} ${num(cx + rx * 0.36)} ${num(cy + ry * 0.5)} Q${num(cx)} ${num(cy + ry * 0.43)} ${num(cx - rx * 0.36)} ${num(cy + ry * 0.5)} Z`,
    fill: hair,
  });
  if (look.beard === 'moustache') return moustache;
  const jaw = el('path', {
    d:
      `M${num(cx - rx * 0.99)} ${num(cy + ry * 0.05)} Q${num(cx - rx * 0.95)} ${num(cy + ry * 1.25)} ${num(cx)} ${num(cy + ry * 1.28)} ` +
      `Q${num(cx + rx * 0.95)} ${num(cy + ry * 1.25)} ${num(cx + rx * 0.99)} ${num(cy + ry * 0.05)} ` +
      `L${num(cx + rx * 0.62)} ${num(cy + ry * 0.36)} Q${num(cx + rx * 0.5)} ${num(cy + ry * 0.86)} ${num(cx)} ${num(cy + ry * 0.88)} ` +
      `Q${num(cx - rx * 0.5)} ${num(cy + ry * 0.86)} ${num(cx - rx * 0.62)} ${num(cy + ry * 0.36)} Z`,
    fill: hair,
    'fill-opacity': look.beard === 'stubble' ? 0.3 : 1,
    stroke: look.beard === 'stubble' ? 'none' : undefined,
  });
  return group([jaw, look.beard === 'beard' ? moustache : '']);
}

function drawFrontHair(look: CharacterLook, head: HeadGeometry, hair: string): string {
  const { cx, cy, rx, ry } = head;
  if (look.hat === 'hood' || look.hat === 'helmet') return '';
  if (look.hair.length === 'bald') {
    if (look.age !== 'elderly') return '';
    return group(
      [-1, 1].map((side) =>
        el('ellipse', { cx: cx + side * rx * 0.92, cy: cy - ry * 0.15, rx: rx * 0.16, ry: ry * 0.28 }),
      ),
      { fill: hair },
    );
  }
  const lift = look.hair.length === 'short' ? 1.08 : 1.14;
  const cap = el('path', {
    d:
      `M${num(cx - rx * 1.04)} ${num(cy + ry * 0.02)} C${num(cx - rx * 1.12)} ${num(cy - ry * 0.9)} ${num(cx - rx * 0.5)} ${num(cy - ry * lift)} ${num(cx)} ${num(cy - ry * lift)} ` +
      `C${num(cx + rx * 0.5)} ${num(cy - ry * lift)} ${num(cx + rx * 1.12)} ${num(cy - ry * 0.9)} ${num(cx + rx * 1.04)} ${num(cy + ry * 0.02)} ` +
      `Q${num(cx + rx * 0.9)} ${num(cy - ry * 0.4)} ${num(cx + rx * 0.55)} ${num(cy - ry * 0.5)} ` +
      `Q${num(cx - rx * 0.1)} ${num(cy - ry * 0.62)} ${num(cx - rx * 0.75)} ${num(cy - ry * 0.38)} ` +
      `Q${num(cx - rx * 0.95)} ${num(cy - ry * 0.2)} ${num(cx - rx * 1.04)} ${num(cy + ry * 0.02)} Z`,
    fill: hair,
  });
  const extras = [];
  if (look.hair.curly) {
    const short = look.hair.length === 'short';
    for (let i = 0; i <= 8; i++) {
      const angle = Math.PI * (short ? 1.15 + (i / 8) * 0.7 : 1 + i / 8);
      extras.push(
        el('circle', {
          cx: cx + Math.cos(angle) * rx * 1.02,
          cy: cy - ry * 0.1 + Math.sin(angle) * ry,
          r: rx * (short ? 0.15 : 0.2),
        }),
      );
    }
  }
  if (look.hair.bun) extras.push(el('circle', { cx, cy: cy - ry * 1.18, r: rx * 0.4 }));
  return group([cap, group(extras, { fill: hair })]);
}

function drawGlasses(head: HeadGeometry, paint: Paint): string {
  const { cx, cy, rx, ry } = head;
  const eyeY = cy - ry * 0.02;
  const frame = paint('#2a2320');
  return group(
    [
      el('circle', { cx: cx - rx * 0.38, cy: eyeY, r: rx * 0.27 }),
      el('circle', { cx: cx + rx * 0.38, cy: eyeY, r: rx * 0.27 }),
      el('path', {
        d: `M${num(cx - rx * 0.11)} ${num(eyeY)} Q${num(cx)} ${num(eyeY - ry * 0.06)} ${num(cx + rx * 0.11)} ${num(eyeY)}`,
      }),
    ],
    { fill: 'none', stroke: frame, 'stroke-width': ry * 0.035 },
  );
}

function drawHat(look: CharacterLook, head: HeadGeometry, paint: Paint): string {
  const { cx, cy, rx, ry } = head;
  const dark = paint(darken(look.secondary, 0.2));
  switch (look.hat) {
    case 'none':
      return '';
    case 'top hat':
      return group([
        el('rect', { x: cx - rx * 0.72, y: cy - ry * 2.05, width: rx * 1.44, height: ry * 1.2, fill: dark }),
        el('rect', {
          x: cx - rx * 0.72,
          y: cy - ry * 1.1,
          width: rx * 1.44,
          height: ry * 0.18,
          fill: paint(look.accent),
        }),
        el('ellipse', { cx, cy: cy - ry * 0.88, rx: rx * 1.35, ry: ry * 0.14, fill: dark }),
      ]);
    case 'cap':
      return group([
        el('path', {
          d: `M${num(cx - rx * 1.02)} ${num(cy - ry * 0.45)} A${num(rx * 1.02)} ${num(ry * 0.68)} 0 0 1 ${num(cx + rx * 1.02)} ${num(cy - ry * 0.45)} Z`,
          fill: paint(look.clothing.colour),
        }),
        el('ellipse', { cx: cx + rx * 0.55, cy: cy - ry * 0.45, rx: rx * 0.75, ry: ry * 0.1, fill: dark }),
      ]);
    case 'hood':
      return el('path', {
        d: `M${num(cx - rx * 1.15)} ${num(cy + ry * 0.6)} C${num(cx - rx * 1.25)} ${num(cy - ry * 1.4)} ${num(cx + rx * 1.25)} ${num(cy - ry * 1.4)} ${num(cx + rx * 1.15)} ${num(cy + ry * 0.6)} L${num(cx + rx * 1.4)} ${num(cy + ry * 0.9)} C${num(cx + rx * 1.6)} ${num(cy - ry * 1.7)} ${num(cx - rx * 1.6)} ${num(cy - ry * 1.7)} ${num(cx - rx * 1.4)} ${num(cy + ry * 0.9)} Z`,
        fill: paint(darken(look.clothing.colour, 0.1)),
      });
    case 'crown': {
      const base = cy - ry * 0.82;
      const points = [0, 1, 2, 3, 4, 5, 6]
        .map(
          (i) => `${num(cx - rx * 0.75 + (i * rx * 1.5) / 6)} ${num(base - (i % 2 ? ry * 0.18 : ry * 0.5))}`,
        )
        .join(' L');
      return group([
        el('path', {
          d: `M${num(cx - rx * 0.75)} ${num(base)} L${points} L${num(cx + rx * 0.75)} ${num(base)} Z`,
          fill: paint('#d8b23a'),
        }),
        el('circle', { cx, cy: base - ry * 0.12, r: ry * 0.06, fill: paint('#c8102e') }),
      ]);
    }
    case 'wide-brimmed hat':
      return group([
        el('ellipse', {
          cx,
          cy: cy - ry * 0.7,
          rx: rx * 1.9,
          ry: ry * 0.26,
          fill: paint(look.accent === '#eeeeea' ? '#cdb891' : look.secondary),
        }),
        el('path', {
          d: `M${num(cx - rx * 0.92)} ${num(cy - ry * 0.72)} A${num(rx * 0.92)} ${num(ry * 0.72)} 0 0 1 ${num(cx + rx * 0.92)} ${num(cy - ry * 0.72)} Z`,
          fill: paint(look.accent === '#eeeeea' ? '#cdb891' : look.secondary),
        }),
      ]);
    case 'helmet':
      return group([
        el('path', {
          d: `M${num(cx - rx * 1.1)} ${num(cy - ry * 0.05)} A${num(rx * 1.1)} ${num(ry * 1.12)} 0 0 1 ${num(cx + rx * 1.1)} ${num(cy - ry * 0.05)} Z`,
          fill: paint('#9aa1a8'),
        }),
        el('rect', {
          x: cx - rx * 1.12,
          y: cy - ry * 0.2,
          width: rx * 2.24,
          height: ry * 0.16,
          fill: paint('#6f767d'),
        }),
        el('path', {
          d: `M${num(cx - rx * 0.5)} ${num(cy - ry * 0.8)} Q${num(cx)} ${num(cy - ry * 1.05)} ${num(cx + rx * 0.5)} ${num(cy - ry * 0.8)}`,
          stroke: paint(lighten('#9aa1a8', 0.5)),
          'stroke-width': ry * 0.05,
          fill: 'none',
        }),
      ]);
  }
}
