import type { Size } from '../../types';
import type { FigureBox } from '../types';
import { lighten } from '../../drawing/colour';
import { createContext, type DrawContext } from './context';
import { drawFigure } from './figure';
import { FONT_FAMILY } from '../../drawing/fontconfig';
import { INDOOR, type WindowView } from './indoor';
import { OUTDOOR } from './outdoor';
import type { SettingArt } from './setting-art';
import type { ScenePlan } from './scene-plan';
import { drawSky } from './sky';
import { styleKit } from './style-kit';
import { drawStyleOverlay, letterboxHeight, styleDefs } from './style-overlays';
import { el, escapeXml, group, num, polygonPath, svgDocument } from '../../drawing/svg';
import { drawWeather } from './weather';

/** Turns a scene plan into an SVG picture of the given size. */
export function buildSceneSvg(plan: ScenePlan, size: Size, options: { caption?: string } = {}): string {
  return buildScene(plan, size, options).svg;
}

/** The scene's SVG and where each character stands in it. */
export function buildScene(
  plan: ScenePlan,
  size: Size,
  options: { caption?: string } = {},
): { svg: string; figures: FigureBox[] } {
  const { width, height } = size;
  const kit = styleKit(plan.style, Math.min(width, height) / 100);
  const context = (horizonFraction: number, idPrefix = '', indoorLight = false) =>
    createContext({
      width,
      height,
      horizon: height * horizonFraction,
      seed: plan.seed,
      // Rooms are lit by lamps after dark, so their materials keep more of their colour.
      sky:
        indoorLight && plan.sky.lampsLit ? { ...plan.sky, light: Math.max(plan.sky.light, 0.72) } : plan.sky,
      kit,
      tint: plan.tint.apply,
      idPrefix,
    });

  const outdoorWeather = { ...plan.weather, fog: false };
  const fogOnly = { rain: false, snow: false, storm: false, fog: plan.weather.fog };
  const fogColour = plan.tint.fog ?? '#d8dde3';
  let ctx: DrawContext;
  let art: SettingArt;
  let sky = '';
  const extraDefs: string[] = [];

  if (!plan.includeBackground) {
    ctx = context(0.8);
    art = {
      back: el('rect', {
        width,
        height,
        fill: ctx.gradient('backdrop', ctx.light(lighten(plan.sky.horizon, 0.3)), ctx.light(plan.sky.top)),
      }),
      front: '',
      stand: 0.92,
      figureHeight: 0.6,
    };
  } else if (plan.setting.interior) {
    const drawer = INDOOR[plan.setting.kind as keyof typeof INDOOR];
    ctx = context(drawer.horizon, '', true);
    let windowCount = 0;
    const view: WindowView = (x, y, w, h, shape = 'rect') => {
      const outdoor = OUTDOOR[plan.setting.view];
      const prefix = `view${windowCount++}-`;
      const sub = context(outdoor.horizon, prefix);
      const clipId = `${prefix}clip`;
      const clipShape =
        shape === 'round'
          ? el('circle', { cx: x + w / 2, cy: y + h / 2, r: Math.min(w, h) / 2 })
          : shape === 'arch'
            ? el('path', {
                d: `M${num(x)} ${num(y + h)} L${num(x)} ${num(y + w / 2)} A${num(w / 2)} ${num(w / 2)} 0 0 1 ${num(x + w)} ${num(y + w / 2)} L${num(x + w)} ${num(y + h)} Z`,
              })
            : el('rect', { x, y, width: w, height: h });
      const scale = Math.max(w / width, h / height);
      const content = [
        drawSky(sub, plan.weather),
        outdoor.draw(sub, plan.text).back,
        drawWeather(sub, plan.weather, fogColour),
      ];
      extraDefs.push(...sub.defs, el('clipPath', { id: clipId }, clipShape));
      return group(
        group(content, {
          transform: `translate(${num(x + (w - width * scale) / 2)} ${num(y + (h - height * scale) / 2)}) scale(${Math.round(scale * 10000) / 10000})`,
        }),
        { 'clip-path': `url(#${clipId})`, stroke: 'none' },
      );
    };
    art = drawer.draw(ctx, plan.text, view);
  } else {
    const drawer = OUTDOOR[plan.setting.kind as keyof typeof OUTDOOR];
    ctx = context(drawer.horizon);
    sky = drawSky(ctx, plan.weather);
    art = drawer.draw(ctx, plan.text);
  }

  const { svg: figures, boxes } = drawCast(plan, ctx, art);
  const outlined = kit.outline
    ? {
        stroke: kit.outline.colour,
        'stroke-width': kit.outline.width,
        'stroke-opacity': kit.outline.opacity,
        'stroke-linejoin': 'round',
      }
    : {};
  const body = [
    sky,
    group([art.back], outlined),
    plan.includeBackground && !plan.setting.interior ? drawWeather(ctx, fogOnly, fogColour) : '',
    plan.tint.rays && !plan.setting.interior ? lightRays(ctx) : '',
    group([figures, art.front], outlined),
    plan.includeBackground && !plan.setting.interior ? drawWeather(ctx, outdoorWeather) : '',
    plan.setting.interior && plan.weather.fog
      ? el('rect', { width, height, fill: fogColour, opacity: 0.12 })
      : '',
    drawStyleOverlay(kit, { width, height, unit: ctx.unit, seed: plan.seed, letterbox: true }),
  ];
  if (options.caption)
    body.push(captionCard(options.caption, ctx, kit.letterbox ? letterboxHeight(width, height) : 0));
  return {
    svg: svgDocument(width, height, [...ctx.defs, ...extraDefs, ...styleDefs(kit)], body),
    figures: boxes,
  };
}

