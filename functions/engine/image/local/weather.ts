import type { SceneDescription } from '../../text/types';
import type { DrawContext } from './context';
import { mentions } from './keywords';
import { el, group, linearGradient, num } from '../../drawing/svg';

export interface Weather {
  rain: boolean;
  snow: boolean;
  fog: boolean;
  storm: boolean;
}

const RAIN = ['rain', 'raining', 'rainy', 'drizzle', 'downpour', 'showers', 'wet', 'puddles', 'rainfall'];
const STORM = ['storm', 'stormy', 'thunder', 'thunderstorm', 'lightning', 'tempest', 'gale'];
const SNOW = [
  'snow',
  'snowing',
  'snowy',
  'blizzard',
  'snowfall',
  'snowflakes',
  'frost',
  'frozen',
  'icy',
  'winter',
];
const FOG = ['fog', 'foggy', 'mist', 'misty', 'haze', 'hazy', 'smoke', 'smoky', 'murky', 'vapour'];

export function detectWeather(scene: SceneDescription, lightingMood = ''): Weather {
  const text = [
    scene.location,
    scene.visual_description,
    lightingMood,
    ...scene.key_actions,
    ...scene.audio_requirements,
  ].join(' ');
  const storm = mentions(text, STORM);
  return {
    storm,
    rain: storm || mentions(text, RAIN),
    snow: mentions(text, SNOW),
    fog: mentions(text, FOG) || scene.mood === 'eerie',
  };
}

export function describeWeather(weather: Weather): string[] {
  return [
    weather.storm ? 'storm clouds and lightning' : '',
    weather.rain && !weather.storm ? 'falling rain' : weather.rain ? 'heavy rain' : '',
    weather.snow ? 'falling snow' : '',
    weather.fog ? 'drifting fog' : '',
  ].filter(Boolean);
}

/** Weather drawn over the whole picture (outdoors) or only inside windows (indoors). */
export function drawWeather(ctx: DrawContext, weather: Weather, fogColour = '#d8dde3'): string {
  const layers: string[] = [];
  const { width, height, unit } = ctx;
  const area = (width * height) / (1280 * 720);
  if (weather.fog) {
    const id = ctx.def(
      'fog-band',
      linearGradient('fog-band', [
        [0, fogColour, 0],
        [0.5, fogColour, 0.55],
        [1, fogColour, 0],
      ]),
    );
    const random = ctx.random('fog');
    for (let i = 0; i < 4; i++) {
      const y = ctx.horizon - unit * 8 + i * unit * 7 + random.next() * unit * 3;
      layers.push(
        el('rect', {
          x: -unit * 5,
          y,
          width: width + unit * 10,
          height: unit * 14,
          fill: `url(#${id})`,
          opacity: 0.55,
        }),
      );
    }
  }
  if (weather.rain) {
    const random = ctx.random('rain');
    const count = Math.round((weather.storm ? 420 : 260) * area);
    const drops = [];
    for (let i = 0; i < count; i++) {
      const x = random.next() * (width + unit * 10);
      const y = random.next() * height;
      const length = unit * (1.5 + random.next() * 2.5);
      drops.push(`M${num(x)} ${num(y)} l${num(-length * 0.25)} ${num(length)}`);
    }
    layers.push(
      el('path', {
        d: drops.join(' '),
        stroke: ctx.light('#c7d4e4'),
        'stroke-width': unit * 0.14,
        'stroke-opacity': 0.6,
        fill: 'none',
      }),
    );
  }
  if (weather.storm) {
    const random = ctx.random('lightning');
    let x = width * (0.2 + random.next() * 0.6);
    let y = 0;
    const points = [`M${num(x)} 0`];
    while (y < ctx.horizon * 0.8) {
      x += (random.next() - 0.5) * unit * 6;
      y += unit * (3 + random.next() * 4);
      points.push(`L${num(x)} ${num(y)}`);
    }
    layers.push(
      el('path', {
        d: points.join(' '),
        stroke: '#fdfbe6',
        'stroke-width': unit * 0.5,
        fill: 'none',
        opacity: 0.9,
      }),
    );
  }
  if (weather.snow) {
    const random = ctx.random('snow');
    const count = Math.round(220 * area);
    const flakes = [];
    for (let i = 0; i < count; i++) {
      flakes.push(
        el('circle', {
          cx: random.next() * width,
          cy: random.next() * height,
          r: unit * (0.15 + random.next() * 0.4),
          fill: '#ffffff',
          'fill-opacity': 0.85,
        }),
      );
    }
    layers.push(group(flakes));
  }
  return group(layers, { stroke: 'none' });
}
