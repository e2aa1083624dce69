export type Theme = 'dark' | 'light';

export const THEME_STORAGE_KEY = 'theme';

interface ThemeEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  prefersDark: () => boolean;
}

/** Stored preference first, then the system's dark preference, else light. */
export function initialTheme(env: ThemeEnvironment): Theme {
  const stored = env.storage.getItem(THEME_STORAGE_KEY);
  if (stored === 'dark' || stored === 'light') return stored;
  return env.prefersDark() ? 'dark' : 'light';
}

export const toggled = (theme: Theme): Theme => (theme === 'dark' ? 'light' : 'dark');

/** Stores the choice and puts the `dark` class on the page root when dark. */
export function applyTheme(
  theme: Theme,
  root: Pick<HTMLElement, 'classList'>,
  storage?: Pick<Storage, 'setItem'>,
): void {
  root.classList.toggle('dark', theme === 'dark');
  storage?.setItem(THEME_STORAGE_KEY, theme);
}

export const browserThemeEnvironment = (): ThemeEnvironment => ({
  storage: window.localStorage,
  prefersDark: () => window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false,
});
