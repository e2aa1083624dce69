import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  languageName,
  voiceGroups,
  voiceOptionLabel,
  VoiceOptions,
} from '../../../web/src/components/voice/voice-options';

const catalogue = ['en-GB', 'fr-FR', 'en-US', 'de-DE'].flatMap((language) => [
  { id: `local:${language}:narrator-warm`, name: 'Warm narrator', language, gender: 'male' as const },
  {
    id: `local:${language}:narrator-warm-female`,
    name: 'Warm narrator (female)',
    language,
    gender: 'female' as const,
  },
]);

describe('the voice list', () => {
  it('groups voices by language, the book’s language first, then by the languages’ names', () => {
    expect(voiceGroups(catalogue, 'fr').map(([tag]) => tag)).toEqual(['fr-FR', 'en-US', 'en-GB', 'de-DE']);
    expect(voiceGroups(catalogue, 'en-US').map(([tag]) => tag)).toEqual(['en-US', 'en-GB', 'fr-FR', 'de-DE']);
    for (const [tag, voices] of voiceGroups(catalogue))
      expect(voices.every((voice) => voice.language === tag)).toBe(true);
  });

  it('names languages and voices as people read them', () => {
    expect(languageName('en-GB')).toBe('British English');
    expect(languageName('de-DE')).toBe('German (Germany)');
    expect(languageName('xx-not-a-tag!')).toBe('xx-not-a-tag!');
    expect(voiceOptionLabel(catalogue[0]!)).toBe('Warm narrator (male)');
    expect(voiceOptionLabel(catalogue[1]!)).toBe('Warm narrator (female)');
  });

  it('renders one optgroup per language, labelled with its name, each voice once', () => {
    const html = renderToStaticMarkup(createElement(VoiceOptions, { voices: catalogue, language: 'en-GB' }));
    const groups = [...html.matchAll(/<optgroup label="([^"]+)">/g)].map((m) => m[1]);
    expect(groups).toEqual(['American English', 'British English', 'French (France)', 'German (Germany)']);
    expect(html.match(/<option /g)).toHaveLength(catalogue.length);
    expect(html).not.toContain('(en-GB)');
  });
});
