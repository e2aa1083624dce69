import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ScriptSelectionState, ScriptSelectionStore } from '../model/script-selection';

/** The workspace's one script selection, shared by its tabs. */
export const ScriptSelectionContext = createContext<ScriptSelectionStore | null>(null);

export function useScriptSelection(): [ScriptSelectionState, ScriptSelectionStore] {
  const store = useContext(ScriptSelectionContext);
  if (!store) throw new Error('useScriptSelection needs the workspace around it');
  const state = useSyncExternalStore(store.subscribe, store.getState);
  return [state, store];
}
