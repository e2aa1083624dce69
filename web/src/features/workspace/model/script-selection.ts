/**
 * The script selection state of the workspace, as the product describes it: the selected script,
 * chapter and segment (a scene of the script), a version counter, a switching flag and the last
 * valid chapter.
 *
 * - Selecting a different script clears the segment and sets `switching` until the next tick (the
 *   timeline is disabled meanwhile; the Script tab resets its generation state).
 * - Selecting a chapter also clears the segment; a chapter selection of nothing falls back to the
 *   last valid chapter.
 * - The first script is auto-selected when none is selected.
 * - Every change increments the version and notifies the subscribers.
 *
 * A small store rather than React state, so every tab reads the same selection and the rules run in
 * unit tests; React reads it with useSyncExternalStore.
 */
export interface ScriptSelectionState {
  scriptId: string | null;
  chapterId: string | null;
  segmentId: string | null;
  version: number;
  switching: boolean;
  lastValidChapterId: string | null;
}

export type Listener = (state: ScriptSelectionState) => void;

export interface ScriptSelectionStore {
  getState(): ScriptSelectionState;
  subscribe(listener: Listener): () => void;
  selectScript(scriptId: string | null): void;
  selectChapter(chapterId: string | null): void;
  selectSegment(segmentId: string | null): void;
  /** Selects the first of the chapter's scripts when none of them is selected. */
  autoSelect(scriptIds: readonly string[]): void;
}

/** Runs `fn` on the next tick (a timer of 0 ms in the browser). */
export type Scheduler = (fn: () => void) => void;

export const INITIAL_SELECTION: ScriptSelectionState = {
  scriptId: null,
  chapterId: null,
  segmentId: null,
  version: 0,
  switching: false,
  lastValidChapterId: null,
};

export function createScriptSelection(
  schedule: Scheduler = (fn) => void setTimeout(fn, 0),
  initial: Partial<ScriptSelectionState> = {},
): ScriptSelectionStore {
  let state: ScriptSelectionState = { ...INITIAL_SELECTION, ...initial };
  const listeners = new Set<Listener>();
  /** Switches still waiting for their tick: only the last one ends the switching. */
  let pendingSwitch = 0;

  const change = (patch: Partial<ScriptSelectionState>) => {
    state = { ...state, ...patch, version: state.version + 1 };
    for (const listener of [...listeners]) listener(state);
  };

  const store: ScriptSelectionStore = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    selectScript(scriptId) {
      if (scriptId === state.scriptId) return;
      const ticket = ++pendingSwitch;
      change({ scriptId, segmentId: null, switching: true });
      schedule(() => {
        if (ticket === pendingSwitch && state.switching) change({ switching: false });
      });
    },
    selectChapter(chapterId) {
      const next = chapterId ?? state.lastValidChapterId;
      const changed = next !== state.chapterId;
      change({
        chapterId: next,
        lastValidChapterId: chapterId ?? state.lastValidChapterId,
        segmentId: null,
        // Another chapter has other scripts: its first one is selected when they arrive.
        ...(changed ? { scriptId: null } : {}),
      });
    },
    selectSegment(segmentId) {
      if (segmentId === state.segmentId) return;
      change({ segmentId });
    },
    autoSelect(scriptIds) {
      if (state.scriptId && scriptIds.includes(state.scriptId)) return;
      const first = scriptIds[0] ?? null;
      if (first !== state.scriptId) store.selectScript(first);
    },
  };
  return store;
}
