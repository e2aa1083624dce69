import { darken, lighten } from '../../drawing/colour';
import { mentions } from './keywords';
import {
  broadleaf,
  conifer,
  flowers,
  grassTufts,
  groundFill,
  hazy,
  mountainRange,
  ridge,
  treeRow,
} from './scenery';
import type { SettingDrawer } from './setting-art';
import { el, group, num } from '../../drawing/svg';

/** Natural outdoor settings: forest, mountains, desert, fields and the generic landscape. */
export const forest: SettingDrawer = {
  label: 'a forest',
  horizon: 0.64,
  features: () => ['layered pine and leafy trees fading into the distance', 'a mossy forest floor'],
  draw(ctx) {
    const { height, width, horizon, unit } = ctx;
    const random = ctx.random('forest');
    const foliage = '#2f6b3a';
    const trunk = '#5a3d26';
    const back = [
      ridge(ctx, random, horizon - unit * 4, unit * 8, hazy(ctx, '#4c7a5a', 0.45)),
      treeRow(
        ctx,
        random,
        horizon + unit * 2,
        height * 0.28,
        16,
        hazy(ctx, foliage, 0.4),
        hazy(ctx, trunk, 0.4),
        false,
      ),
      treeRow(
        ctx,
        random,
        horizon + unit * 6,
        height * 0.36,
        10,
        ctx.env(lighten(foliage, 0.05)),
        ctx.env(trunk),
      ),
      groundFill(ctx, 'forest-ground', '#4a6b2f', horizon + unit * 6),
      treeRow(
        ctx,
        random,
        horizon + unit * 10,
        height * 0.45,
        6,
        ctx.env(darken(foliage, 0.1)),
        ctx.env(trunk),
      ),
      grassTufts(ctx, random, horizon + unit * 12, height, ctx.env('#3d6b2a'), 140),
    ];
    const front = [
      el('rect', { x: -unit * 2, y: 0, width: width * 0.05, height, fill: ctx.env(darken(trunk, 0.3)) }),
      el('rect', { x: width * 0.965, y: 0, width: width * 0.06, height, fill: ctx.env(darken(trunk, 0.3)) }),
    ];
    return { back: group(back), front: group(front), stand: 0.93, figureHeight: 0.42 };
  },
};

export const mountains: SettingDrawer = {
  label: 'the mountains',
  horizon: 0.66,
  features: () => [
    'snow-capped mountain ranges layered into the distance',
    'an alpine meadow with rocks and pines',
  ],
  draw(ctx) {
    const { height, horizon, unit } = ctx;
    const random = ctx.random('mountains');
    const back = [
      mountainRange(ctx, random, horizon, height * 0.45, hazy(ctx, '#6f7f9c', 0.45), ctx.light('#f4f6fa'), 4),
      mountainRange(
        ctx,
        random,
        horizon + unit * 2,
        height * 0.32,
        hazy(ctx, '#586a80', 0.2),
        ctx.light('#e9edf3'),
        5,
      ),
      ridge(ctx, random, horizon + unit * 2, unit * 6, ctx.env('#5b7a45')),
      treeRow(
        ctx,
        random,
        horizon + unit * 6,
        height * 0.16,
        9,
        ctx.env('#2f5a3a'),
        ctx.env('#4a3526'),
        false,
      ),
      groundFill(ctx, 'meadow', '#6a8a45', horizon + unit * 9),
      grassTufts(ctx, random, horizon + unit * 10, height, ctx.env('#4f6f32'), 100),
    ];
    for (let i = 0; i < 3; i++) {
      const x = ctx.width * (0.1 + random.next() * 0.8);
      const y = height * (0.85 + random.next() * 0.1);
      back.push(
        el('ellipse', {
          cx: x,
          cy: y,
          rx: unit * (3 + random.next() * 3),
          ry: unit * 2,
          fill: ctx.env('#7d7a74'),
        }),
      );
    }
    return { back: group(back), front: '', stand: 0.93, figureHeight: 0.42 };
  },
};

