import { mix } from '../../drawing/colour';
import type { DrawContext } from './context';
import { el, group, num, radialGradient } from '../../drawing/svg';
import type { Weather } from './weather';

/** Sky gradient, sun or moon, stars and clouds. */
export function drawSky(ctx: DrawContext, weather: Weather, bottom = ctx.horizon): string {
  const { width, sky } = ctx;
  const overcast = weather.rain || weather.snow || weather.storm;
  const top = overcast ? mixOvercast(ctx, sky.top) : sky.top;
  const horizon = overcast ? mixOvercast(ctx, sky.horizon) : sky.horizon;
  const parts = [
    el('rect', {
      x: 0,
      y: 0,
      width,
      height: bottom + ctx.unit,
      fill: ctx.gradient('sky', ctx.light(top), ctx.light(horizon)),
    }),
  ];
  if (!overcast) parts.push(drawStars(ctx, bottom), drawCelestial(ctx, bottom));
  parts.push(drawClouds(ctx, weather, bottom));
  return group(parts);
}

function mixOvercast(ctx: DrawContext, colour: string): string {
  // Storm skies: the time-of-day colour seen through grey cloud.
  const grey = ctx.sky.light > 0.5 ? '#8d96a3' : '#2c3140';
  return mix(colour, grey, 0.65);
}

function drawStars(ctx: DrawContext, bottom: number): string {
  const random = ctx.random('stars');
  const count = Math.round((ctx.sky.stars * (ctx.width * ctx.height)) / (1280 * 720));
  const stars = [];
  for (let i = 0; i < count; i++) {
    const x = random.next() * ctx.width;
    const y = random.next() ** 1.4 * bottom * 0.85;
    const r = ctx.unit * (0.08 + random.next() * 0.18);
    stars.push(
      el('circle', {
        cx: x,
        cy: y,
        r,
        fill: ctx.light('#fffbe8'),
        'fill-opacity': num(0.5 + random.next() * 0.5),
      }),
    );
  }
  return group(stars, { stroke: 'none' });
}

function drawCelestial(ctx: DrawContext, bottom: number): string {
  const { sky, unit, width } = ctx;
  if (sky.moon) {
    const cx = width * 0.78;
    const cy = bottom * 0.22;
    const r = unit * 5;
    const glowId = ctx.def(
      'moon-glow',
      radialGradient('moon-glow', [
        [0, '#fffbe0', 0.45],
        [1, '#fffbe0', 0],
      ]),
    );
    const maskId = ctx.def(
      'crescent',
      el('mask', { id: 'crescent' }, [
        el('circle', { cx, cy, r, fill: '#ffffff' }),
        el('circle', { cx: cx + r * 0.45, cy: cy - r * 0.2, r: r * 0.85, fill: '#000000' }),
      ]),
    );
    return group(
      [
        el('circle', { cx, cy, r: r * 3, fill: `url(#${glowId})` }),
        el('circle', { cx, cy, r, fill: ctx.light('#f7f1d0'), mask: `url(#${maskId})` }),
      ],
      { stroke: 'none' },
    );
  }
  if (!sky.sun) return '';
  const cx = width * sky.sun.x;
  const cy = bottom - bottom * 0.9 * sky.sun.elevation;
  const r = unit * (sky.sun.elevation < 0.15 ? 9 : 6);
  const glowId = ctx.def(
    'sun-glow',
    radialGradient('sun-glow', [
      [0, sky.sun.colour, 0.7],
      [1, sky.sun.colour, 0],
    ]),
  );
  return group(
    [
      el('circle', { cx, cy, r: r * 3.2, fill: `url(#${glowId})` }),
      el('circle', { cx, cy, r, fill: ctx.light(sky.sun.colour) }),
    ],
    { stroke: 'none' },
  );
}

export function cloud(cx: number, cy: number, size: number, fill: string, opacity: number): string {
  return group(
    [
      el('ellipse', { cx, cy, rx: size * 1.6, ry: size * 0.55 }),
      el('circle', { cx: cx - size * 0.7, cy: cy - size * 0.25, r: size * 0.6 }),
      el('circle', { cx: cx + size * 0.1, cy: cy - size * 0.5, r: size * 0.8 }),
      el('circle', { cx: cx + size * 0.85, cy: cy - size * 0.2, r: size * 0.55 }),
    ],
    { fill, 'fill-opacity': opacity },
  );
}

function drawClouds(ctx: DrawContext, weather: Weather, bottom: number): string {
  const random = ctx.random('clouds');
  const stormy = weather.rain || weather.storm || weather.snow;
  const count = stormy ? 9 : ctx.sky.light < 0.45 ? 2 : 4;
  const colour = stormy
    ? ctx.sky.light > 0.5
      ? '#9aa2ad'
      : '#3a3f4e'
    : ctx.sky.light < 0.45
      ? '#3b4366'
      : '#ffffff';
  const clouds = [];
  for (let i = 0; i < count; i++) {
    const x = (i + random.next()) * (ctx.width / count);
    const y = bottom * (0.1 + random.next() * (stormy ? 0.35 : 0.45));
    clouds.push(cloud(x, y, ctx.unit * (4 + random.next() * 5), ctx.light(colour), stormy ? 0.9 : 0.75));
  }
  return group(clouds);
}
