/* global localStorage, window, document */
// Applies the theme before first paint: stored preference, else the system's, else light. A file
// rather than an inline script, so the Content-Security-Policy allows scripts from the app only.
(function () {
  var dark;
  try {
    var stored = localStorage.getItem('theme');
    dark = stored ? stored === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
  } catch {
    dark = false;
  }
  if (dark) document.documentElement.classList.add('dark');
})();
