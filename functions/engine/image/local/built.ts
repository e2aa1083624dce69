import { darken } from '../../drawing/colour';
import { grassTufts, groundFill, hazy, house, lampGlow, ridge, treeRow, windows } from './scenery';
import type { SettingDrawer } from './setting-art';
import { el, group, num, polygonPath } from '../../drawing/svg';

/** Settings people built: a city street, a castle and a village. */
export const city: SettingDrawer = {
  label: 'a city street',
  horizon: 0.7,
  features: (sky) => [
    'a street lined with tall buildings',
    sky.lampsLit ? 'glowing windows and lit street lamps' : 'rows of windows',
    'a distant skyline',
    'a paved road and pavement',
  ],
  draw(ctx) {
    const { height, width, horizon, unit } = ctx;
    const random = ctx.random('city');
    const back: string[] = [];
    // skyline
    for (let x = -unit * 2; x < width;) {
      const w = unit * (6 + random.next() * 8);
      const h = height * (0.25 + random.next() * 0.25);
      back.push(el('rect', { x, y: horizon - h, width: w, height: h, fill: hazy(ctx, '#4a5266', 0.45) }));
      x += w;
    }
    // facades
    const glass = ctx.env('#6a7f96');
    for (let x = -unit * 3; x < width;) {
      const w = unit * (14 + random.next() * 10);
      const h = height * (0.3 + random.next() * 0.22);
      const wall = ctx.env(random.pick(['#9c6b53', '#b89a7a', '#7d7a80', '#a65d4a', '#c9b89a']));
      back.push(
        el('rect', { x, y: horizon - h, width: w, height: h, fill: wall }),
        el('rect', {
          x: x - unit * 0.5,
          y: horizon - h - unit * 1.5,
          width: w + unit,
          height: unit * 1.5,
          fill: darken(wall, 0.3),
        }),
        windows(
          ctx,
          random,
          x + unit,
          horizon - h + unit * 2,
          w - unit * 2,
          h - unit * 9,
          Math.max(2, Math.round(h / (unit * 9))),
          Math.max(2, Math.round(w / (unit * 6))),
          glass,
        ),
        el('rect', {
          x: x + w * 0.4,
          y: horizon - unit * 7,
          width: w * 0.2,
          height: unit * 7,
          fill: darken(wall, 0.45),
        }),
      );
      x += w + unit * 0.6;
    }
    back.push(
      el('rect', { x: 0, y: horizon, width, height: unit * 4, fill: ctx.env('#8e8a84') }),
      el('rect', {
        x: 0,
        y: horizon + unit * 4,
        width,
        height: height - horizon - unit * 4,
        fill: ctx.gradient('road', ctx.env('#55565c'), ctx.env('#3a3b40')),
      }),
      el('path', {
        d: Array.from(
          { length: 8 },
          (_, i) => `M${num((i / 8) * width + unit * 2)} ${num(height * 0.86)} l${num(unit * 6)} 0`,
        ).join(' '),
        stroke: ctx.env('#d8d0b0'),
        'stroke-width': unit * 0.6,
      }),
    );
    const front = [];
    for (const fx of [0.08, 0.92]) {
      const x = width * fx;
      front.push(
        el('rect', {
          x: x - unit * 0.5,
          y: height * 0.42,
          width: unit,
          height: height * 0.55,
          fill: ctx.env('#23262b'),
        }),
        lampGlow(ctx, x, height * 0.42, unit * 12),
        el('rect', {
          x: x - unit * 1.6,
          y: height * 0.4,
          width: unit * 3.2,
          height: unit * 3,
          fill: ctx.sky.lampsLit ? ctx.light(ctx.sky.lamp) : ctx.env('#9aa0a6'),
        }),
      );
    }
    return { back: group(back), front: group(front), stand: 0.95, figureHeight: 0.4 };
  },
};

