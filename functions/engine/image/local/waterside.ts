import { darken, lighten, mix } from '../../drawing/colour';
import { mentions } from './keywords';
import { boat, house, lampGlow, planks, ridge, waves } from './scenery';
import type { SettingDrawer } from './setting-art';
import { el, group, num, polygonPath } from '../../drawing/svg';

/** Settings on the water: the sea shore or harbour, and a ship's deck. */
const HARBOUR_WORDS = ['harbour', 'harbor', 'port', 'dock', 'docks', 'quay', 'pier', 'wharf'];

export const sea: SettingDrawer = {
  label: 'the sea',
  horizon: 0.52,
  features: (sky, text) =>
    mentions(text, HARBOUR_WORDS)
      ? [
          'a harbour with a stone quay',
          'moored sailing boats on the waves',
          'harbour houses and a lighthouse',
          sky.lampsLit ? 'lit windows' : '',
        ]
      : ['open sea with rolling waves', 'sailing boats', 'a sandy beach in the foreground'],
  draw(ctx, text) {
    const { height, width, horizon, unit } = ctx;
    const random = ctx.random('sea');
    const harbour = mentions(text, HARBOUR_WORDS);
    const waterBottom = height * 0.8;
    const water = ctx.env('#2f6f9f');
    const back = [
      el('rect', {
        x: 0,
        y: horizon,
        width,
        height: height - horizon,
        fill: ctx.gradient('water', lighten(water, 0.15), darken(water, 0.35)),
      }),
      waves(ctx, random, horizon + unit, waterBottom, ctx.light(lighten(ctx.sky.horizon, 0.4))),
    ];
    const source = ctx.sky.moon ? ctx.light('#f7f1d0') : ctx.sky.sun ? ctx.light(ctx.sky.sun.colour) : null;
    if (source) {
      const cx = width * (ctx.sky.moon ? 0.78 : ctx.sky.sun!.x);
      back.push(
        el('path', {
          d: polygonPath([
            [cx - unit, horizon],
            [cx + unit, horizon],
            [cx + unit * 6, waterBottom],
            [cx - unit * 6, waterBottom],
          ]),
          fill: source,
          'fill-opacity': 0.25,
          stroke: 'none',
        }),
      );
    }
    if (harbour) {
      const wall = ctx.env('#c9b79c');
      for (let i = 0; i < 5; i++) {
        const w = width * 0.06;
        back.push(
          house(
            ctx,
            random,
            width * 0.02 + i * w * 1.05,
            horizon + unit,
            w,
            height * (0.07 + random.next() * 0.05),
            ctx.env(mix(wall, random.pick(['#b5544a', '#e0c080', '#8aa5b5']), 0.3)),
            ctx.env('#6b3b2a'),
          ),
        );
      }
      back.push(
        el('rect', {
          x: width * 0.88,
          y: horizon - height * 0.22,
          width: width * 0.035,
          height: height * 0.22 + unit,
          fill: ctx.env('#efefe8'),
        }),
        el('rect', {
          x: width * 0.88,
          y: horizon - height * 0.16,
          width: width * 0.035,
          height: height * 0.03,
          fill: ctx.env('#b23a3a'),
        }),
        el('path', {
          d: polygonPath([
            [width * 0.875, horizon - height * 0.22],
            [width * 0.8975, horizon - height * 0.27],
            [width * 0.92, horizon - height * 0.22],
          ]),
          fill: ctx.env('#b23a3a'),
        }),
        lampGlow(ctx, width * 0.8975, horizon - height * 0.235, unit * 10),
      );
    }
    for (let i = 0; i < (harbour ? 3 : 2); i++) {
      const x = width * (0.25 + i * 0.22 + random.next() * 0.08);
      const y = horizon + (waterBottom - horizon) * (0.25 + random.next() * 0.4);
      back.push(
        boat(
          x,
          y,
          unit * (4 + (y - horizon) / unit / 5),
          ctx.env(random.pick(['#7a3b22', '#2f3b52', '#5b4a3a'])),
          ctx.env('#f1ead8'),
          ctx.env('#4a3626'),
        ),
      );
    }
    if (harbour) {
      back.push(
        el('rect', {
          x: 0,
          y: waterBottom,
          width,
          height: height - waterBottom,
          fill: ctx.gradient('quay', ctx.env('#9a968c'), ctx.env('#6b675f')),
        }),
      );
      const blocks = [];
      for (let x = 0; x < width; x += unit * 9)
        blocks.push(`M${num(x)} ${num(waterBottom)} L${num(x)} ${num(waterBottom + unit * 3)}`);
      back.push(el('path', { d: blocks.join(' '), stroke: ctx.env('#5b574f'), 'stroke-width': unit * 0.3 }));
      back.push(
        el('rect', {
          x: width * 0.1,
          y: waterBottom - unit * 3,
          width: unit * 1.6,
          height: unit * 4,
          fill: ctx.env('#3a3430'),
        }),
      );
    } else {
      back.push(
        ridge(
          ctx,
          random,
          waterBottom,
          unit * 3,
          ctx.gradient('sand', ctx.env('#e8d3a0'), ctx.env('#c9ad72')),
          height,
          3,
        ),
      );
    }
    return { back: group(back), front: '', stand: 0.94, figureHeight: 0.42 };
  },
};

