// The Statistics tab and the page's side of the player's history: it
// records each game the player finishes (app.js calls `finished` when the
// grid is solved), sets a game aside among the games in progress when
// another puzzle takes the grid (`setAside`), keeps both in the browser's
// storage (history.js) and, logged in, merges them with the account's
// history on the server (`account`, called whenever the account may have
// changed). The tab shows the statistics per level, the streaks, the games
// in progress (resume, delete), the archive of daily puzzles (play any
// earlier day) and the recent games. app.js hands in the state and one way
// to put a game on the grid (`play`); nothing here reaches into the grid.
import { t, getLang } from './i18n.js';
import { api } from './api.js';
import { Game } from './game.js';
import { clockSync, parseLine } from './state.js';
import {
  loadHistory, saveHistory, recordOf, addRecords, recordsOf, unsent, markKept, keepInProgress, dropInProgress,
  gameKey, givenUp, statistics, duration, localDate, lastDays,
} from './history.js';

/// Days of the daily archive shown at first, and added by "Earlier days".
export const ARCHIVE_STEP = 14;
const ARCHIVE_MAX = 366;
const RECENT = 20;

/// The statistics of the page. `S` is app.js's state (S.game, S.rating,
/// S.account, S.search); `play(game)` puts a Game on the grid, solving, and
/// shows the trainer (after the caller's game was set aside).
export function createStats({ S, play }) {
  const $ = id => document.getElementById(id);
  const h = loadHistory(localStorage);
  let synced = null;      // the account whose history was merged last
  let archiveDays = ARCHIVE_STEP;
  let note = '';          // what the last action said (errors included)

  function say(text, isError = false) {
    note = text;
    const el = $('stats-message');
    if (!el) return;
    el.textContent = text;
    el.classList.toggle('err', isError);
  }

  /// Writes the history; says so if the browser's storage refuses.
  function keep() {
    const err = saveHistory(localStorage, h);
    if (err) say(t('historyFull', err.message), true);
  }

  const user = () => (S.account && S.account.user) || null;

  /// Sends `records` to the account, if one is logged in; those the server
  /// took are marked as kept with it. A failure leaves them for the next
  /// login (or game).
  async function send(records) {
    const u = user();
    if (!u || !records.length) return;
    try {
      await api('POST', '/history', { games: records.map(({ acct, ...r }) => r) });
      markKept(h, u, new Set(records.map(r => r.id)));
      keep();
    } catch (e) { /* offline or refused: kept here, sent with the next sync */ }
  }

  /// Records `rec` and, logged in, sends it.
  function record(rec) {
    addRecords(h, [rec]);
    keep();
    send([rec]);
  }

  /// Whether the game on the grid is one that counts: a puzzle being solved.
  const playing = g => g.givens.some(Boolean) && g.phase === 'solve';

  const api_ = {
    /// The puzzle on the grid has just been solved.
    finished() {
      const g = S.game;
      if (!playing(g)) return;
      clockSync(S, performance.now(), document.hidden);
      dropInProgress(h, gameKey(g));
      record(recordOf(g, { level: S.rating?.level, solved: true, at: Date.now() }));
      api_.render();
    },

    /// Another puzzle is about to take the grid: an unsolved game that was
    /// played goes to the games in progress (the oldest beyond the limit
    /// counts as given up).
    setAside() {
      const g = S.game;
      // Looked at but not touched, a puzzle is not kept.
      const played = g.entries.some(Boolean) || g.hasMarks() || (g.hints ?? 0) > 0;
      if (!playing(g) || g.solved || !played) return;
      clockSync(S, performance.now(), document.hidden);
      const out = keepInProgress(h, g, { name: g.puzzleName, level: S.rating?.level, at: Date.now() });
      const rec = out && givenUp(out, Date.now());
      if (rec) record(rec); else keep();
    },

    /// The account may have changed (page load, login, logout): a newly
    /// logged-in account's history is merged with this browser's, both ways.
    async account() {
      const u = user();
      if (u === synced) return;
      synced = u;
      api_.render();
      if (!u) return;
      try {
        const r = await api('GET', '/history');
        if (user() !== u) return;
        addRecords(h, r.games, u);
        const known = new Set(r.games.map(g => g.id));
        markKept(h, u, known);
        keep();
        for (const batch of unsent(h, u, known)) {
          await api('POST', '/history', { games: batch });
          markKept(h, u, new Set(batch.map(x => x.id)));
          keep();
        }
      } catch (e) {
        say(t('stSyncFailed', e.message), true);
        synced = null; // try again at the next chance
      }
      api_.render();
    },

    /// Draws the tab, if it is shown.
    render() {
      if (!$('stats') || $('stats').hidden) return;
      // On a phone the tabs scroll sideways: this one in full view.
      const nav = $('tabs'), tab = nav.querySelector('[data-tab=stats]');
      const right = tab.offsetLeft - nav.offsetLeft + tab.offsetWidth;
      if (right > nav.scrollLeft + nav.clientWidth) nav.scrollLeft = right - nav.clientWidth;
      const today = localDate(Date.now());
      const records = recordsOf(h, user());
      const st = statistics(records, h.games, today);
      renderCards(st);
      renderLevels(st);
      renderGames();
      renderArchive(st, today);
      renderRecent(records);
      $('stats-sync').textContent = user() ? t('stSynced', user()) : t('stLocal');
      $('stats-message').textContent = note;
    },
  };

  const levelName = l => (l ? t('lvl_' + l) : t('stNoLevel'));

  function cell(tag, text) {
    const el = document.createElement(tag);
    el.textContent = text;
    return el;
  }
  function button(text, label, f) {
    const b = cell('button', text);
    b.type = 'button';
    if (label) b.setAttribute('aria-label', label);
    b.addEventListener('click', f);
    return b;
  }
  function row(tbody, values) {
    const tr = document.createElement('tr');
    for (const v of values) tr.appendChild(cell('td', String(v)));
    tbody.appendChild(tr);
  }
  function none(list) {
    if (!list.children.length) list.appendChild(cell('li', t('stNone')));
  }
  /// A date as the page's language writes it (weekday, day, month).
  function dateText(date) {
    const [y, m, d] = date.split('-').map(Number);
    return new Date(y, m - 1, d).toLocaleDateString(getLang(), { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
  }

  function renderCards(st) {
    const cards = $('stats-cards');
    cards.replaceChildren();
    for (const [key, big, small] of [
      ['solved', `${st.solved}`, t('stSolvedOf', st.started)],
      ['days', `${st.days.current}`, t('stStreak', st.days.best)],
      ['daily', `${st.daily.current}`, t('stDailyStreak', st.daily.best)],
    ]) {
      const li = document.createElement('li');
      li.dataset.stat = key;
      li.append(cell('strong', big), cell('span', small));
      cards.appendChild(li);
    }
  }

  function renderLevels(st) {
    const body = $('stats-table').tBodies[0];
    body.replaceChildren();
    for (const l of st.levels) {
      row(body, [levelName(l.level), l.started, l.solved, l.best === null ? '–' : duration(l.best),
        l.average === null ? '–' : duration(l.average)]);
    }
    if (!st.levels.length) {
      const tr = document.createElement('tr');
      const td = cell('td', t('stNone'));
      td.colSpan = 5;
      tr.appendChild(td);
      body.appendChild(tr);
    }
  }

  function renderGames() {
    const list = $('stats-games');
    list.replaceChildren();
    for (const g of h.games) {
      const li = document.createElement('li');
      const name = g.name || levelName(g.level);
      const filled = typeof g.game.entries === 'string' ? [...g.game.entries].filter(c => c !== '.' && c !== '0').length : 0;
      const givens = typeof g.game.givens === 'string' ? [...g.game.givens].filter(c => c !== '.' && c !== '0').length : 0;
      li.append(cell('span', `${name} · ${dateText(localDate(g.at))} · ${duration(g.game.elapsed || 0)} · ${t('stFilled', givens + filled)}`));
      li.firstChild.className = 'grow';
      li.append(button(t('stResumeBtn'), t('stResumeOf', name), () => resume(g.key)),
        button(t('stDeleteBtn'), t('stDeleteOf', name), () => remove(g.key)));
      list.appendChild(li);
    }
    none(list);
  }

  function renderArchive(st, today) {
    const list = $('stats-daily');
    list.replaceChildren();
    for (const date of lastDays(today, archiveDays)) {
      const li = document.createElement('li');
      li.dataset.date = date;
      const done = st.dailySolved.has(date);
      li.classList.toggle('done', done);
      const text = cell('span', `${dateText(date)} · ${done ? t('stSolvedMark') : t('stOpen')}`);
      text.className = 'grow';
      li.append(text, button(t('stPlay'), t('stPlayOf', dateText(date)), () => playDaily(date)));
      list.appendChild(li);
    }
    $('stats-earlier').hidden = archiveDays >= ARCHIVE_MAX;
  }

  function renderRecent(records) {
    const body = $('stats-recent').tBodies[0];
    body.replaceChildren();
    for (const r of records.slice(0, RECENT)) {
      row(body, [r.date, levelName(r.level) + (r.daily ? ` · ${t('stDailyMark')}` : ''), duration(r.ms), r.hints, r.mistakes,
        r.solved ? t('stWon') : t('stLeft')]);
    }
    if (!body.rows.length) {
      const tr = document.createElement('tr');
      const td = cell('td', t('stNone'));
      td.colSpan = 6;
      tr.appendChild(td);
      body.appendChild(tr);
    }
  }

  /// Back to a game in progress (the one on the grid is set aside first).
  function resume(key) {
    const kept = h.games.find(g => g.key === key);
    if (!kept) return;
    let game;
    try { game = Game.fromJSON(kept.game); } catch (e) {
      dropInProgress(h, key);
      keep();
      say(t('storageBad', e.message), true);
      api_.render();
      return;
    }
    game.phase = 'solve';
    api_.setAside();
    dropInProgress(h, key);
    keep();
    say('');
    play(game, kept.level);
  }

  /// Deletes a game in progress; it counts as started, not solved.
  function remove(key) {
    const kept = dropInProgress(h, key);
    if (!kept) return;
    const rec = givenUp(kept, Date.now());
    if (rec) record(rec); else keep();
    say(t('stDeleted', kept.name || levelName(kept.level)));
    api_.render();
    $('stats-games').querySelector('button')?.focus();
  }

  /// The daily puzzle of `date`, from the server.
  async function playDaily(date) {
    try {
      const r = await api('GET', `/daily?date=${date}`);
      const game = new Game();
      game.mode = S.game.mode;
      game.reset(parseLine(r.givens));
      game.variant = r.variant;
      game.puzzleName = t('daily', r.date);
      game.daily = r.date;
      game.phase = 'solve';
      api_.setAside();
      say('');
      play(game);
    } catch (e) { say(e.message, true); }
  }

  document.getElementById('stats-earlier').addEventListener('click', () => {
    archiveDays = Math.min(ARCHIVE_MAX, archiveDays + ARCHIVE_STEP);
    api_.render();
  });

  return api_;
}
