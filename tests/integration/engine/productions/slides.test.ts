import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { parseHex } from '../../../../functions/engine/drawing/colour';
import { fontMetrics, textWidth } from '../../../../functions/engine/drawing/font-metrics';
import { presenterLayout } from '../../../../functions/engine/productions/lesson';
import {
  backdropVeil,
  layoutSlide,
  MIN_SCALE,
  PANEL_MIN_SCALE,
  renderSlide,
  slideFrame,
  SLIDE_THEMES,
  slideSvg,
  splitToFit,
  SUBTITLE_BAND,
  wrapByWidth,
  type Slide,
  type SlideLayout,
  type SlideStyle,
} from '../../../../functions/engine/productions/slides';

/**
 * Slide layout measured with the bundled DejaVu Sans and checked against what librsvg (through
 * sharp) really draws: the subtitle band, the presenter's side and everything below the card stay
 * the background colour, on the longest slides a lesson makes.
 */
const work = mkdtempSync(join(tmpdir(), 'slides-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const STYLES: SlideStyle[] = ['udemy', 'whiteboard', 'minimal'];
const SIZES = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
];
const BACKGROUND: Record<SlideStyle, [number, number, number]> = {
  udemy: [0x1c, 0x1d, 0x1f],
  whiteboard: [0xfb, 0xfa, 0xf6],
  minimal: [0x0f, 0x17, 0x2a],
};

/** The longest slide a lesson makes: a six-word title of long words, four bullets at the word limit. */
const LONGEST: Slide = {
  kicker: 'Key idea 12',
  heading: 'Incomprehensibilities of counterrevolutionary internationalisation',
  bullets: [
    'Notwithstanding extraordinary circumstances, the representatives acknowledged their responsibilities and deliberately reconsidered the disproportionate consequences of their characteristically uncompromising recommendations.',
    'The superintendent’s comprehensive investigation demonstrated unquestionably that the establishment’s administrative irregularities were systematically misrepresented throughout the correspondence.',
    'Photosynthesising microorganisms accumulated in unprecedented concentrations wherever the thermoregulatory mechanisms of the surrounding ecosystems had deteriorated considerably.',
    'Pneumonoultramicroscopicsilicovolcanoconiosis remained the longest word in the dictionary, although lexicographers disputed its legitimacy throughout the twentieth century.',
  ],
  footer: '12 / 12',
};

/** Pixels of a rendered slide, RGB. */
async function pixels(path: string) {
  const { data, info } = await sharp(path).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    at: (x: number, y: number) => {
      const i = (y * info.width + x) * 3;
      return [data[i]!, data[i + 1]!, data[i + 2]!] as const;
    },
  };
}

/** Points of a region that are not the expected colour. */
async function strayPixels(
  path: string,
  region: { left: number; top: number; right: number; bottom: number },
  colour: readonly number[],
) {
  const image = await pixels(path);
  let stray = 0;
  for (let y = region.top; y < region.bottom; y++)
    for (let x = region.left; x < region.right; x++) {
      const p = image.at(x, y);
      if (p.some((c, i) => Math.abs(c - colour[i]!) > 2)) stray++;
    }
  return stray;
}

/** Pixels off the background below the card and right of it (the subtitle band, the presenter's side). */
async function strayOutsideCard(
  path: string,
  card: { x: number; y: number; width: number; height: number },
  size: { width: number; height: number },
  background: readonly number[],
) {
  const below = { left: 0, top: card.y + card.height + 1, right: size.width, bottom: size.height };
  const beside = { left: card.x + card.width + 1, top: 0, right: size.width, bottom: size.height };
  return (await strayPixels(path, below, background)) + (await strayPixels(path, beside, background));
}

