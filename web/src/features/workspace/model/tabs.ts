/**
 * The workspace's five tabs and how the URL names them (`?tab=plot&chapter=…`), so a reload opens
 * the same tab and chapter. Pure: the shell and the unit tests use it.
 */
export const WORKSPACE_TABS = ['plot', 'script', 'images', 'audio', 'video'] as const;
export type WorkspaceTab = (typeof WORKSPACE_TABS)[number];
export const DEFAULT_TAB: WorkspaceTab = 'plot';

export const TAB_LABELS: Record<WorkspaceTab, string> = {
  plot: 'Plot',
  script: 'Script',
  images: 'Images',
  audio: 'Audio',
  video: 'Video',
};

/** What a tab without a selected chapter asks for (the Plot tab is book-wide and never asks). */
export const SELECT_CHAPTER_PROMPTS: Record<Exclude<WorkspaceTab, 'plot'>, string> = {
  script: 'Please select a chapter to generate scripts',
  images: 'Please select a chapter to generate images',
  audio: 'Please select a chapter to manage audio',
  video: 'Please select a chapter to produce videos',
};

export const tabOf = (value: string | null | undefined): WorkspaceTab =>
  (WORKSPACE_TABS as readonly string[]).includes(value ?? '') ? (value as WorkspaceTab) : DEFAULT_TAB;

/** The chapter the URL names when the book has it, else the first chapter (selected on load). */
export function chapterOf(
  requested: string | null | undefined,
  chapterIds: readonly string[],
): string | null {
  if (requested && chapterIds.includes(requested)) return requested;
  return chapterIds[0] ?? null;
}

/**
 * The tab a key press moves to in the tab list (arrow keys wrap around, Home and End go to the
 * ends), or null for keys the tab list does not handle.
 */
export function tabAfterKey(current: WorkspaceTab, key: string): WorkspaceTab | null {
  const index = WORKSPACE_TABS.indexOf(current);
  const last = WORKSPACE_TABS.length - 1;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return WORKSPACE_TABS[index === last ? 0 : index + 1]!;
    case 'ArrowLeft':
    case 'ArrowUp':
      return WORKSPACE_TABS[index === 0 ? last : index - 1]!;
    case 'Home':
      return WORKSPACE_TABS[0];
    case 'End':
      return WORKSPACE_TABS[last]!;
    default:
      return null;
  }
}
