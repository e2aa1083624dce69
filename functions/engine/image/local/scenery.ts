import type { Random } from '../../random';
import { darken, lighten, mix } from '../../drawing/colour';
import type { DrawContext } from './context';
import { el, group, num, polygonPath } from '../../drawing/svg';

/** Reusable pieces of landscape and architecture, sized from the canvas unit. */

/** A smooth ridge across the canvas, filled down to `bottom`. */
export function ridge(
  ctx: DrawContext,
  random: Random,
  baseY: number,
  amplitude: number,
  fill: string,
  bottom = ctx.height,
  bumps = 5,
): string {
  const { width } = ctx;
  const step = width / bumps;
  const heights = Array.from({ length: bumps + 2 }, () => baseY - random.next() * amplitude);
  let d = `M${num(-step)} ${num(bottom)} L${num(-step)} ${num(heights[0]!)}`;
  for (let i = 0; i <= bumps; i++) {
    const x0 = (i - 1) * step;
    const x1 = i * step;
    d += ` C${num(x0 + step / 2)} ${num(heights[i]!)} ${num(x1 - step / 2)} ${num(heights[i + 1]!)} ${num(x1)} ${num(heights[i + 1]!)}`;
  }
  d += ` L${num(width + step)} ${num(heights[bumps + 1]!)} L${num(width + step)} ${num(bottom)} Z`;
  return el('path', { d, fill });
}

/** Jagged mountain range with optional snow caps. */
export function mountainRange(
  ctx: DrawContext,
  random: Random,
  baseY: number,
  height: number,
  fill: string,
  snow: string | null,
  peaks = 5,
): string {
  const { width } = ctx;
  const parts = [];
  const span = width / peaks;
  for (let i = -1; i <= peaks; i++) {
    const cx = (i + 0.5 + (random.next() - 0.5) * 0.5) * span;
    const h = height * (0.6 + random.next() * 0.4);
    const half = span * (0.7 + random.next() * 0.5);
    parts.push(
      el('path', {
        d: polygonPath([
          [cx - half, baseY],
          [cx, baseY - h],
          [cx + half, baseY],
        ]),
        fill,
      }),
    );
    if (snow) {
      const capH = h * 0.28;
      const capHalf = (half * capH) / h;
      parts.push(
        el('path', {
          d: polygonPath([
            [cx - capHalf, baseY - h + capH],
            [cx, baseY - h],
            [cx + capHalf, baseY - h + capH],
            [cx + capHalf * 0.3, baseY - h + capH * 0.75],
            [cx - capHalf * 0.2, baseY - h + capH * 1.05],
          ]),
          fill: snow,
        }),
      );
    }
  }
  return group(parts);
}

export function conifer(x: number, groundY: number, height: number, foliage: string, trunk: string): string {
  const w = height * 0.42;
  return group([
    el('rect', {
      x: x - height * 0.035,
      y: groundY - height * 0.18,
      width: height * 0.07,
      height: height * 0.18,
      fill: trunk,
    }),
    el('path', {
      d: polygonPath([
        [x - w / 2, groundY - height * 0.15],
        [x, groundY - height * 0.62],
        [x + w / 2, groundY - height * 0.15],
      ]),
      fill: foliage,
    }),
    el('path', {
      d: polygonPath([
        [x - w * 0.4, groundY - height * 0.45],
        [x, groundY - height],
        [x + w * 0.4, groundY - height * 0.45],
      ]),
      fill: foliage,
    }),
  ]);
}

export function broadleaf(
  x: number,
  groundY: number,
  height: number,
  foliage: string,
  trunk: string,
): string {
  const r = height * 0.28;
  return group([
    el('path', {
      d: polygonPath([
        [x - height * 0.05, groundY],
        [x - height * 0.025, groundY - height * 0.6],
        [x + height * 0.025, groundY - height * 0.6],
        [x + height * 0.05, groundY],
      ]),
      fill: trunk,
    }),
    el('circle', { cx: x - r * 0.6, cy: groundY - height * 0.62, r: r * 0.8, fill: foliage }),
    el('circle', { cx: x + r * 0.6, cy: groundY - height * 0.6, r: r * 0.75, fill: foliage }),
    el('circle', { cx: x, cy: groundY - height * 0.78, r, fill: foliage }),
    el('circle', {
      cx: x + r * 0.2,
      cy: groundY - height * 0.7,
      r: r * 0.5,
      fill: lighten(foliage, 0.12),
      stroke: 'none',
    }),
  ]);
}

