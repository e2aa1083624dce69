import { darken, lighten } from '../../drawing/colour';
import type { DrawContext } from './context';
import { mentions } from './keywords';
import type { SettingArt } from './setting-art';
import type { SkyPalette } from './palette';
import { lampGlow, planks } from './scenery';
import type { IndoorSetting } from './settings';
import { el, group, num, polygonPath } from '../../drawing/svg';

/** Draws the outdoor view seen through a window at the given box. */
export type WindowView = (
  x: number,
  y: number,
  width: number,
  height: number,
  shape?: 'rect' | 'arch' | 'round',
) => string;

export interface IndoorDrawer {
  label: string;
  horizon: number;
  features(sky: SkyPalette, text: string): string[];
  draw(ctx: DrawContext, text: string, view: WindowView): SettingArt;
}

function frame(ctx: DrawContext, x: number, y: number, w: number, h: number, wood: string): string {
  const t = ctx.unit * 0.9;
  return group(
    [
      el('rect', {
        x: x - t,
        y: y - t,
        width: w + 2 * t,
        height: h + 2 * t,
        fill: 'none',
        stroke: wood,
        'stroke-width': t * 1.6,
      }),
      el('path', {
        d: `M${num(x + w / 2)} ${num(y)} L${num(x + w / 2)} ${num(y + h)} M${num(x)} ${num(y + h / 2)} L${num(x + w)} ${num(y + h / 2)}`,
        stroke: wood,
        'stroke-width': t,
        fill: 'none',
      }),
    ],
    { 'stroke-linejoin': 'miter' },
  );
}

function table(ctx: DrawContext, x: number, floorY: number, w: number, wood: string): string {
  const { unit } = ctx;
  const h = w * 0.42;
  return group([
    el('rect', { x, y: floorY - h, width: w, height: unit * 1.6, fill: wood }),
    el('rect', { x: x + unit, y: floorY - h, width: unit * 1.4, height: h, fill: darken(wood, 0.2) }),
    el('rect', {
      x: x + w - unit * 2.4,
      y: floorY - h,
      width: unit * 1.4,
      height: h,
      fill: darken(wood, 0.2),
    }),
  ]);
}

function candle(ctx: DrawContext, x: number, y: number): string {
  const { unit } = ctx;
  return group([
    lampGlow(ctx, x, y - unit * 3, unit * 14),
    el('rect', {
      x: x - unit * 0.6,
      y: y - unit * 3,
      width: unit * 1.2,
      height: unit * 3,
      fill: ctx.env('#efe6cf'),
    }),
    el('ellipse', {
      cx: x,
      cy: y - unit * 3.8,
      rx: unit * 0.5,
      ry: unit * 0.9,
      fill: ctx.sky.lampsLit ? ctx.light('#ffcc55') : ctx.light('#ffdd88'),
      stroke: 'none',
    }),
  ]);
}

function walls(ctx: DrawContext, colour: string, floorColour: string, wainscot = true): string {
  const { width, height, horizon, unit } = ctx;
  return group([
    el('rect', {
      x: 0,
      y: 0,
      width,
      height: horizon,
      fill: ctx.gradient('wall', ctx.env(lighten(colour, 0.06)), ctx.env(darken(colour, 0.12))),
    }),
    wainscot
      ? el('rect', {
          x: 0,
          y: horizon - height * 0.16,
          width,
          height: height * 0.16,
          fill: ctx.env(darken(colour, 0.3)),
        })
      : '',
    wainscot
      ? el('rect', {
          x: 0,
          y: horizon - height * 0.17,
          width,
          height: unit * 0.8,
          fill: ctx.env(darken(colour, 0.45)),
        })
      : '',
    planks(ctx, horizon, height, ctx.env(floorColour)),
  ]);
}

const room: IndoorDrawer = {
  label: 'a room',
  horizon: 0.7,
  features: (sky) => [
    'papered walls with a framed picture',
    'a window looking outside',
    'a wooden table and chair on a plank floor',
    sky.lampsLit ? 'a lit candle casting warm light' : 'a rug',
  ],
  draw(ctx, _text, view) {
    const { width, height, horizon, unit } = ctx;
    const random = ctx.random('room');
    const wallColour = random.pick(['#b9a27e', '#8fa58a', '#a98a8a', '#8a9bb0', '#c7b48e']);
    const wood = ctx.env('#7a5232');
    const winW = Math.min(width * 0.26, height * 0.38);
    const winH = height * 0.34;
    const winX = width * 0.62 - winW / 2;
    const winY = height * 0.14;
    const back = [
      walls(ctx, wallColour, '#8a5e3a'),
      view(winX, winY, winW, winH),
      frame(ctx, winX, winY, winW, winH, wood),
      el('rect', {
        x: width * 0.12,
        y: height * 0.18,
        width: winW * 0.6,
        height: winH * 0.5,
        fill: ctx.env('#6f8a5a'),
        stroke: ctx.env('#b08a3a'),
        'stroke-width': unit * 1.2,
      }),
      el('ellipse', {
        cx: width * 0.5,
        cy: height * 0.9,
        rx: width * 0.3,
        ry: height * 0.06,
        fill: ctx.env('#8a3b3b'),
      }),
      table(ctx, width * 0.7, horizon + unit * 8, Math.min(width * 0.2, height * 0.3), wood),
      candle(
        ctx,
        width * 0.7 + Math.min(width * 0.2, height * 0.3) / 2,
        horizon + unit * 8 - Math.min(width * 0.2, height * 0.3) * 0.42,
      ),
    ];
    return { back: group(back), front: '', stand: 0.95, figureHeight: 0.52 };
  },
};

