/* global window, document */
// Runs before the app's bundle so the first paint is already in the author's mode (light, dark, or the
// system's): the same class MUI's colour-scheme manager sets, from the same localStorage key
// (THEME_MODE_STORAGE_KEY in web/src/theme/theme.ts). A file rather than an inline script: the page's content
// security policy allows only the app's own scripts.
(function applyStoredColorScheme() {
  var mode = 'system';
  try {
    mode = window.localStorage.getItem('loreweaver-theme') || 'system';
  } catch {
    // Storage may be refused (private windows, blocked cookies): follow the system.
  }
  var dark =
    mode === 'dark' || (mode !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.add(dark ? 'dark' : 'light');
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
})();
