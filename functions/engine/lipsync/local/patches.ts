import { darken, mix } from '../../drawing/colour';
import { el, num, radialGradient, svgDocument } from '../../drawing/svg';
import type { Size } from '../../types';
import type { MouthShape } from './shapes';

/**
 * The overlays animated on the portrait, as SVG: a mouth patch (skin painted over the drawn mouth,
 * then the shape) and closed eyelids. Patches have transparent, feathered edges.
 */
const INSIDE = '#3a1418';
const TEETH = '#f4f1ea';
const TONGUE = '#c25a68';

export function lipColourFor(skin: string): string {
  return mix(darken(skin, 0.2), '#b5485a', 0.38);
}

function shapeMarkup(shape: MouthShape, w: number, h: number, lip: string): string {
  const cx = w / 2;
  const y0 = h * 0.22;
  const mw = w * 0.64;
  const stroke = (width: number) => ({
    stroke: lip,
    'stroke-width': h * width,
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
  });
  switch (shape) {
    case 'rest':
      return el('path', {
        d: `M${num(cx - mw / 2)} ${num(y0)} Q${num(cx)} ${num(y0 + h * 0.05)} ${num(cx + mw / 2)} ${num(y0)}`,
        fill: 'none',
        ...stroke(0.12),
      });
    case 'closed':
      return el('path', {
        d: `M${num(cx - mw * 0.44)} ${num(y0 + h * 0.02)} L${num(cx + mw * 0.44)} ${num(y0 + h * 0.02)}`,
        fill: 'none',
        ...stroke(0.17),
      });
    case 'open-small':
      return el('ellipse', {
        cx,
        cy: y0 + h * 0.08,
        rx: mw * 0.36,
        ry: h * 0.1,
        fill: INSIDE,
        ...stroke(0.07),
      });
    case 'open-wide':
      return [
        el('ellipse', { cx, cy: y0 + h * 0.26, rx: mw * 0.42, ry: h * 0.3, fill: INSIDE, ...stroke(0.08) }),
        el('rect', { x: cx - mw * 0.27, y: y0 + h * 0.0, width: mw * 0.54, height: h * 0.08, fill: TEETH }),
        el('ellipse', { cx, cy: y0 + h * 0.46, rx: mw * 0.24, ry: h * 0.08, fill: TONGUE }),
      ].join('');
    case 'rounded':
      return el('ellipse', {
        cx,
        cy: y0 + h * 0.16,
        rx: mw * 0.2,
        ry: h * 0.2,
        fill: INSIDE,
        ...stroke(0.1),
      });
    case 'wide':
      return [
        el('ellipse', { cx, cy: y0 + h * 0.07, rx: mw * 0.52, ry: h * 0.09, fill: INSIDE, ...stroke(0.06) }),
        el('rect', { x: cx - mw * 0.4, y: y0 + h * 0.035, width: mw * 0.8, height: h * 0.06, fill: TEETH }),
      ].join('');
    case 'teeth':
      return [
        el('rect', {
          x: cx - mw * 0.25,
          y: y0 - h * 0.01,
          width: mw * 0.5,
          height: h * 0.08,
          fill: TEETH,
          rx: h * 0.02,
        }),
        el('path', {
          d: `M${num(cx - mw * 0.4)} ${num(y0 + h * 0.1)} Q${num(cx)} ${num(y0 + h * 0.18)} ${num(cx + mw * 0.4)} ${num(y0 + h * 0.1)}`,
          fill: 'none',
          ...stroke(0.1),
        }),
      ].join('');
  }
}

/** Skin painted over the original mouth, fading out at the edges so no seam shows. */
function skinPatch(w: number, h: number, skin: string): string[] {
  return [
    radialGradient('patch-skin', [
      [0, skin, 1],
      [0.78, skin, 1],
      [1, skin, 0],
    ]),
    el('ellipse', { cx: w / 2, cy: h * 0.4, rx: w * 0.5, ry: h * 0.48, fill: 'url(#patch-skin)' }),
  ];
}

export function mouthPatchSvg(shape: MouthShape, size: Size, skin: string): string {
  const [gradient, cover] = skinPatch(size.width, size.height, skin);
  return svgDocument(
    size.width,
    size.height,
    [gradient!],
    [cover!, shapeMarkup(shape, size.width, size.height, lipColourFor(skin))],
  );
}

export interface EyeShape {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
}

/** Closed lids over the eyes (coordinates inside the patch); an empty patch when `closed` is false. */
export function eyesPatchSvg(eyes: EyeShape[], size: Size, skin: string, closed: boolean): string {
  const lids = closed
    ? eyes.map((eye) =>
        [
          el('ellipse', { cx: eye.cx, cy: eye.cy, rx: eye.rx * 1.2, ry: eye.ry * 1.35, fill: skin }),
          el('path', {
            d: `M${num(eye.cx - eye.rx)} ${num(eye.cy + eye.ry * 0.2)} Q${num(eye.cx)} ${num(eye.cy + eye.ry * 0.9)} ${num(eye.cx + eye.rx)} ${num(eye.cy + eye.ry * 0.2)}`,
            stroke: darken(skin, 0.55),
            'stroke-width': Math.max(1, eye.ry * 0.3),
            fill: 'none',
            'stroke-linecap': 'round',
          }),
        ].join(''),
      )
    : [];
  return svgDocument(size.width, size.height, [], lids);
}