const library: IndoorDrawer = {
  label: 'a library',
  horizon: 0.72,
  features: () => [
    'tall wooden bookshelves packed with colourful books',
    'a rolling ladder',
    'a reading table with a lamp',
  ],
  draw(ctx) {
    const { width, height, horizon, unit } = ctx;
    const random = ctx.random('library');
    const wood = ctx.env('#5e3b22');
    const back: string[] = [walls(ctx, '#6b4a35', '#7a5232', false)];
    const shelfH = height * 0.12;
    const books = [];
    for (let y = height * 0.04; y + shelfH < horizon; y += shelfH) {
      back.push(el('rect', { x: 0, y: y + shelfH - unit, width, height: unit, fill: wood }));
      for (let x = unit; x < width - unit;) {
        const w = unit * (0.9 + random.next() * 1.3);
        const h = shelfH * (0.6 + random.next() * 0.3);
        books.push(
          el('rect', {
            x,
            y: y + shelfH - unit - h,
            width: w,
            height: h,
            fill: ctx.env(
              random.pick(['#8a2b2b', '#2b4a7a', '#2f6b3a', '#8a6a2b', '#5a2b6b', '#3a3a3a', '#a0522d']),
            ),
          }),
        );
        x += w + unit * 0.15;
      }
    }
    back.push(group(books, { 'stroke-width': unit * 0.1 }));
    back.push(
      el('path', {
        d: `M${num(width * 0.82)} ${num(height * 0.05)} L${num(width * 0.86)} ${num(horizon + unit * 4)} M${num(width * 0.88)} ${num(height * 0.05)} L${num(width * 0.92)} ${num(horizon + unit * 4)}`,
        stroke: wood,
        'stroke-width': unit * 0.8,
        fill: 'none',
      }),
      el('path', {
        d: Array.from({ length: 8 }, (_, i) => {
          const t = (i + 0.5) / 8;
          const y = height * 0.05 + t * (horizon + unit * 4 - height * 0.05);
          return `M${num(width * 0.82 + t * width * 0.04)} ${num(y)} L${num(width * 0.88 + t * width * 0.04)} ${num(y)}`;
        }).join(' '),
        stroke: wood,
        'stroke-width': unit * 0.5,
      }),
      table(ctx, width * 0.08, horizon + unit * 9, Math.min(width * 0.24, height * 0.34), ctx.env('#7a5232')),
      lampGlow(
        ctx,
        width * 0.08 + unit * 6,
        horizon + unit * 9 - Math.min(width * 0.24, height * 0.34) * 0.42 - unit * 5,
        unit * 16,
      ),
      el('path', {
        d: polygonPath([
          [
            width * 0.08 + unit * 3,
            horizon + unit * 9 - Math.min(width * 0.24, height * 0.34) * 0.42 - unit * 4,
          ],
          [
            width * 0.08 + unit * 9,
            horizon + unit * 9 - Math.min(width * 0.24, height * 0.34) * 0.42 - unit * 4,
          ],
          [
            width * 0.08 + unit * 7,
            horizon + unit * 9 - Math.min(width * 0.24, height * 0.34) * 0.42 - unit * 8,
          ],
          [
            width * 0.08 + unit * 5,
            horizon + unit * 9 - Math.min(width * 0.24, height * 0.34) * 0.42 - unit * 8,
          ],
        ]),
        fill: ctx.env('#2f6b3a'),
      }),
    );
    return { back: group(back), front: '', stand: 0.96, figureHeight: 0.52 };
  },
};

