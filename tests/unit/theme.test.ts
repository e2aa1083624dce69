import { describe, expect, it } from 'vitest';
import { applyTheme, initialTheme, THEME_STORAGE_KEY, toggled } from '../../web/src/lib/theme';

const storage = (value: string | null) => {
  const data = new Map<string, string>(value === null ? [] : [[THEME_STORAGE_KEY, value]]);
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
};

describe('theme', () => {
  it('uses the stored preference first', () => {
    expect(initialTheme({ storage: storage('light'), prefersDark: () => true })).toBe('light');
    expect(initialTheme({ storage: storage('dark'), prefersDark: () => false })).toBe('dark');
  });

  it('falls back to the system preference, then light', () => {
    expect(initialTheme({ storage: storage(null), prefersDark: () => true })).toBe('dark');
    expect(initialTheme({ storage: storage(null), prefersDark: () => false })).toBe('light');
    expect(initialTheme({ storage: storage('purple'), prefersDark: () => false })).toBe('light');
  });

  it('toggles, applies the dark class to the root and stores the choice', () => {
    const classes = new Set<string>();
    const root = {
      classList: {
        toggle: (name: string, on?: boolean) => (on ? classes.add(name) : classes.delete(name), Boolean(on)),
      },
    };
    const store = storage(null);
    applyTheme(toggled('light'), root as never, store);
    expect(classes.has('dark')).toBe(true);
    expect(store.data.get(THEME_STORAGE_KEY)).toBe('dark');
    applyTheme(toggled('dark'), root as never, store);
    expect(classes.has('dark')).toBe(false);
    expect(store.data.get(THEME_STORAGE_KEY)).toBe('light');
  });
});
