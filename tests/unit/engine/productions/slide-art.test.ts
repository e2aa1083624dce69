import { describe, expect, it } from 'vitest';
import { contrastRatio, mix, toHex } from '../../../../functions/engine/drawing/colour';
import {
  chapterSetting,
  SLIDE_ART_STYLE,
  slideScene,
} from '../../../../functions/engine/productions/slide-art';
import {
  BACKDROP_CONTRAST,
  backdropVeil,
  SLIDE_THEMES,
  type SlideStyle,
} from '../../../../functions/engine/productions/slides';

/** What a lesson's slide pictures show, and how legible text stays over a veiled one. */
const HARBOUR = [
  'At dusk the fishing boats came back into the harbour, one after another.',
  'Mara stood on the quay and counted them while the gulls circled the masts.',
  '“Seven,” she said. “There should be eight.”',
  'The harbour lights came on, and the water in the harbour turned the colour of slate.',
].join(' ');

const STYLES: SlideStyle[] = ['udemy', 'whiteboard', 'minimal'];

describe('what a slide picture shows', () => {
  it("reads the chapter's setting from its narration: the place it writes most, its opening time, its mood", () => {
    expect(chapterSetting(HARBOUR)).toMatchObject({
      location: 'Harbour',
      setting_type: 'EXT',
      time_of_day: 'dusk',
    });
    // "room" in "room for doubt" is no place; a chapter that names none has no location of its own.
    const essay =
      'There is no room for doubt that all organic beings tend to increase. Checks keep numbers down.';
    expect(chapterSetting(essay).location).toBe('');
  });

  it('puts a key idea in the chapter’s setting unless the idea names its own place, and draws nobody', () => {
    const setting = chapterSetting(HARBOUR);
    const counted = slideScene(3, 'Counting the boats', ['Mara counted seven boats.'], setting);
    expect(counted).toMatchObject({
      scene_number: 3,
      location: 'Harbour',
      setting_type: 'EXT',
      time_of_day: 'dusk',
      characters: [],
    });
    expect(counted.visual_description).toContain('Counting the boats.');
    expect(counted.visual_description).toContain('Mara counted seven boats.');

    const kitchen = slideScene(
      4,
      'Supper',
      ['In the morning she lit the stove in the kitchen and waited for news.'],
      setting,
    );
    expect(kitchen).toMatchObject({ location: 'Kitchen', setting_type: 'INT', time_of_day: 'morning' });

    // Without any place, the heading says what the picture is of.
    const essay = chapterSetting('All organic beings tend to increase. Checks keep their numbers down.');
    expect(slideScene(2, 'Struggle for existence', ['Every species increases.'], essay).location).toBe(
      'Struggle for existence',
    );
  });

  it('asks each slide look for a picture style of its own', () => {
    expect(new Set(STYLES.map((style) => SLIDE_ART_STYLE[style])).size).toBe(STYLES.length);
  });
});

describe('text over a veiled picture', () => {
  /** Greys, primaries and secondaries, bright and dark: what a picture may hold behind a line of text. */
  const PICTURE_COLOURS = [
    ...Array.from({ length: 18 }, (_, i) => toHex([i * 15, i * 15, i * 15])),
    ...['#ff0000', '#00ff00', '#0000ff', '#ffff00', '#00ffff', '#ff00ff', '#804000', '#ff8000', '#8080ff'],
  ];

  it.each(STYLES)('%s: heading and bullets keep 4.5:1 over any colour of the picture', (style) => {
    const theme = SLIDE_THEMES[style];
    const veil = backdropVeil(style);
    expect(veil).toBeGreaterThan(0.5);
    expect(veil).toBeLessThan(1);
    for (const picture of PICTURE_COLOURS) {
      const behind = mix(picture, theme.panel, veil);
      for (const colour of [theme.heading, theme.text])
        expect(contrastRatio(colour, behind), `${colour} over ${picture}`).toBeGreaterThanOrEqual(
          BACKDROP_CONTRAST,
        );
    }
    // The veil is the least that does it: a lighter one lets some colour through too far.
    const lighter = veil - 0.02;
    const worst = Math.min(
      ...PICTURE_COLOURS.flatMap((picture) =>
        [theme.heading, theme.text].map((colour) =>
          contrastRatio(colour, mix(picture, theme.panel, lighter)),
        ),
      ),
    );
    expect(worst).toBeLessThan(BACKDROP_CONTRAST);
  });
});