const kitchen: IndoorDrawer = {
  label: 'a kitchen',
  horizon: 0.72,
  features: () => [
    'a tiled wall with hanging copper pans',
    'a stove with a steaming pot',
    'wooden counters and cupboards',
    'a window',
  ],
  draw(ctx, _text, view) {
    const { width, height, horizon, unit } = ctx;
    const tile = unit * 5;
    const back = [walls(ctx, '#d8d2c0', '#7a6a5a', false)];
    const grid = [];
    for (let x = 0; x < width; x += tile) grid.push(`M${num(x)} 0 L${num(x)} ${num(horizon)}`);
    for (let y = 0; y < horizon; y += tile) grid.push(`M0 ${num(y)} L${num(width)} ${num(y)}`);
    back.push(
      el('path', { d: grid.join(' '), stroke: ctx.env('#b5ad98'), 'stroke-width': unit * 0.2, fill: 'none' }),
    );
    const winW = Math.min(width * 0.22, height * 0.32);
    back.push(
      view(width * 0.5 - winW / 2, height * 0.1, winW, height * 0.26),
      frame(ctx, width * 0.5 - winW / 2, height * 0.1, winW, height * 0.26, ctx.env('#6a4a2a')),
    );
    const counterTop = horizon - height * 0.12;
    back.push(
      el('rect', {
        x: 0,
        y: counterTop,
        width,
        height: horizon - counterTop + unit * 6,
        fill: ctx.env('#8a5e3a'),
      }),
      el('rect', { x: 0, y: counterTop - unit * 1.2, width, height: unit * 1.6, fill: ctx.env('#c9c0ae') }),
      el('path', {
        d: Array.from(
          { length: 7 },
          (_, i) =>
            `M${num(((i + 1) * width) / 8)} ${num(counterTop + unit)} l0 ${num(horizon - counterTop + unit * 4)}`,
        ).join(' '),
        stroke: ctx.env('#5e3b22'),
        'stroke-width': unit * 0.4,
      }),
      el('rect', {
        x: width * 0.12,
        y: counterTop - unit * 8,
        width: width * 0.12,
        height: unit * 7,
        rx: unit,
        fill: ctx.env('#3a3a3f'),
      }),
      el('path', {
        d: `M${num(width * 0.15)} ${num(counterTop - unit * 10)} q${num(unit * 2)} ${num(-unit * 3)} 0 ${num(-unit * 6)} q${num(-unit * 2)} ${num(-unit * 3)} 0 ${num(-unit * 6)}`,
        stroke: ctx.light('#ffffff'),
        'stroke-opacity': 0.5,
        'stroke-width': unit * 0.8,
        fill: 'none',
      }),
      el('rect', {
        x: width * 0.05,
        y: height * 0.06,
        width: width * 0.25,
        height: unit * 0.8,
        fill: ctx.env('#3a3a3a'),
      }),
    );
    for (let i = 0; i < 3; i++) {
      const x = width * (0.08 + i * 0.08);
      back.push(
        el('path', {
          d: `M${num(x)} ${num(height * 0.06)} l0 ${num(unit * 5)}`,
          stroke: ctx.env('#3a3a3a'),
          'stroke-width': unit * 0.3,
        }),
        el('circle', {
          cx: x,
          cy: height * 0.06 + unit * 8,
          r: unit * (2.5 + i * 0.6),
          fill: ctx.env('#b8673a'),
        }),
      );
    }
    return { back: group(back), front: '', stand: 0.96, figureHeight: 0.5 };
  },
};

