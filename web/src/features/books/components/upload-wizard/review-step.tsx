import type { BookStructure } from '@contracts/books';
import type { Dispatch } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { PageLoading } from '@/components/ui/spinner';
import { removedKindName, restoreRemoved, stillRemoved, type EditableChapter } from './chapters';
import type { WizardAction } from './state';
import { StructureEditor } from './structure-editor';

/** Step 4: the extracted chapters, to edit and confirm, or to reject. */
export function ReviewStep(props: {
  structure: BookStructure | null;
  chapters: EditableChapter[];
  saving: boolean;
  dispatch: Dispatch<WizardAction>;
  onConfirm: () => void;
}) {
  const { structure, dispatch } = props;
  if (!structure) return <PageLoading label="Loading the structure..." />;
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-xl font-semibold">Chapter review</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Rename, reorder, edit, remove or add chapters, then confirm.
        </p>
      </div>
      <StructureEditor
        structure={structure}
        chapters={props.chapters}
        onChange={(chapters) => dispatch({ type: 'chaptersEdited', chapters })}
      />
      <RemovedMatterList
        structure={structure}
        chapters={props.chapters}
        onRestore={(index) =>
          dispatch({
            type: 'chaptersEdited',
            chapters: restoreRemoved(props.chapters, structure.removed ?? [], index),
          })
        }
      />
      <div className="flex flex-wrap justify-between gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
        <Button variant="danger" onClick={() => dispatch({ type: 'rejectAsked' })} disabled={props.saving}>
          Reject
        </Button>
        <Button onClick={props.onConfirm} busy={props.saving}>
          Confirm structure
        </Button>
      </div>
    </div>
  );
}

/** Asks before a rejected structure deletes the book. */
export function RejectDialog(props: {
  open: boolean;
  rejecting: boolean;
  dispatch: Dispatch<WizardAction>;
  onReject: () => void;
}) {
  const cancel = () => props.dispatch({ type: 'rejectCancelled' });
  return (
    <Modal
      open={props.open}
      title="Reject this structure?"
      onClose={cancel}
      footer={
        <>
          <Button variant="secondary" onClick={cancel}>
            Keep reviewing
          </Button>
          <Button variant="danger" busy={props.rejecting} onClick={props.onReject}>
            Reject and delete
          </Button>
        </>
      }
    >
      <p className="text-slate-600 dark:text-slate-300">The book and its uploaded file will be deleted.</p>
    </Modal>
  );
}

/**
 * What was taken out of the book as front or back matter (title page, contents, licence…), so the
 * owner sees it and can put any of it back as a chapter.
 */
function RemovedMatterList(props: {
  structure: BookStructure;
  chapters: EditableChapter[];
  onRestore: (index: number) => void;
}) {
  const items = stillRemoved(props.structure.removed ?? [], props.chapters);
  if (items.length === 0) return null;
  return (
    <section
      aria-label="Removed front and back matter"
      className="rounded-xl border border-dashed border-slate-300 p-3 text-sm dark:border-slate-700"
    >
      <p className="mb-2 text-slate-600 dark:text-slate-400">
        Not kept as chapters. Restore anything that belongs to the book.
      </p>
      <ul className="space-y-1">
        {items.map(({ item, index }) => (
          <li key={index} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              <span className="font-medium">Removed: {item.title}</span>{' '}
              <span className="text-slate-500">
                ({removedKindName(item.kind)}, {item.word_count.toLocaleString()} words
                {item.content_truncated ? ', beginning kept' : ''})
              </span>
            </span>
            <Button size="sm" variant="secondary" onClick={() => props.onRestore(index)}>
              Restore
              <span className="sr-only"> {item.title}</span>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
