import { useCallback, useEffect, useState } from 'react';
import { applyTheme, browserThemeEnvironment, initialTheme, toggled, type Theme } from './theme';

export function useTheme(): { theme: Theme; toggle: () => void } {
  const [theme, setTheme] = useState<Theme>(() => initialTheme(browserThemeEnvironment()));
  useEffect(() => {
    document.documentElement.classList.toggle('dark', theme === 'dark');
  }, [theme]);
  const toggle = useCallback(() => {
    setTheme((current) => {
      const next = toggled(current);
      applyTheme(next, document.documentElement, window.localStorage);
      return next;
    });
  }, []);
  return { theme, toggle };
}
