import { darken } from '../../drawing/colour';
import { drawHead, type Expression } from './head';
import type { CharacterLook } from './look';
import { el, group, num, polygonPath } from '../../drawing/svg';

/** A standing, front-facing character for scenes; `height` is the full body height in pixels. */
export interface FigurePlacement {
  x: number;
  feetY: number;
  height: number;
}

const LONG_GARMENTS = new Set(['dress', 'robe', 'cloak']);

export function drawFigure(
  look: CharacterLook,
  place: FigurePlacement,
  paint: (hex: string) => string,
  expression: Expression,
  shadow: boolean,
): string {
  const h = place.height;
  const { x, feetY } = place;
  const headR = h * (look.age === 'child' ? 0.1 : 0.075);
  const head = { cx: x, cy: feetY - h + headR, rx: headR * 0.88, ry: headR };
  const shoulderY = head.cy + headR * 1.25;
  const half = h * (look.build === 'slim' ? 0.095 : look.build === 'broad' ? 0.135 : 0.115);
  const waistY = feetY - h * 0.47;
  const hipY = waistY + h * 0.05;
  const legW = h * 0.05;
  const clothing = paint(look.clothing.colour);
  const clothingShade = paint(darken(look.clothing.colour, 0.25));
  const secondary = paint(look.secondary);
  const skin = paint(look.skin);
  const parts: string[] = [];
  const layers = drawHead(look, head, paint, false, expression);

  if (shadow) {
    parts.push(
      el('ellipse', {
        cx: x,
        cy: feetY,
        rx: half * 1.6,
        ry: h * 0.025,
        fill: '#000000',
        'fill-opacity': 0.3,
        stroke: 'none',
      }),
    );
  }
  if (look.garment === 'cloak') {
    parts.push(
      el('path', {
        d: polygonPath([
          [x - half * 1.05, shoulderY],
          [x + half * 1.05, shoulderY],
          [x + half * 1.6, feetY - h * 0.04],
          [x - half * 1.6, feetY - h * 0.04],
        ]),
        fill: clothingShade,
      }),
    );
  }
  parts.push(layers.back);
  // legs and shoes
  for (const side of [-1, 1]) {
    const lx = x + side * half * 0.42;
    parts.push(
      el('rect', {
        x: lx - legW / 2,
        y: hipY - h * 0.02,
        width: legW,
        height: feetY - hipY - h * 0.015,
        fill: secondary,
      }),
    );
    parts.push(
      el('ellipse', {
        cx: lx + side * legW * 0.25,
        cy: feetY - h * 0.012,
        rx: legW * 0.8,
        ry: h * 0.018,
        fill: paint('#2b211c'),
      }),
    );
  }
  // torso
  const long = LONG_GARMENTS.has(look.garment);
  const hemY = long ? feetY - h * 0.06 : hipY + h * 0.04;
  const hemHalf = long ? half * 1.45 : half * 0.92;
  parts.push(
    el('path', {
      d: `M${num(x - half)} ${num(shoulderY + h * 0.015)} Q${num(x)} ${num(shoulderY - h * 0.02)} ${num(x + half)} ${num(shoulderY + h * 0.015)} L${num(x + half * 0.85)} ${num(waistY)} L${num(x + hemHalf)} ${num(hemY)} L${num(x - hemHalf)} ${num(hemY)} L${num(x - half * 0.85)} ${num(waistY)} Z`,
      fill: look.garment === 'armour' ? paint('#9aa1a8') : clothing,
    }),
  );
  if (look.garment === 'armour') {
    parts.push(
      el('rect', {
        x: x - half * 0.5,
        y: shoulderY + h * 0.04,
        width: half,
        height: h * 0.16,
        fill: clothing,
      }),
    );
  } else if (!long) {
    parts.push(
      el('rect', {
        x: x - half * 0.9,
        y: waistY - h * 0.015,
        width: half * 1.8,
        height: h * 0.03,
        fill: paint(darken(look.secondary, 0.2)),
      }),
    );
  }
  // arms and hands
  for (const side of [-1, 1]) {
    const sx = x + side * half * 0.98;
    const hx = x + side * half * 1.22;
    const handY = waistY + h * 0.06;
    parts.push(
      el('path', {
        d: `M${num(sx - side * h * 0.01)} ${num(shoulderY + h * 0.01)} L${num(sx + side * h * 0.045)} ${num(shoulderY + h * 0.03)} L${num(hx + side * h * 0.02)} ${num(handY)} L${num(hx - side * h * 0.035)} ${num(handY)} Z`,
        fill: look.garment === 'armour' ? paint('#8a9198') : clothing,
      }),
      el('circle', { cx: hx - side * h * 0.008, cy: handY + h * 0.012, r: h * 0.024, fill: skin }),
    );
  }
  // neck
  parts.push(
    el('rect', {
      x: x - headR * 0.3,
      y: head.cy + headR * 0.8,
      width: headR * 0.6,
      height: shoulderY - head.cy - headR * 0.7,
      fill: paint(darken(look.skin, 0.12)),
    }),
  );
  parts.push(layers.front);
  return group(parts);
}