describe('measuring text with the font', () => {
  it('wraps by measured width, keeping every word and breaking only words wider than a line', () => {
    const text = 'Mill iiii WWWW lll mmmm';
    const lines = wrapByWidth(text, 200, 40);
    expect(lines.join(' ')).toBe(text);
    for (const line of lines) expect(textWidth(line, 40)).toBeLessThanOrEqual(200);
    // Narrow letters fit more per line than wide ones at the same width.
    expect(wrapByWidth('iiii iiii iiii iiii', 200, 40).length).toBeLessThan(
      wrapByWidth('WWWW WWWW WWWW WWWW', 200, 40).length,
    );
    const broken = wrapByWidth('Pneumonoultramicroscopicsilicovolcanoconiosis', 300, 40);
    expect(broken.length).toBeGreaterThan(1);
    expect(broken.slice(0, -1).every((l) => l.endsWith('-'))).toBe(true);
    for (const line of broken) expect(textWidth(line, 40)).toBeLessThanOrEqual(300);
    expect(broken.join('').replace(/-/g, '')).toBe('Pneumonoultramicroscopicsilicovolcanoconiosis');
  });

  it('measures what librsvg draws: the ink of a line ends at its measured width', async () => {
    const size = 48;
    for (const [text, bold] of [
      ['The White Rabbit ran close by her.', false],
      ['WAVES HIGHER THAN MASTS', true],
    ] as const) {
      const measured = textWidth(text, size, bold ? 'sans-bold' : 'sans');
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="100"><rect width="1400" height="100" fill="#fff"/><text x="10" y="70" font-family="DejaVu Sans" font-size="${size}"${bold ? ' font-weight="bold"' : ''} fill="#000">${text}</text></svg>`;
      const path = join(work, `measure-${bold ? 'bold' : 'regular'}.png`);
      const { ensureFontconfig } = await import('../../../../functions/engine/drawing/fontconfig');
      ensureFontconfig();
      await sharp(Buffer.from(svg)).png().toFile(path);
      const image = await pixels(path);
      let right = 0;
      for (let y = 0; y < 100; y++)
        for (let x = 0; x < 1400; x++) if (image.at(x, y)[0] < 128) right = Math.max(right, x);
      const ink = right - 10;
      // Ink stops a little short of the advance (side bearing, kerning), never past it.
      expect(ink).toBeLessThanOrEqual(measured + 1);
      expect(ink).toBeGreaterThan(measured * 0.93);
    }
  });
});

describe('slide layout', () => {
  const size = { width: 1280, height: 720 };
  it('keeps the card above the subtitle band and left of the presenter, for every style', () => {
    for (const style of STYLES) {
      const { reserve, x } = presenterLayout(style, size);
      const { card, content } = slideFrame(size, reserve);
      expect(card.y + card.height).toBeLessThanOrEqual(size.height * (1 - SUBTITLE_BAND));
      expect(card.x + card.width).toBeLessThanOrEqual(x);
      expect(content.x).toBeGreaterThan(card.x);
      expect(content.y + content.height).toBeLessThan(card.y + card.height);
    }
  });

  it('sets a crowded slide in smaller type, down to the limit, and says when even that overflows', () => {
    const short = layoutSlide(
      { ...LONGEST, heading: 'Salt and storms', bullets: ['Waves rose higher than the masts.'] },
      'udemy',
      size,
      0.3,
    );
    expect(short).toMatchObject({ fits: true, scale: 1 });
    const crowded = layoutSlide({ ...LONGEST, bullets: LONGEST.bullets.slice(0, 3) }, 'udemy', size, 0.3);
    expect(crowded.scale).toBeLessThan(1);
    expect(crowded.scale).toBeGreaterThanOrEqual(MIN_SCALE);
    const overflowing = layoutSlide(LONGEST, 'minimal', size, 0.38);
    expect(overflowing.fits).toBe(false);
    expect(overflowing.scale).toBe(MIN_SCALE);
    // What is laid out still ends inside the card.
    expect(overflowing.bottom).toBeLessThanOrEqual(overflowing.content.y + overflowing.content.height);
    for (const layout of [short, crowded, overflowing])
      for (const line of [...layout.heading, ...layout.bullets.flatMap((b) => b.lines)])
        expect(line.x + textWidth(line.text, line.size, line.face)).toBeLessThanOrEqual(
          layout.content.x + layout.content.width + 0.5,
        );
  });

  it('splits a slide that overflows into parts that fit, titled (1/2), (2/2), bullets in order', () => {
    const parts = splitToFit(LONGEST, 'minimal', size, 0.38);
    expect(parts.length).toBeGreaterThanOrEqual(2);
    expect(parts.map((p) => p.heading)).toEqual(
      parts.map((_, i) => `${LONGEST.heading} (${i + 1}/${parts.length})`),
    );
    expect(parts.flatMap((p) => p.bullets)).toEqual(LONGEST.bullets);
    for (const part of parts) expect(layoutSlide(part, 'minimal', size, 0.38).fits).toBe(true);
  });

  it('draws the heading, escaped bullets and footer, with a different look per style', () => {
    const slide = {
      kicker: 'Key idea 1',
      heading: 'Salt & storms',
      bullets: ['Waves <higher> than masts'],
      footer: 'Storms · 2 / 5',
    };
    const udemy = slideSvg(slide, 'udemy', size, 0.3);
    expect(udemy).toContain('Salt &amp; storms');
    expect(udemy).toContain('Waves &lt;higher&gt; than masts');
    expect(udemy).toContain('KEY IDEA 1');
    expect(udemy).toContain('Storms · 2 / 5');
    expect(slideSvg(slide, 'whiteboard', size, 0.3)).not.toBe(udemy);
  });
});

describe('rendered slides', () => {
  for (const size of SIZES)
    for (const style of STYLES)
      it(`${style} ${size.height}p: the subtitle band, the presenter's side and below the card stay background`, async () => {
        const { reserve } = presenterLayout(style, size);
        // The longest slide as a lesson would show it (split when it must be), and unsplit as a worst case.
        const slides = [...splitToFit(LONGEST, style, size, reserve), LONGEST];
        for (const [i, slide] of slides.entries()) {
          const path = await renderSlide(
            slide,
            style,
            size,
            reserve,
            join(work, `${style}-${size.height}-${i}.png`),
          );
          const layout = layoutSlide(slide, style, size, reserve);
          const { card } = layout;
          const background = BACKGROUND[style];
          const band = Math.floor(size.height * (1 - SUBTITLE_BAND));
          const belowCard = card.y + card.height + 1;
          expect(belowCard).toBeLessThanOrEqual(band);
          expect(await strayOutsideCard(path, card, size, background)).toBe(0);
          // And the slide is not blank: its text is drawn inside the card.
          const image = await pixels(path);
          const first = layout.bullets[0]!.lines[0]!;
          let ink = 0;
          for (let x = first.x; x < first.x + 200; x++)
            if (
              image
                .at(Math.round(x), Math.round(first.y - first.size * 0.3))
                .some((c, k) => Math.abs(c - background[k]!) > 40)
            )
              ink++;
          expect(ink).toBeGreaterThan(5);
        }
      }, 60_000);
});

/** The pieces of text a layout draws, as the boxes their ink may take (ascent to descent). */
function textBoxes(layout: SlideLayout) {
  const lines = [layout.kicker, layout.footer, ...layout.heading, ...layout.bullets.flatMap((b) => b.lines)];
  return lines.map((line) => {
    const metrics = fontMetrics(line.face);
    const width = textWidth(line.text, line.size, line.face);
    const left = line.anchor === 'end' ? line.x - width : line.x;
    return {
      text: line.text,
      left,
      right: left + width,
      top: line.y - metrics.ascent * line.size,
      bottom: line.y + metrics.descent * line.size,
    };
  });
}

const overlaps = (
  a: { left: number; right: number; top: number; bottom: number },
  b: { x: number; y: number; width: number; height: number },
) => a.left < b.x + b.width && a.right > b.x && a.top < b.y + b.height && a.bottom > b.y;

/** A title slide of short topics, and a key idea of three statements as a lesson makes them. */
const SPARSE: Slide = {
  kicker: 'Lesson',
  heading: 'The Storm',
  bullets: ['Grey sea', 'Spiral stairs', 'Brass telescope', 'Keeper’s cottage'],
  footer: '1 / 7',
};
const IDEA: Slide = {
  kicker: 'Key idea 3',
  heading: 'Brass telescope',
  bullets: [
    'Tobias was already pulling on his boots.',
    'She grabbed the brass telescope and found a small boat tossing between the rocks, its mast already broken.',
    'Down on the shore Tobias fought the waves.',
  ],
  footer: '4 / 7',
};

describe('slide layout with a picture', () => {
  for (const size of SIZES)
    it(`${size.height}p: the picture stays in the card and clear of the text; it never splits a slide, and beside a panel the type stays large`, () => {
      for (const style of STYLES) {
        const { reserve } = presenterLayout(style, size);
        const slides = [SPARSE, IDEA, ...splitToFit(LONGEST, style, size, reserve), LONGEST];
        const modes = new Set<string>();
        for (const slide of slides) {
          const plain = layoutSlide(slide, style, size, reserve);
          const layout = layoutSlide(slide, style, size, reserve, { art: true });
          const { art, card } = layout;
          expect(art).toBeDefined();
          modes.add(art!.mode);
          const box = art!.box;
          for (const n of [box.x, box.y, box.width, box.height]) expect(Number.isInteger(n)).toBe(true);
          // Inside the card: the presenter's side and the subtitle band stay clear.
          expect(box.x).toBeGreaterThanOrEqual(card.x);
          expect(box.y).toBeGreaterThanOrEqual(card.y);
          expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width);
          expect(box.y + box.height).toBeLessThanOrEqual(card.y + card.height);
          // What fits without a picture fits with one; beside a panel the type stays at PANEL_MIN_SCALE or more.
          expect(layout.fits).toBe(plain.fits);
          expect(layout.scale).toBeGreaterThanOrEqual(Math.min(plain.scale, PANEL_MIN_SCALE));
          if (art!.mode === 'panel') {
            expect(layout.scale).toBeGreaterThanOrEqual(PANEL_MIN_SCALE);
            expect(art!.veil).toBe(0);
            for (const text of textBoxes(layout))
              expect(overlaps(text, box), `“${text.text}” runs into the picture`).toBe(false);
            // Every line ends inside the card's content area.
            for (const text of textBoxes(layout))
              expect(text.right).toBeLessThanOrEqual(layout.content.x + layout.content.width + 0.5);
          } else {
            // A backdrop is behind the text-only layout, below the kicker row, veiled.
            expect({ ...layout, art: undefined }).toEqual({ ...plain, art: undefined });
            expect(art!.veil).toBe(backdropVeil(style));
            for (const text of textBoxes(layout).slice(0, 2)) expect(text.bottom).toBeLessThanOrEqual(box.y);
          }
        }
        // Short slides show the picture beside the text; the longest need it behind.
        expect(layoutSlide(SPARSE, style, size, reserve, { art: true }).art!.mode).toBe('panel');
        expect(layoutSlide(LONGEST, style, size, reserve, { art: true }).art!.mode).toBe('backdrop');
        expect(modes).toEqual(new Set(['panel', 'backdrop']));
      }
    });
});

