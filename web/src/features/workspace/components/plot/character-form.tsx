import type { Character, CharacterRole } from '@contracts/plots';
import { CHARACTER_ROLES, plotMessages } from '@contracts/plots';
import { createCharacterRequest, type CreateCharacterRequest } from '@contracts/plot-requests';
import { firstError } from '@contracts/validation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError, SelectField, TextArea, TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { addArchetype } from '@/features/workspace/model/characters';
import { ROLE_LABELS } from '@/features/workspace/model/labels';

export type CharacterFields = Required<
  Pick<
    CreateCharacterRequest,
    'name' | 'physical_description' | 'personality' | 'character_arc' | 'want' | 'need' | 'lie' | 'ghost'
  >
> & { role: CharacterRole; archetypes: string[] };

const EMPTY: CharacterFields = {
  name: '',
  role: '',
  physical_description: '',
  personality: '',
  character_arc: '',
  archetypes: [],
  want: '',
  need: '',
  lie: '',
  ghost: '',
};

const fieldsOf = (c: Character | null): CharacterFields =>
  c
    ? {
        name: c.name,
        role: c.role,
        physical_description: c.physical_description,
        personality: c.personality,
        character_arc: c.character_arc,
        archetypes: c.archetypes,
        want: c.want,
        need: c.need,
        lie: c.lie,
        ghost: c.ghost,
      }
    : EMPTY;

/**
 * The create and edit character dialog: a name is required (Create stays disabled without one),
 * the role is one of the spec's or none, archetypes are added one at a time (trimmed, empty and
 * repeated ones ignored). Checked with the API's own request schema before sending.
 */
export function CharacterFormModal({
  open,
  character,
  onClose,
  onSubmit,
}: {
  open: boolean;
  /** The character to edit; null to create one. */
  character: Character | null;
  onClose: () => void;
  /** Saves; answers false to keep the dialog open. */
  onSubmit: (fields: CharacterFields) => Promise<boolean>;
}) {
  const editing = Boolean(character);
  return (
    <Modal open={open} title={editing ? `Edit ${character?.name}` : 'Create Character'} onClose={onClose}>
      {open && (
        <CharacterForm
          key={character?.id ?? 'new'}
          initial={fieldsOf(character)}
          editing={editing}
          onClose={onClose}
          onSubmit={onSubmit}
        />
      )}
    </Modal>
  );
}

function CharacterForm({
  initial,
  editing,
  onClose,
  onSubmit,
}: {
  initial: CharacterFields;
  editing: boolean;
  onClose: () => void;
  onSubmit: (fields: CharacterFields) => Promise<boolean>;
}) {
  const [fields, setFields] = useState(initial);
  const [archetype, setArchetype] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [nameTouched, setNameTouched] = useState(false);
  const set = <K extends keyof CharacterFields>(key: K, value: CharacterFields[K]) =>
    setFields((f) => ({ ...f, [key]: value }));
  const nameMissing = !fields.name.trim();

  const addTyped = () => {
    set('archetypes', addArchetype(fields.archetypes, archetype));
    setArchetype('');
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (nameMissing) return setError(plotMessages.nameRequired);
    const problem = firstError(createCharacterRequest, fields);
    if (problem) return setError(problem);
    setError(null);
    setBusy(true);
    try {
      if (await onSubmit(fields)) onClose();
    } finally {
      setBusy(false);
    }
  };

  const text = (key: 'want' | 'need' | 'lie' | 'ghost', label: string, hint: string) => (
    <TextField label={label} hint={hint} value={fields[key]} onChange={(e) => set(key, e.target.value)} />
  );

  return (
    <form onSubmit={submit} noValidate className="max-h-[70vh] space-y-4 overflow-y-auto pr-1">
      <TextField
        label="Name"
        required
        value={fields.name}
        onChange={(e) => set('name', e.target.value)}
        onBlur={() => setNameTouched(true)}
        error={nameMissing && (nameTouched || error) ? plotMessages.nameRequired : null}
      />
      <SelectField
        label="Role"
        value={fields.role}
        onChange={(e) => set('role', e.target.value as CharacterRole)}
      >
        {CHARACTER_ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </SelectField>
      <TextArea
        label="Physical description"
        rows={3}
        value={fields.physical_description}
        onChange={(e) => set('physical_description', e.target.value)}
      />
      <TextArea
        label="Personality"
        rows={2}
        value={fields.personality}
        onChange={(e) => set('personality', e.target.value)}
      />
      <TextArea
        label="Character arc"
        rows={2}
        value={fields.character_arc}
        onChange={(e) => set('character_arc', e.target.value)}
      />
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">Archetypes</legend>
        {fields.archetypes.length > 0 && (
          <ul className="mb-2 flex flex-wrap gap-2">
            {fields.archetypes.map((a) => (
              <li
                key={a}
                className="inline-flex items-center gap-1 rounded-full bg-brand-100 px-2 py-0.5 text-xs text-brand-700 dark:bg-brand-600/20 dark:text-brand-100"
              >
                {a}
                <button
                  type="button"
                  aria-label={`Remove archetype ${a}`}
                  onClick={() =>
                    set(
                      'archetypes',
                      fields.archetypes.filter((x) => x !== a),
                    )
                  }
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="flex items-end gap-2">
          <TextField
            label="New archetype"
            className="flex-1"
            value={archetype}
            onChange={(e) => setArchetype(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addTyped();
              }
            }}
          />
          <Button variant="secondary" onClick={addTyped}>
            Add archetype
          </Button>
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('want', 'Want', 'What they pursue')}
        {text('need', 'Need', 'What they truly need')}
        {text('lie', 'Lie', 'The false belief they hold')}
        {text('ghost', 'Ghost', 'The past wound behind it')}
      </div>
      <FormError message={error && error !== plotMessages.nameRequired ? error : null} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" busy={busy} disabled={nameMissing}>
          {editing ? 'Save Changes' : 'Create Character'}
        </Button>
      </div>
    </form>
  );
}