/** A row of trees from back (small, hazy) to front. */
export function treeRow(
  ctx: DrawContext,
  random: Random,
  groundY: number,
  height: number,
  count: number,
  foliage: string,
  trunk: string,
  mixed = true,
): string {
  const trees = [];
  for (let i = 0; i < count; i++) {
    const x = ((i + random.next() * 0.8) / count) * (ctx.width * 1.1) - ctx.width * 0.05;
    const h = height * (0.75 + random.next() * 0.5);
    const y = groundY + random.next() * height * 0.06;
    trees.push(
      mixed && random.chance(0.45) ? broadleaf(x, y, h, foliage, trunk) : conifer(x, y, h, foliage, trunk),
    );
  }
  return group(trees);
}

/** Windows in a grid; lit ones glow when it is dark. */
export function windows(
  ctx: DrawContext,
  random: Random,
  x: number,
  y: number,
  w: number,
  h: number,
  rows: number,
  cols: number,
  glass: string,
): string {
  const parts = [];
  const cellW = w / cols;
  const cellH = h / rows;
  const lit = ctx.sky.lampsLit;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const on = lit && random.chance(0.55);
      parts.push(
        el('rect', {
          x: x + c * cellW + cellW * 0.22,
          y: y + r * cellH + cellH * 0.2,
          width: cellW * 0.56,
          height: cellH * 0.6,
          fill: on ? ctx.light(ctx.sky.lamp) : glass,
        }),
      );
    }
  }
  return group(parts);
}

export function house(
  ctx: DrawContext,
  random: Random,
  x: number,
  groundY: number,
  w: number,
  h: number,
  wall: string,
  roof: string,
): string {
  const glass = ctx.env('#5d7189');
  const door = ctx.env('#5a3a24');
  const parts = [
    el('rect', { x, y: groundY - h, width: w, height: h, fill: wall }),
    el('path', {
      d: polygonPath([
        [x - w * 0.08, groundY - h],
        [x + w / 2, groundY - h - h * 0.65],
        [x + w * 1.08, groundY - h],
      ]),
      fill: roof,
    }),
    el('rect', {
      x: x + w * 0.68,
      y: groundY - h - h * 0.55,
      width: w * 0.12,
      height: h * 0.35,
      fill: darken(wall, 0.2),
    }),
    el('rect', { x: x + w * 0.4, y: groundY - h * 0.55, width: w * 0.2, height: h * 0.55, fill: door }),
    windows(ctx, random, x + w * 0.05, groundY - h * 0.85, w * 0.3, h * 0.4, 1, 1, glass),
    windows(ctx, random, x + w * 0.65, groundY - h * 0.85, w * 0.3, h * 0.4, 1, 1, glass),
  ];
  return group(parts);
}

export function boat(
  x: number,
  waterY: number,
  size: number,
  hull: string,
  sail: string,
  mast: string,
): string {
  return group([
    el('path', {
      d: polygonPath([
        [x - size, waterY - size * 0.25],
        [x + size, waterY - size * 0.25],
        [x + size * 0.7, waterY + size * 0.12],
        [x - size * 0.75, waterY + size * 0.12],
      ]),
      fill: hull,
    }),
    el('rect', {
      x: x - size * 0.03,
      y: waterY - size * 1.6,
      width: size * 0.06,
      height: size * 1.35,
      fill: mast,
    }),
    el('path', {
      d: polygonPath([
        [x + size * 0.05, waterY - size * 1.55],
        [x + size * 0.75, waterY - size * 0.35],
        [x + size * 0.05, waterY - size * 0.35],
      ]),
      fill: sail,
    }),
  ]);
}

