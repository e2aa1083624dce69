import { describe, expect, it } from 'vitest';
import { chooseSetting } from '../../../../functions/engine/image/local/settings';
import { detectWeather } from '../../../../functions/engine/image/local/weather';
import { scene } from './fixtures';

describe('chooseSetting', () => {
  it.each([
    ['The dark forest', 'forest'],
    ['The harbour at midnight', 'sea'],
    ['A windswept beach', 'sea'],
    ['Aboard the ship, on deck', 'ship'],
    ['A busy city street', 'city'],
    ['The castle gates', 'castle'],
    ['A high mountain pass', 'mountains'],
    ['The desert oasis', 'desert'],
    ['The village green', 'village'],
    ['A wide meadow', 'field'],
    ['Somewhere unnamed', 'landscape'],
  ])('%s (exterior) → %s', (location, kind) => {
    expect(chooseSetting(scene({ location })).kind).toBe(kind);
  });

  it.each([
    ['The old library', 'library'],
    ['Kitchen', 'kitchen'],
    ['The castle throne room', 'hall'],
    ["The ship's cabin", 'cabin'],
    ["Anna's bedroom", 'room'],
    ['The forest hut', 'room'],
  ])('%s (interior) → %s', (location, kind) => {
    const choice = chooseSetting(scene({ location, setting_type: 'INT' }));
    expect(choice.kind).toBe(kind);
    expect(choice.interior).toBe(true);
  });

  it('shows the named outdoor setting through an interior window', () => {
    expect(
      chooseSetting(
        scene({
          location: 'A small room',
          setting_type: 'INT',
          visual_description: 'Snowy mountains fill the window.',
        }),
      ).view,
    ).toBe('mountains');
  });

  it('weights the location over the description', () => {
    expect(
      chooseSetting(scene({ location: 'The forest edge', visual_description: 'far away, a city' })).kind,
    ).toBe('forest');
  });

  it('turns indoor words in an exterior heading into a matching outdoor place', () => {
    expect(chooseSetting(scene({ location: 'Outside the library' })).kind).toBe('city');
  });
});

describe('detectWeather', () => {
  it('finds rain, storms, snow and fog in any of the scene texts', () => {
    expect(detectWeather(scene({ visual_description: 'Rain hammers the windows.' }))).toMatchObject({
      rain: true,
      storm: false,
    });
    expect(detectWeather(scene({ audio_requirements: ['distant thunder'] }))).toMatchObject({
      rain: true,
      storm: true,
    });
    expect(detectWeather(scene({ key_actions: ['They trudge through the snow'] })).snow).toBe(true);
    expect(detectWeather(scene({ location: 'A misty moor' })).fog).toBe(true);
    expect(detectWeather(scene({ location: 'A sunny field' }))).toEqual({
      rain: false,
      snow: false,
      fog: false,
      storm: false,
    });
  });

  it('adds fog to eerie scenes', () => {
    expect(detectWeather(scene({ mood: 'eerie' })).fog).toBe(true);
  });
});
