/**
 * The one voice list of the app (learning's narrator voice, the workspace's character voices): voices
 * grouped by language under the language's name, the book's language first, each by a readable name.
 */
export interface ListedVoice {
  id: string;
  name: string;
  /** BCP-47, e.g. en-GB. */
  language: string;
  gender?: 'female' | 'male' | 'neutral';
}

const primaryLanguage = (tag: string) => tag.toLowerCase().split(/[-_]/)[0] ?? '';

/** "English (United Kingdom)" for en-GB; the tag itself where the browser does not know it. */
export function languageName(tag: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** Voices by language: the preferred language's groups first, then by the languages' names. */
export function voiceGroups<V extends ListedVoice>(voices: readonly V[], preferred = 'en'): [string, V[]][] {
  const groups = new Map<string, V[]>();
  for (const voice of voices) groups.set(voice.language, [...(groups.get(voice.language) ?? []), voice]);
  const own = (tag: string) => (primaryLanguage(tag) === primaryLanguage(preferred) ? 0 : 1);
  return [...groups].sort(
    ([a], [b]) => own(a) - own(b) || languageName(a).localeCompare(languageName(b), 'en'),
  );
}

/** A voice as its option reads: its name, with its gender where the name does not say it. */
export function voiceOptionLabel(voice: ListedVoice): string {
  if (!voice.gender || voice.gender === 'neutral' || /\((fe)?male\)/.test(voice.name)) return voice.name;
  return `${voice.name} (${voice.gender})`;
}

/** The `<optgroup>`s of a voice `<select>`: one per language. */
export function VoiceOptions({ voices, language }: { voices: readonly ListedVoice[]; language?: string }) {
  return (
    <>
      {voiceGroups(voices, language).map(([tag, group]) => (
        <optgroup key={tag} label={languageName(tag)}>
          {group.map((voice) => (
            <option key={voice.id} value={voice.id}>
              {voiceOptionLabel(voice)}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}