export const ship: SettingDrawer = {
  label: 'the deck of a sailing ship',
  horizon: 0.5,
  features: () => [
    'wooden deck planks',
    'a mast with billowing sails and rigging',
    'a railing with the open sea beyond',
  ],
  draw(ctx) {
    const { height, width, horizon, unit } = ctx;
    const random = ctx.random('ship');
    const deckTop = height * 0.66;
    const water = ctx.env('#2f6f9f');
    const wood = ctx.env('#8a5a34');
    const rail = ctx.env('#5e3b20');
    const back = [
      el('rect', {
        x: 0,
        y: horizon,
        width,
        height: deckTop - horizon,
        fill: ctx.gradient('water', lighten(water, 0.15), darken(water, 0.3)),
      }),
      waves(ctx, random, horizon + unit, deckTop, ctx.light(lighten(ctx.sky.horizon, 0.4))),
      planks(ctx, deckTop, height, wood),
      el('rect', { x: 0, y: deckTop - unit * 7, width, height: unit * 1.4, fill: rail }),
    ];
    const posts = [];
    for (let x = unit * 2; x < width; x += unit * 9)
      posts.push(el('rect', { x, y: deckTop - unit * 7, width: unit * 1.1, height: unit * 7.2, fill: rail }));
    back.push(group(posts));
    const mastX = width * 0.18;
    back.push(
      el('rect', {
        x: mastX - unit * 1.4,
        y: 0,
        width: unit * 2.8,
        height: deckTop + unit * 4,
        fill: darken(wood, 0.2),
      }),
      el('path', {
        d: `M${num(mastX + unit * 1.4)} ${num(height * 0.06)} Q${num(mastX + width * 0.25)} ${num(height * 0.22)} ${num(mastX + unit * 1.4)} ${num(height * 0.42)} Z`,
        fill: ctx.env('#efe6cf'),
      }),
      el('path', {
        d: `M${num(mastX)} ${num(height * 0.05)} L${num(width)} ${num(deckTop - unit * 7)} M${num(mastX)} ${num(height * 0.05)} L${num(width * 0.6)} ${num(deckTop - unit * 7)}`,
        stroke: ctx.env('#3a2a1c'),
        'stroke-width': unit * 0.25,
        fill: 'none',
      }),
      lampGlow(ctx, width * 0.85, deckTop - unit * 12, unit * 9),
      el('rect', {
        x: width * 0.85 - unit,
        y: deckTop - unit * 13.5,
        width: unit * 2,
        height: unit * 3,
        fill: ctx.sky.lampsLit ? ctx.light(ctx.sky.lamp) : ctx.env('#6b6b60'),
      }),
    );
    return { back: group(back), front: '', stand: 0.93, figureHeight: 0.44 };
  },
};