/** Places the characters side by side, the outer ones a little further back. */
export function figurePlacements(count: number, size: Size, stand: number, figureHeight: number) {
  const { width, height } = size;
  const spacing = Math.min(0.2, 0.8 / Math.max(count, 1)) * width;
  return Array.from({ length: count }, (_, i) => {
    const offset = i - (count - 1) / 2;
    const depth = Math.abs(offset) * 0.04;
    return {
      x: width / 2 + offset * spacing,
      feetY: height * (stand - depth),
      height: height * figureHeight * (1 - depth),
    };
  });
}

/**
 * The box around a figure drawn by drawFigure at `place` (full body height `height`): hats reach a
 * little above the head, cloaks and hands about 0.22 of the height to each side. Clipped to the image.
 */
export function figureBox(name: string, place: { x: number; feetY: number; height: number }, size: Size) {
  const h = place.height;
  const left = Math.max(0, place.x - h * 0.22);
  const top = Math.max(0, place.feetY - h * 1.08);
  const right = Math.min(size.width, place.x + h * 0.22);
  const bottom = Math.min(size.height, place.feetY + h * 0.03);
  return {
    name,
    x: Math.round(left),
    y: Math.round(top),
    width: Math.max(0, Math.round(right - left)),
    height: Math.max(0, Math.round(bottom - top)),
  };
}

function drawCast(plan: ScenePlan, ctx: DrawContext, art: SettingArt): { svg: string; boxes: FigureBox[] } {
  const size = { width: ctx.width, height: ctx.height };
  const places = figurePlacements(plan.cast.length, size, art.stand, art.figureHeight).map((place, i) => ({
    ...place,
    height: place.height * plan.cast[i]!.look.height,
  }));
  // Back figures first so nearer ones overlap them.
  const order = plan.cast
    .map((member, i) => ({ member, place: places[i]! }))
    .sort((a, b) => a.place.feetY - b.place.feetY);
  return {
    svg: group(
      order.map(({ member, place }) => drawFigure(member.look, place, ctx.kit.colour, plan.expression, true)),
    ),
    boxes: plan.cast.map((member, i) => figureBox(member.profile.name, places[i]!, size)),
  };
}

function lightRays(ctx: DrawContext): string {
  const { width, height } = ctx;
  const originX = width * (ctx.sky.sun?.x ?? 0.75);
  const rays = [-0.3, -0.1, 0.1, 0.3].map((spread) =>
    el('path', {
      d: polygonPath([
        [originX, 0],
        [originX + width * (spread - 0.04), height],
        [originX + width * (spread + 0.04), height],
      ]),
    }),
  );
  return group(rays, { fill: ctx.light('#fff1c0'), 'fill-opacity': 0.12, stroke: 'none' });
}

function captionCard(text: string, ctx: DrawContext, top: number): string {
  const fontSize = ctx.unit * 4;
  const label = text.length > 60 ? `${text.slice(0, 57)}…` : text;
  const width = label.length * fontSize * 0.6 + ctx.unit * 4;
  const y = top + ctx.unit * 2.5;
  return group(
    [
      el('rect', {
        x: ctx.unit * 2.5,
        y,
        width,
        height: fontSize * 1.7,
        rx: fontSize * 0.3,
        fill: '#000000',
        'fill-opacity': 0.55,
      }),
      el(
        'text',
        {
          x: ctx.unit * 4.5,
          y: y + fontSize * 1.2,
          'font-family': FONT_FAMILY,
          'font-size': fontSize,
          fill: '#ffffff',
        },
        escapeXml(label),
      ),
    ],
    { stroke: 'none' },
  );
}
