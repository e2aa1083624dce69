import type { Character } from '@contracts/plots';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { DESCRIPTION_PREVIEW_CHARS, preview } from '@/features/workspace/model/characters';
import { ROLE_LABELS } from '@/features/workspace/model/labels';
import { estimateText } from '@/features/workspace/model/polling';
import { languageName } from '@/components/voice/voice-options';

const ROLE_TONES = {
  protagonist: 'blue',
  antagonist: 'red',
  supporting: 'slate',
  mentor: 'purple',
  sidekick: 'green',
  '': 'slate',
} as const;

/** The voice id as people read it: "local:en-GB:character-matron" → "Character matron (British English)". */
export function voiceLabel(voice: string): string {
  const parts = voice.split(':');
  const words = (parts.at(-1) ?? voice).replace(/[-+_]+/g, ' ').trim();
  const name = words.charAt(0).toUpperCase() + words.slice(1);
  const language = parts.length >= 3 ? parts.at(-2) : undefined;
  return language ? `${name} (${languageName(language)})` : name;
}

export function CharacterCard({
  character,
  selected,
  drawing,
  estimateSeconds,
  onToggle,
  onEdit,
  onDelete,
  onGenerateImage,
  onView,
}: {
  character: Character;
  selected: boolean;
  drawing: boolean;
  /** The server's measured estimate of the portrait being drawn (the toast says the same). */
  estimateSeconds?: number;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onGenerateImage: () => void;
  onView: () => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const description = preview(character.physical_description, DESCRIPTION_PREVIEW_CHARS);
  return (
    <li
      aria-label={character.name}
      className={`flex flex-col overflow-hidden rounded-2xl border bg-white shadow-sm dark:bg-slate-900 ${
        selected ? 'border-brand-500 ring-2 ring-brand-500/30' : 'border-slate-200 dark:border-slate-800'
      }`}
    >
      <div className="relative aspect-square bg-slate-100 dark:bg-slate-800">
        {character.image_url ? (
          <button
            type="button"
            onClick={onView}
            className="block h-full w-full"
            aria-label={`View image of ${character.name}`}
          >
            <img
              src={character.image_url}
              alt={`Portrait of ${character.name}`}
              className="h-full w-full object-cover"
            />
          </button>
        ) : (
          <div
            className="flex h-full items-center justify-center text-4xl font-bold text-slate-400 dark:text-slate-500"
            aria-hidden="true"
          >
            {character.name.charAt(0).toUpperCase()}
          </div>
        )}
        {drawing && (
          <div className="absolute inset-0 flex items-center justify-center bg-white/70 text-sm text-slate-800 dark:bg-slate-900/70 dark:text-slate-100">
            <Spinner
              label={
                estimateSeconds === undefined
                  ? 'Generating image…'
                  : `Generating image… ${estimateText(estimateSeconds)}`
              }
            />
          </div>
        )}
        <label className="absolute left-2 top-2 inline-flex items-center gap-1 rounded-md bg-white/90 px-1.5 py-1 text-xs dark:bg-slate-900/90">
          <input
            type="checkbox"
            checked={selected}
            onChange={onToggle}
            aria-label={`Select ${character.name}`}
          />
        </label>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <h4 className="font-semibold">{character.name}</h4>
          {character.role && <Badge tone={ROLE_TONES[character.role]}>{ROLE_LABELS[character.role]}</Badge>}
          {character.image_outdated && <Badge tone="yellow">Image outdated</Badge>}
        </div>
        {character.physical_description && (
          <div className="text-sm text-slate-700 dark:text-slate-300">
            <p>{expanded ? character.physical_description : description.text}</p>
            {description.cut && (
              <button
                type="button"
                aria-expanded={expanded}
                onClick={() => setExpanded((v) => !v)}
                className="mt-1 text-xs font-medium text-brand-700 hover:underline dark:text-brand-100"
              >
                {expanded ? 'Show Less' : 'Show More'}
              </button>
            )}
          </div>
        )}
        {character.personality && (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            <span className="font-medium">Personality:</span> {character.personality}
          </p>
        )}
        {character.archetypes.length > 0 && (
          <ul className="flex flex-wrap gap-1" aria-label="Archetypes">
            {character.archetypes.map((a) => (
              <li key={a}>
                <Badge tone="purple">{a}</Badge>
              </li>
            ))}
          </ul>
        )}
        {character.voice && (
          <p className="text-xs text-slate-500 dark:text-slate-400">
            <span className="font-medium">Voice:</span> {voiceLabel(character.voice)}
          </p>
        )}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Button size="sm" variant="secondary" busy={drawing} onClick={onGenerateImage}>
            {character.image_url ? 'Regenerate Image' : 'Generate Image'}
          </Button>
          <Button size="sm" variant="ghost" onClick={onEdit} aria-label={`Edit ${character.name}`}>
            Edit
          </Button>
          <Button size="sm" variant="ghost" onClick={onDelete} aria-label={`Delete ${character.name}`}>
            Delete
          </Button>
        </div>
      </div>
    </li>
  );
}
