// The player's settings: how mistakes are shown and how many are allowed,
// the row and column numbers, the theme and the palette (the removal of
// ruled-out marks keeps its own key, `autoRemove`, from before). Kept in the
// browser's storage under one key; a value that does not read back is its
// default, so a damaged or foreign entry never breaks the page. No DOM here
// but `applySettings`, which only sets attributes on the root element and
// the board (style.css does the rest).

const KEY = 'settings';

/// Every setting, its allowed values, the default first.
export const CHOICES = {
  mistakes: ['off', 'instant'],
  limit: [0, 3, 5],
  labels: [true, false],
  theme: ['system', 'light', 'dark'],
  palette: ['standard', 'safe'],
};

/// The defaults: nothing shown before Check, no limit, numbers on, the
/// device's theme, the standard colours.
export function defaults() {
  return Object.fromEntries(Object.entries(CHOICES).map(([k, v]) => [k, v[0]]));
}

/// The settings kept in `storage` (each unknown or bad value its default).
export function loadSettings(storage) {
  const out = defaults();
  let kept = null;
  try { kept = JSON.parse(storage.getItem(KEY) || 'null'); } catch (e) { kept = null; }
  if (kept && typeof kept === 'object') {
    for (const [k, allowed] of Object.entries(CHOICES)) {
      if (allowed.includes(kept[k])) out[k] = kept[k];
    }
  }
  return out;
}

/// Keeps `settings` in `storage`; a value outside its choices is refused
/// (an Error naming it) and nothing is written.
export function saveSettings(storage, settings) {
  for (const [k, allowed] of Object.entries(CHOICES)) {
    if (!allowed.includes(settings[k])) throw new Error(`setting ${k}: ${JSON.stringify(settings[k])} is not one of ${allowed.join(', ')}`);
  }
  storage.setItem(KEY, JSON.stringify(settings));
}

/// The theme drawn: the chosen one, or the device's for "system".
export function themeOf(settings, deviceDark) {
  return settings.theme === 'system' ? (deviceDark ? 'dark' : 'light') : settings.theme;
}

/// Shows `settings` on the page: the theme and palette on the root element
/// (style.css), the numbers beside the grid on or off.
export function applySettings(doc, settings, deviceDark) {
  const root = doc.documentElement;
  root.dataset.theme = themeOf(settings, deviceDark);
  root.dataset.palette = settings.palette;
  const board = doc.getElementById('board');
  if (board) board.classList.toggle('nolabels', !settings.labels);
  const meta = doc.querySelector('meta[name=theme-color]');
  if (meta) meta.content = root.dataset.theme === 'dark' ? '#121212' : '#1d4ed8';
}

/// Whether `mistakes` wrong digits have reached the limit of `settings`
/// (never with no limit, or after "Keep playing").
export function limitReached(settings, mistakes, lifted) {
  return settings.limit > 0 && !lifted && mistakes >= settings.limit;
}
