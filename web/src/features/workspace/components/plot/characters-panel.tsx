import type { Character, PlotOverview } from '@contracts/plots';
import { plotMessages } from '@contracts/plots';
import { useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { ApiError } from '@/lib/api-client';
import {
  bulkDeleteCharacters,
  createCharacter,
  deleteCharacter,
  updateCharacter,
} from '@/features/workspace/api/plots';
import { useCharacterImages } from '@/features/workspace/api/use-character-images';
import {
  characterMessages,
  charactersNeedingImages,
  keepExisting,
  searchCharacters,
  shouldOfferRedraw,
  toggleAll,
} from '@/features/workspace/model/characters';
import { ConfirmDialog } from '@/features/workspace/components/confirm-dialog';
import { CharacterCard } from './character-card';
import { CharacterFormModal, type CharacterFields } from './character-form';

/** The API's own words for a refused request (a 4xx), else the spec's message for the action. */
const failure = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 404
    ? error.message
    : fallback;

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; character: Character }
  | { kind: 'delete'; character: Character }
  | { kind: 'bulk-delete'; ids: string[] }
  | { kind: 'generate-all'; characters: Character[] }
  | { kind: 'view'; character: Character }
  | { kind: 'redraw'; character: Character }
  | null;

/** The characters grid of the Plot tab with its search, selection and dialogs. */
export function CharactersPanel({
  plot,
  onChanged,
}: {
  plot: PlotOverview;
  onChanged: () => Promise<unknown>;
}) {
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const { drawing, generate, generateAll, watchers } = useCharacterImages(() => void onChanged());
  const characters = plot.characters;
  const shown = useMemo(() => searchCharacters(characters, query), [characters, query]);
  const selected = keepExisting(chosen, characters);
  const allShownSelected = shown.length > 0 && shown.every((c) => selected.has(c.id));
  const close = () => setDialog(null);
  /**
   * Closes the dialog only while it is still the one of `kinds`: a native dialog reports its closing
   * a moment later, when the next one (the redraw question after an edit) may already be open.
   */
  const closeOnly =
    (...kinds: NonNullable<Dialog>['kind'][]) =>
    () =>
      setDialog((current) => (current && kinds.includes(current.kind) ? null : current));

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  const create = async (fields: CharacterFields) => {
    if (!plot.id) {
      toast.error(plotMessages.plotNotFound);
      return false;
    }
    try {
      const character = await createCharacter(plot.id, fields);
      toast.success(`Character "${character.name}" created successfully`);
      await onChanged();
      return true;
    } catch (error) {
      toast.error(failure(error, 'Failed to create character'));
      return false;
    }
  };

  const save = (before: Character) => async (fields: CharacterFields) => {
    if (!fields.name.trim()) {
      toast.error(plotMessages.nameRequired);
      return false;
    }
    try {
      const updated = await updateCharacter(before.id, fields);
      toast.success('Character updated successfully');
      await onChanged();
      // The dialog closes first; then the redraw question opens.
      if (shouldOfferRedraw(before, fields.physical_description))
        setTimeout(() => setDialog({ kind: 'redraw', character: updated }), 0);
      return true;
    } catch (error) {
      toast.error(failure(error, 'Failed to update character'));
      return false;
    }
  };

  const removeOne = (character: Character) =>
    run(async () => {
      try {
        await deleteCharacter(character.id);
        toast.success('Character deleted successfully');
        close();
        await onChanged();
      } catch {
        toast.error('Failed to delete character');
      }
    });

  const removeMany = (ids: string[]) =>
    run(async () => {
      try {
        await bulkDeleteCharacters(ids);
        toast.success(`${ids.length} ${ids.length === 1 ? 'character' : 'characters'} deleted successfully`);
        setChosen(new Set());
        close();
        await onChanged();
      } catch {
        toast.error('Failed to delete characters');
      }
    });

  const askBulkDelete = () => {
    if (selected.size === 0) {
      toast.error(characterMessages.bulkDeleteNeedsSelection);
      return;
    }
    setDialog({ kind: 'bulk-delete', ids: [...selected] });
  };

  const askGenerateAll = () => {
    const check = charactersNeedingImages(characters);
    if (!check.ok) {
      toast.error(check.message);
      return;
    }
    setDialog({ kind: 'generate-all', characters: check.characters });
  };

  return (
    <section aria-labelledby="characters-heading" className="space-y-4">
      {watchers}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="characters-heading" className="text-lg font-semibold">
          Characters ({characters.length})
        </h3>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => setDialog({ kind: 'create' })}>
            Create Character
          </Button>
          <Button size="sm" variant="secondary" onClick={askGenerateAll}>
            Generate All Images
          </Button>
          <Button size="sm" variant="secondary" onClick={askBulkDelete}>
            Delete Selected ({selected.size})
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <TextField
          label="Search characters"
          type="search"
          placeholder="Name, role, description or personality"
          className="min-w-[14rem] flex-1"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <label className="inline-flex items-center gap-2 pb-2 text-sm">
          <input
            type="checkbox"
            checked={allShownSelected}
            disabled={shown.length === 0}
            onChange={() => setChosen(toggleAll(selected, shown))}
          />
          Select all
        </label>
      </div>
      {characters.length === 0 ? (
        <EmptyState title="No characters yet">Generate the plot or create a character.</EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState title="No characters match your search" />
      ) : (
        <ul
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4"
          aria-label="Characters"
        >
          {shown.map((character) => (
            <CharacterCard
              key={character.id}
              character={character}
              selected={selected.has(character.id)}
              drawing={drawing.has(character.id)}
              estimateSeconds={drawing.get(character.id)}
              onToggle={() =>
                setChosen(() => {
                  const next = new Set(selected);
                  if (next.has(character.id)) next.delete(character.id);
                  else next.add(character.id);
                  return next;
                })
              }
              onEdit={() => setDialog({ kind: 'edit', character })}
              onDelete={() => setDialog({ kind: 'delete', character })}
              onGenerateImage={() => void generate(character)}
              onView={() => setDialog({ kind: 'view', character })}
            />
          ))}
        </ul>
      )}

      <CharacterFormModal
        open={dialog?.kind === 'create' || dialog?.kind === 'edit'}
        character={dialog?.kind === 'edit' ? dialog.character : null}
        onClose={closeOnly('create', 'edit')}
        onSubmit={dialog?.kind === 'edit' ? save(dialog.character) : create}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete character"
        confirmLabel="Delete"
        danger
        busy={busy}
        onClose={closeOnly('delete')}
        onConfirm={() => dialog?.kind === 'delete' && void removeOne(dialog.character)}
      >
        {dialog?.kind === 'delete' && <>Delete “{dialog.character.name}”? This cannot be undone.</>}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog?.kind === 'bulk-delete'}
        title="Delete selected characters"
        confirmLabel="Delete all selected"
        danger
        busy={busy}
        onClose={closeOnly('bulk-delete')}
        onConfirm={() => dialog?.kind === 'bulk-delete' && void removeMany(dialog.ids)}
      >
        {dialog?.kind === 'bulk-delete' && (
          <>
            Delete {dialog.ids.length} selected {dialog.ids.length === 1 ? 'character' : 'characters'}? This
            cannot be undone.
          </>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog?.kind === 'generate-all'}
        title="Generate All Images"
        confirmLabel="Generate images"
        onClose={closeOnly('generate-all')}
        onConfirm={() => {
          if (dialog?.kind !== 'generate-all') return;
          void generateAll(dialog.characters);
          close();
        }}
      >
        {dialog?.kind === 'generate-all' && (
          <>
            <p>Images will be generated for the characters that have none:</p>
            <ul className="mt-2 list-inside list-disc">
              {dialog.characters.map((c) => (
                <li key={c.id}>{c.name}</li>
              ))}
            </ul>
          </>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog?.kind === 'redraw'}
        title="Regenerate image?"
        confirmLabel="Regenerate image"
        onClose={closeOnly('redraw')}
        onConfirm={() => {
          if (dialog?.kind === 'redraw') void generate(dialog.character);
          close();
        }}
      >
        {plotMessages.descriptionChanged}
      </ConfirmDialog>
      <Modal
        open={dialog?.kind === 'view'}
        title={dialog?.kind === 'view' ? dialog.character.name : 'Character image'}
        onClose={closeOnly('view')}
        footer={
          <Button variant="secondary" onClick={close}>
            Close
          </Button>
        }
      >
        {dialog?.kind === 'view' && dialog.character.image_url && (
          <img
            src={dialog.character.image_url}
            alt={`Portrait of ${dialog.character.name}`}
            className="w-full rounded-lg"
          />
        )}
      </Modal>
    </section>
  );
}