/** A picture of four quadrants of known colours, the size an image engine might send. */
const QUADRANTS = [
  [230, 30, 40],
  [30, 200, 60],
  [40, 60, 220],
  [240, 220, 30],
] as const;

async function quadrantPicture(path: string, width = 1024, height = 768) {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const colour = QUADRANTS[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)]!;
      data.set(colour, (y * width + x) * 3);
    }
  await sharp(data, { raw: { width, height, channels: 3 } })
    .png()
    .toFile(path);
  return path;
}

const near = (a: readonly number[], b: readonly number[], tolerance: number) =>
  a.every((c, i) => Math.abs(c - b[i]!) <= tolerance);

describe('rendered slides with a picture', () => {
  for (const style of STYLES)
    it(`${style}: the picture's pixels fill its panel, or show veiled behind the text, and nothing passes the card`, async () => {
      const size = { width: 1280, height: 720 };
      const picture = await quadrantPicture(join(work, `picture-${style}.png`));
      const { reserve } = presenterLayout(style, size);
      for (const [name, slide] of [
        ['sparse', SPARSE],
        ['longest', LONGEST],
      ] as const) {
        const path = await renderSlide(
          slide,
          style,
          size,
          reserve,
          join(work, `art-${style}-${name}.png`),
          picture,
        );
        const layout = layoutSlide(slide, style, size, reserve, { art: true });
        const { box, mode, veil } = layout.art!;
        const image = await pixels(path);
        // Each quadrant of the picture, sampled at a point of its box no text reaches.
        const at = (fx: number, fy: number) =>
          image.at(Math.round(box.x + box.width * fx), Math.round(box.y + box.height * fy));
        const samples = [
          [0.25, 0.25],
          [0.75, 0.25],
          [0.25, 0.75],
          [0.75, 0.75],
        ] as const;
        const panel = parseHex(SLIDE_THEMES[style].panel);
        if (mode === 'panel') {
          expect(name).toBe('sparse');
          samples.forEach(([fx, fy], i) => expect(near(at(fx, fy), QUADRANTS[i]!, 6)).toBe(true));
        } else {
          expect(name).toBe('longest');
          // Behind the text the picture shows through its veil: each quadrant's own veiled colour,
          // read where no glyph is drawn (the right edge of the card, past every line).
          const textRight = Math.max(...textBoxes(layout).map((t) => t.right));
          const x = Math.round((textRight + box.x + box.width) / 2);
          expect(x).toBeLessThan(box.x + box.width - 2);
          for (const [fy, quadrant] of [
            [0.25, QUADRANTS[1]],
            [0.75, QUADRANTS[3]],
          ] as const) {
            const expected = quadrant.map((c, k) => c + (panel[k]! - c) * veil);
            expect(near(image.at(x, Math.round(box.y + box.height * fy)), expected, 4)).toBe(true);
          }
        }
        // The subtitle band, the presenter's side and everything below the card stay background.
        const { card } = layout;
        const background = BACKGROUND[style];
        expect(await strayOutsideCard(path, card, size, background)).toBe(0);
      }
    }, 60_000);
});
