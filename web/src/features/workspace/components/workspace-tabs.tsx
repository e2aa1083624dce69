import { useRef, type KeyboardEvent } from 'react';
import type { ChapterStages } from '../model/stages';
import { TAB_LABELS, tabAfterKey, WORKSPACE_TABS, type WorkspaceTab } from '../model/tabs';
import { StatusDot } from './status-dot';

export const tabId = (tab: WorkspaceTab) => `workspace-tab-${tab}`;
export const panelId = (tab: WorkspaceTab) => `workspace-panel-${tab}`;

/**
 * The five tabs with their status dots. One tab is in the focus order; the arrow keys, Home and End
 * move between them and open the one they reach (the ARIA tabs pattern with automatic activation).
 */
export function WorkspaceTabs({
  active,
  stages,
  onChange,
}: {
  active: WorkspaceTab;
  stages: ChapterStages;
  onChange: (tab: WorkspaceTab) => void;
}) {
  const refs = useRef<Partial<Record<WorkspaceTab, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = tabAfterKey(active, event.key);
    if (!next) return;
    event.preventDefault();
    onChange(next);
    refs.current[next]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label="Production stages"
      className="relative flex gap-1 overflow-x-auto rounded-xl border border-slate-200 bg-white p-1 dark:border-slate-800 dark:bg-slate-900"
    >
      {WORKSPACE_TABS.map((tab) => {
        const selected = tab === active;
        return (
          <button
            key={tab}
            ref={(el) => {
              refs.current[tab] = el;
            }}
            type="button"
            role="tab"
            id={tabId(tab)}
            aria-selected={selected}
            aria-controls={panelId(tab)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab)}
            onKeyDown={onKeyDown}
            className={`flex min-w-max flex-1 items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-medium ${
              selected
                ? 'bg-brand-600 text-white'
                : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
            }`}
          >
            {TAB_LABELS[tab]}
            <StatusDot status={stages[tab]} />
          </button>
        );
      })}
    </div>
  );
}