export const castle: SettingDrawer = {
  label: 'a castle',
  horizon: 0.66,
  features: () => [
    'a stone castle with towers, battlements and banners on a hill',
    'a path leading to the gate',
  ],
  draw(ctx) {
    const { height, width, horizon, unit } = ctx;
    const random = ctx.random('castle');
    const stone = ctx.env('#9b968c');
    const roof = ctx.env('#5a3f66');
    const cx = width / 2;
    const base = horizon - unit * 2;
    const wallW = Math.min(width * 0.5, height * 0.9);
    const wallH = height * 0.16;
    const back = [ridge(ctx, random, horizon - unit * 3, unit * 6, hazy(ctx, '#5f7d52', 0.4))];
    const tower = (x: number, w: number, h: number) =>
      group([
        el('rect', { x: x - w / 2, y: base - h, width: w, height: h, fill: stone }),
        el('path', {
          d: polygonPath([
            [x - w * 0.62, base - h],
            [x, base - h - w * 1.1],
            [x + w * 0.62, base - h],
          ]),
          fill: roof,
        }),
        el('rect', {
          x: x - w * 0.12,
          y: base - h * 0.7,
          width: w * 0.24,
          height: h * 0.16,
          fill: ctx.sky.lampsLit ? ctx.light(ctx.sky.lamp) : ctx.env('#3a3a40'),
        }),
        el('path', {
          d: `M${num(x)} ${num(base - h - w * 1.1)} l0 ${num(-unit * 5)} l${num(unit * 4)} ${num(unit * 1.5)} l${num(-unit * 4)} ${num(unit * 1.5)}`,
          fill: ctx.env('#b23a48'),
          stroke: ctx.env('#3a2a1c'),
          'stroke-width': unit * 0.2,
        }),
      ]);
    const crenels = [];
    for (let x = cx - wallW / 2; x < cx + wallW / 2; x += unit * 3)
      crenels.push(
        el('rect', { x, y: base - wallH - unit * 2, width: unit * 1.7, height: unit * 2, fill: stone }),
      );
    back.push(
      el('rect', { x: cx - wallW / 2, y: base - wallH, width: wallW, height: wallH + unit * 2, fill: stone }),
      group(crenels),
      tower(cx - wallW / 2, wallW * 0.14, wallH * 1.9),
      tower(cx + wallW / 2, wallW * 0.14, wallH * 1.9),
      tower(cx, wallW * 0.2, wallH * 2.5),
      el('path', {
        d: `M${num(cx - wallW * 0.07)} ${num(base + unit * 2)} L${num(cx - wallW * 0.07)} ${num(base - wallH * 0.4)} A${num(wallW * 0.07)} ${num(wallW * 0.07)} 0 0 1 ${num(cx + wallW * 0.07)} ${num(base - wallH * 0.4)} L${num(cx + wallW * 0.07)} ${num(base + unit * 2)} Z`,
        fill: ctx.env('#2e2620'),
      }),
      groundFill(ctx, 'castle-ground', '#5d7d3e', horizon),
      el('path', {
        d: polygonPath([
          [cx - wallW * 0.07, horizon],
          [cx + wallW * 0.07, horizon],
          [cx + width * 0.22, height],
          [cx - width * 0.22, height],
        ]),
        fill: ctx.env('#b8a57e'),
      }),
      grassTufts(ctx, random, horizon + unit * 4, height, ctx.env('#46682c'), 80),
    );
    return { back: group(back), front: '', stand: 0.93, figureHeight: 0.42 };
  },
};

export const village: SettingDrawer = {
  label: 'a village',
  horizon: 0.66,
  features: (sky) => [
    'thatched cottages with smoking chimneys',
    sky.lampsLit ? 'warm lit windows' : 'small windows',
    'a wooden fence and a dirt path',
    'green hills',
  ],
  draw(ctx) {
    const { height, width, horizon, unit } = ctx;
    const random = ctx.random('village');
    const back = [
      ridge(ctx, random, horizon - unit * 4, unit * 8, hazy(ctx, '#6a8f52', 0.4)),
      treeRow(ctx, random, horizon, height * 0.18, 8, hazy(ctx, '#3f6f3a', 0.3), hazy(ctx, '#5a3d26', 0.3)),
    ];
    const count = width > height ? 4 : 2;
    for (let i = 0; i < count; i++) {
      const w = Math.min(width / (count + 1), height * 0.3);
      const x = ((i + 0.5) / count) * width - w / 2 + (random.next() - 0.5) * unit * 4;
      const h = height * 0.14;
      back.push(
        house(
          ctx,
          random,
          x,
          horizon + unit * 2,
          w * 0.8,
          h,
          ctx.env(random.pick(['#e8dcc0', '#d9c7a0', '#efe6d0'])),
          ctx.env(random.pick(['#9a7a3a', '#7a5a30', '#8a3b2a'])),
        ),
      );
      back.push(
        el('circle', {
          cx: x + w * 0.8 * 0.74,
          cy: horizon - h * 1.7,
          r: unit * 2,
          fill: ctx.light('#d8d8d8'),
          'fill-opacity': 0.5,
          stroke: 'none',
        }),
      );
    }
    back.push(
      groundFill(ctx, 'village-ground', '#6b8f42', horizon + unit * 2),
      el('path', {
        d: polygonPath([
          [width * 0.45, horizon + unit * 2],
          [width * 0.55, horizon + unit * 2],
          [width * 0.75, height],
          [width * 0.25, height],
        ]),
        fill: ctx.env('#b59a6a'),
      }),
      grassTufts(ctx, random, horizon + unit * 4, height, ctx.env('#4f7332'), 90),
    );
    const fence = [];
    for (let x = 0; x < width * 0.3; x += unit * 4)
      fence.push(
        el('rect', { x, y: height * 0.78, width: unit * 0.9, height: unit * 6, fill: ctx.env('#7a5a3a') }),
      );
    fence.push(
      el('rect', { x: 0, y: height * 0.8, width: width * 0.3, height: unit * 0.8, fill: ctx.env('#7a5a3a') }),
    );
    return { back: group(back), front: group(fence), stand: 0.94, figureHeight: 0.42 };
  },
};
