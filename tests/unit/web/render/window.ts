/**
 * Imported first by render tests of components whose modules read `window.localStorage` at import
 * (the API client's token store): an empty storage. Server rendering makes no requests.
 */
const items = new Map<string, string>();
if (!('window' in globalThis))
  Object.assign(globalThis, {
    window: {
      // react-hot-toast's styling library keeps its style sheet here once it sees a window.
      _goober: { parentNode: {}, firstChild: { data: '' } },
      localStorage: {
        getItem: (key: string) => items.get(key) ?? null,
        setItem: (key: string, value: string) => void items.set(key, value),
        removeItem: (key: string) => void items.delete(key),
      },
    },
  });