const hall: IndoorDrawer = {
  label: 'a castle hall',
  horizon: 0.7,
  features: (sky, text) => [
    'stone walls with tall arched windows',
    'hanging banners',
    sky.lampsLit ? 'burning torches' : 'iron torch sconces',
    mentions(text, ['throne']) ? 'a throne on a dais' : 'a long red carpet',
  ],
  draw(ctx, text, view) {
    const { width, height, horizon, unit } = ctx;
    const random = ctx.random('hall');
    const stone = '#8d877c';
    const back = [el('rect', { x: 0, y: 0, width, height: horizon, fill: ctx.env(stone) })];
    const blocks = [];
    for (let y = 0, row = 0; y < horizon; y += unit * 4, row++) {
      blocks.push(`M0 ${num(y)} L${num(width)} ${num(y)}`);
      for (let x = (row % 2) * unit * 4; x < width; x += unit * 8)
        blocks.push(`M${num(x)} ${num(y)} l0 ${num(unit * 4)}`);
    }
    back.push(
      el('path', {
        d: blocks.join(' '),
        stroke: ctx.env(darken(stone, 0.3)),
        'stroke-width': unit * 0.2,
        fill: 'none',
      }),
    );
    back.push(
      el('rect', {
        x: 0,
        y: horizon,
        width,
        height: height - horizon,
        fill: ctx.gradient('hall-floor', ctx.env('#7a746a'), ctx.env('#4f4a42')),
      }),
    );
    const winW = Math.min(width * 0.1, height * 0.16);
    for (const fx of [0.3, 0.7])
      back.push(view(width * fx - winW / 2, height * 0.12, winW, height * 0.36, 'arch'));
    for (const fx of [0.12, 0.5, 0.88]) {
      const colour = ctx.env(random.pick(['#8a1f2b', '#1f3a7a', '#2f6b3a']));
      back.push(
        el('path', {
          d: polygonPath([
            [width * fx - unit * 4, height * 0.08],
            [width * fx + unit * 4, height * 0.08],
            [width * fx + unit * 4, height * 0.4],
            [width * fx, height * 0.35],
            [width * fx - unit * 4, height * 0.4],
          ]),
          fill: colour,
        }),
      );
    }
    for (const fx of [0.2, 0.8]) {
      back.push(
        lampGlow(ctx, width * fx, height * 0.42, unit * 14),
        el('rect', {
          x: width * fx - unit * 0.6,
          y: height * 0.43,
          width: unit * 1.2,
          height: unit * 5,
          fill: ctx.env('#3a2a1c'),
        }),
        el('ellipse', {
          cx: width * fx,
          cy: height * 0.41,
          rx: unit * 1.2,
          ry: unit * 2.2,
          fill: ctx.sky.lampsLit ? ctx.light('#ff9a3a') : ctx.env('#3a2a1c'),
          stroke: 'none',
        }),
      );
    }
    back.push(
      el('path', {
        d: polygonPath([
          [width * 0.45, horizon],
          [width * 0.55, horizon],
          [width * 0.7, height],
          [width * 0.3, height],
        ]),
        fill: ctx.env('#8a1f2b'),
      }),
    );
    if (mentions(text, ['throne'])) {
      back.push(
        el('rect', {
          x: width * 0.5 - unit * 7,
          y: horizon - height * 0.3,
          width: unit * 14,
          height: height * 0.3,
          rx: unit * 2,
          fill: ctx.env('#c9a227'),
        }),
        el('rect', {
          x: width * 0.5 - unit * 5,
          y: horizon - height * 0.26,
          width: unit * 10,
          height: height * 0.2,
          fill: ctx.env('#7a1f2b'),
        }),
      );
    }
    return { back: group(back), front: '', stand: 0.95, figureHeight: 0.5 };
  },
};

const cabin: IndoorDrawer = {
  label: "a ship's cabin",
  horizon: 0.7,
  features: () => [
    'curved wooden plank walls',
    'a round porthole looking out to sea',
    'a hanging lantern and barrels',
  ],
  draw(ctx, _text, view) {
    const { width, height, horizon, unit } = ctx;
    const wood = '#7a5232';
    const back = [walls(ctx, wood, '#6a4428', false)];
    const lines = [];
    for (let y = unit * 5; y < horizon; y += unit * 5)
      lines.push(`M0 ${num(y)} Q${num(width / 2)} ${num(y - unit * 2)} ${num(width)} ${num(y)}`);
    back.push(
      el('path', {
        d: lines.join(' '),
        stroke: ctx.env(darken(wood, 0.4)),
        'stroke-width': unit * 0.3,
        fill: 'none',
      }),
    );
    const r = Math.min(width, height) * 0.12;
    back.push(
      view(width * 0.6 - r, height * 0.3 - r, r * 2, r * 2, 'round'),
      el('circle', {
        cx: width * 0.6,
        cy: height * 0.3,
        r: r * 1.08,
        fill: 'none',
        stroke: ctx.env('#b08a3a'),
        'stroke-width': unit * 1.6,
      }),
      lampGlow(ctx, width * 0.25, height * 0.28, unit * 16),
      el('path', {
        d: `M${num(width * 0.25)} 0 L${num(width * 0.25)} ${num(height * 0.22)}`,
        stroke: ctx.env('#3a2a1c'),
        'stroke-width': unit * 0.3,
      }),
      el('rect', {
        x: width * 0.25 - unit * 2,
        y: height * 0.22,
        width: unit * 4,
        height: unit * 6,
        rx: unit,
        fill: ctx.sky.lampsLit ? ctx.light(ctx.sky.lamp) : ctx.env('#b0a070'),
      }),
    );
    for (const fx of [0.82, 0.9]) {
      back.push(
        el('rect', {
          x: width * fx - unit * 4,
          y: horizon - unit * 2,
          width: unit * 8,
          height: unit * 11,
          rx: unit * 2,
          fill: ctx.env('#8a5e3a'),
          stroke: ctx.env('#3a2a1c'),
        }),
      );
    }
    return { back: group(back), front: '', stand: 0.95, figureHeight: 0.5 };
  },
};

export const INDOOR: Record<IndoorSetting, IndoorDrawer> = { room, library, kitchen, hall, cabin };