/** Curved strokes suggesting waves between `top` and `bottom`. */
export function waves(ctx: DrawContext, random: Random, top: number, bottom: number, colour: string): string {
  const strokes = [];
  const rows = 9;
  for (let r = 0; r < rows; r++) {
    const y = top + ((bottom - top) * (r + 0.5)) / rows;
    const size = ctx.unit * (0.8 + (r / rows) * 3);
    const perRow = Math.round(ctx.width / (size * 7));
    for (let i = 0; i < perRow; i++) {
      const x = ((i + random.next()) / perRow) * ctx.width;
      strokes.push(
        `M${num(x - size)} ${num(y)} Q${num(x)} ${num(y - size * 0.5)} ${num(x + size)} ${num(y)}`,
      );
    }
  }
  return el('path', {
    d: strokes.join(' '),
    stroke: colour,
    'stroke-width': ctx.unit * 0.25,
    fill: 'none',
    'stroke-opacity': 0.7,
    'stroke-linecap': 'round',
  });
}

/** Wooden planks in perspective, for decks and floors. */
export function planks(ctx: DrawContext, top: number, bottom: number, wood: string): string {
  const { width } = ctx;
  const lines = [];
  const count = 12;
  for (let i = 0; i <= count; i++) {
    const xBottom = (i / count) * width * 1.6 - width * 0.3;
    const xTop = width / 2 + (xBottom - width / 2) * 0.45;
    lines.push(`M${num(xTop)} ${num(top)} L${num(xBottom)} ${num(bottom)}`);
  }
  return group([
    el('rect', {
      x: 0,
      y: top,
      width,
      height: bottom - top,
      fill: ctx.gradient('planks', lighten(wood, 0.05), darken(wood, 0.15)),
    }),
    el('path', {
      d: lines.join(' '),
      stroke: darken(wood, 0.35),
      'stroke-width': ctx.unit * 0.2,
      fill: 'none',
    }),
  ]);
}

export function grassTufts(
  ctx: DrawContext,
  random: Random,
  top: number,
  bottom: number,
  colour: string,
  count: number,
): string {
  const blades = [];
  for (let i = 0; i < count; i++) {
    const x = random.next() * ctx.width;
    const y = top + random.next() * (bottom - top);
    const h = ctx.unit * (0.8 + ((y - top) / Math.max(1, bottom - top)) * 2.2);
    blades.push(`M${num(x - h * 0.3)} ${num(y)} L${num(x)} ${num(y - h)} L${num(x + h * 0.3)} ${num(y)}`);
  }
  return el('path', {
    d: blades.join(' '),
    stroke: colour,
    'stroke-width': ctx.unit * 0.18,
    fill: 'none',
    'stroke-linejoin': 'round',
  });
}

export function flowers(
  ctx: DrawContext,
  random: Random,
  top: number,
  bottom: number,
  count: number,
): string {
  const dots = [];
  for (let i = 0; i < count; i++) {
    dots.push(
      el('circle', {
        cx: random.next() * ctx.width,
        cy: top + random.next() * (bottom - top),
        r: ctx.unit * (0.25 + random.next() * 0.35),
        fill: ctx.env(random.pick(['#f2d13c', '#e9573f', '#f5f5f5', '#d46fb6', '#7fa8f0'])),
      }),
    );
  }
  return group(dots, { stroke: 'none' });
}

/** Glow behind a light source (lamps, torches, windows at night). */
export function lampGlow(ctx: DrawContext, cx: number, cy: number, radius: number): string {
  if (!ctx.sky.lampsLit) return '';
  const id = ctx.def(
    'lamp-glow',
    `<radialGradient id="lamp-glow"><stop offset="0" stop-color="${ctx.light(ctx.sky.lamp)}" stop-opacity="0.65"/><stop offset="1" stop-color="${ctx.light(ctx.sky.lamp)}" stop-opacity="0"/></radialGradient>`,
  );
  return el('circle', { cx, cy, r: radius, fill: `url(#${id})`, stroke: 'none' });
}

export function groundFill(ctx: DrawContext, id: string, colour: string, top = ctx.horizon): string {
  return el('rect', {
    x: 0,
    y: top,
    width: ctx.width,
    height: ctx.height - top,
    fill: ctx.gradient(id, ctx.env(lighten(colour, 0.08)), ctx.env(darken(colour, 0.2))),
  });
}

export const hazy = (ctx: DrawContext, colour: string, amount: number) =>
  mix(ctx.env(colour), ctx.light(ctx.sky.horizon), amount);