export const desert: SettingDrawer = {
  label: 'a desert',
  horizon: 0.64,
  features: (_sky, text) => [
    'rolling sand dunes under a vast sky',
    mentions(text, ['oasis']) ? 'an oasis with palm trees' : 'scattered rocks and cacti',
  ],
  draw(ctx, text) {
    const { height, width, horizon, unit } = ctx;
    const random = ctx.random('desert');
    const back = [
      ridge(ctx, random, horizon, unit * 5, hazy(ctx, '#d9b27a', 0.35), height, 3),
      ridge(ctx, random, horizon + unit * 6, unit * 7, ctx.env('#e0b574'), height, 4),
      ridge(
        ctx,
        random,
        horizon + unit * 14,
        unit * 6,
        ctx.gradient('dune', ctx.env('#ecc688'), ctx.env('#c99a5a')),
        height,
        3,
      ),
    ];
    if (mentions(text, ['oasis'])) {
      back.push(
        el('ellipse', {
          cx: width * 0.7,
          cy: horizon + unit * 10,
          rx: width * 0.12,
          ry: unit * 3,
          fill: ctx.env('#3f86b0'),
        }),
      );
      for (const dx of [-0.08, 0.02, 0.1]) {
        const x = width * (0.7 + dx);
        back.push(
          el('path', {
            d: `M${num(x)} ${num(horizon + unit * 9)} Q${num(x + unit * 2)} ${num(horizon - unit * 5)} ${num(x + unit)} ${num(horizon - unit * 12)}`,
            stroke: ctx.env('#7a5a34'),
            'stroke-width': unit,
            fill: 'none',
          }),
          group(
            [-1, 1, -0.4, 0.5].map((s) =>
              el('path', {
                d: `M${num(x + unit)} ${num(horizon - unit * 12)} q${num(s * unit * 6)} ${num(-unit * 2)} ${num(s * unit * 9)} ${num(unit * 4)}`,
                stroke: ctx.env('#3f7d3a'),
                'stroke-width': unit * 1.2,
                fill: 'none',
              }),
            ),
          ),
        );
      }
    } else {
      for (let i = 0; i < 3; i++) {
        const x = width * (0.1 + random.next() * 0.8);
        const y = height * (0.78 + random.next() * 0.1);
        const h = unit * (6 + random.next() * 6);
        back.push(
          group(
            [
              el('rect', { x: x - unit * 0.9, y: y - h, width: unit * 1.8, height: h, rx: unit * 0.9 }),
              el('path', {
                d: `M${num(x)} ${num(y - h * 0.5)} h${num(unit * 2.5)} v${num(-h * 0.3)}`,
                fill: 'none',
                stroke: ctx.env('#4f7d3a'),
                'stroke-width': unit * 1.2,
                'stroke-linecap': 'round',
              }),
            ],
            { fill: ctx.env('#4f7d3a') },
          ),
        );
      }
    }
    return { back: group(back), front: '', stand: 0.93, figureHeight: 0.42 };
  },
};

export const field: SettingDrawer = {
  label: 'open fields',
  horizon: 0.62,
  features: () => ['rolling green fields and meadows with wildflowers', 'a lone tree and a wooden fence'],
  draw(ctx) {
    const { height, width, horizon, unit } = ctx;
    const random = ctx.random('field');
    const back = [
      ridge(ctx, random, horizon, unit * 6, hazy(ctx, '#7fa85a', 0.4), height, 4),
      ridge(ctx, random, horizon + unit * 6, unit * 6, ctx.env('#6f9a48'), height, 3),
      ridge(
        ctx,
        random,
        horizon + unit * 14,
        unit * 5,
        ctx.gradient('field-near', ctx.env('#7aa84e'), ctx.env('#4f7a32')),
        height,
        3,
      ),
      broadleaf(width * 0.78, horizon + unit * 8, height * 0.3, ctx.env('#3f7a3a'), ctx.env('#5a3d26')),
      flowers(ctx, random, horizon + unit * 16, height, 70),
      grassTufts(ctx, random, horizon + unit * 16, height, ctx.env('#4a7330'), 90),
    ];
    const fence = [];
    for (let x = width * 0.55; x < width; x += unit * 4)
      fence.push(
        el('rect', { x, y: height * 0.74, width: unit * 0.8, height: unit * 5, fill: ctx.env('#7a5a3a') }),
      );
    fence.push(
      el('rect', {
        x: width * 0.55,
        y: height * 0.755,
        width: width * 0.45,
        height: unit * 0.7,
        fill: ctx.env('#7a5a3a'),
      }),
    );
    return { back: group([...back, ...fence]), front: '', stand: 0.94, figureHeight: 0.42 };
  },
};

export const landscape: SettingDrawer = {
  label: 'an open landscape',
  horizon: 0.64,
  features: () => ['distant blue mountains', 'green hills with scattered trees', 'a winding path'],
  draw(ctx) {
    const { height, width, horizon, unit } = ctx;
    const random = ctx.random('landscape');
    const back = [
      mountainRange(ctx, random, horizon, height * 0.22, hazy(ctx, '#7486a3', 0.5), null, 4),
      ridge(ctx, random, horizon, unit * 6, hazy(ctx, '#6f9452', 0.2)),
      groundFill(ctx, 'landscape-ground', '#6a9148', horizon + unit * 4),
      el('path', {
        d: `M${num(width * 0.5)} ${num(horizon + unit * 4)} C${num(width * 0.3)} ${num(horizon + unit * 14)} ${num(width * 0.75)} ${num(height * 0.85)} ${num(width * 0.45)} ${num(height)} L${num(width * 0.7)} ${num(height)} C${num(width * 0.9)} ${num(height * 0.85)} ${num(width * 0.45)} ${num(horizon + unit * 14)} ${num(width * 0.52)} ${num(horizon + unit * 4)} Z`,
        fill: ctx.env('#c2a878'),
      }),
    ];
    for (let i = 0; i < 4; i++) {
      const x = width * (0.05 + random.next() * 0.9);
      back.push(
        (random.chance(0.5) ? conifer : broadleaf)(
          x,
          horizon + unit * (4 + random.next() * 4),
          height * 0.16,
          ctx.env('#3a6f3a'),
          ctx.env('#5a3d26'),
        ),
      );
    }
    back.push(grassTufts(ctx, random, horizon + unit * 8, height, ctx.env('#4f7332'), 80));
    return { back: group(back), front: '', stand: 0.94, figureHeight: 0.42 };
  },
};
