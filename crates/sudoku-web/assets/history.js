// The player's history, without the page: every game finished (solved, or
// given up) as a small record, the games in progress to resume, and the
// statistics made of them — per level games started and solved, best and
// average time; streaks of days with a solved game and of daily puzzles
// solved on their day. Kept in the browser's storage under one key. When
// the player is logged in, stats.js also sends the records to the server
// (GET/POST /api/history) and merges what comes back; a record remembers
// the account it is kept with (`acct`), so a record of one account is never
// sent to another that logs in on the same browser. A damaged stored copy
// loses only the records that do not read back.

import { Game } from './game.js';

const KEY = 'history';
/// The most records and games in progress kept.
export const MAX_RECORDS = 2000;
export const MAX_IN_PROGRESS = 12;
/// The most records one POST /api/history may carry (the server's limit).
export const SYNC_BATCH = 200;
export const LEVELS = ['easy', 'medium', 'hard', 'very-hard', 'extremely-hard'];
const VARIANTS = ['standard', 'diagonal', 'color', 'color-diagonal'];
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const count = n => Number.isInteger(n) && n >= 0 && n <= 100_000;

/// Whether `r` is a record as the page writes it and the server keeps it
/// (the server checks the same fields: src/history.rs).
export function isRecord(r) {
  return !!r && typeof r === 'object' && typeof r.id === 'string' && /^[A-Za-z0-9_-]{1,40}$/.test(r.id) &&
    typeof r.puzzle === 'string' && /^[.1-9]{81}$/.test(r.puzzle) && VARIANTS.includes(r.variant) &&
    (r.level === undefined || LEVELS.includes(r.level)) &&
    Number.isInteger(r.ms) && r.ms >= 0 && r.ms <= 30 * 24 * 3600 * 1000 && count(r.hints) && count(r.mistakes) &&
    typeof r.date === 'string' && DATE.test(r.date) && (r.daily === undefined || DATE.test(r.daily)) &&
    Number.isInteger(r.at) && r.at > 0 && typeof r.solved === 'boolean' &&
    (r.acct === undefined || typeof r.acct === 'string');
}

const isKept = g => !!g && typeof g.key === 'string' && !!g.game && typeof g.game === 'object' &&
  Number.isInteger(g.at) && (g.level === undefined || g.level === null || LEVELS.includes(g.level));

/// The history kept in `storage`: { records, games }, both newest first.
export function loadHistory(storage) {
  let kept = null;
  try { kept = JSON.parse(storage.getItem(KEY) || 'null'); } catch (e) { kept = null; }
  const records = Array.isArray(kept?.records) ? kept.records.filter(isRecord) : [];
  const games = Array.isArray(kept?.games) ? kept.games.filter(isKept) : [];
  return {
    records: sortRecords(records).slice(0, MAX_RECORDS),
    games: games.sort((a, b) => b.at - a.at).slice(0, MAX_IN_PROGRESS),
  };
}

/// Writes `h` to `storage`; over the quota the older half of the records
/// goes first. Returns an Error if it still cannot be written.
export function saveHistory(storage, h) {
  try { storage.setItem(KEY, JSON.stringify(h)); return null; } catch (e) {
    try {
      h.records = h.records.slice(0, Math.ceil(h.records.length / 2));
      storage.setItem(KEY, JSON.stringify(h));
      return null;
    } catch (e2) { return e2; }
  }
}

const sortRecords = list => list.sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));

/// A new id for a record.
export function newId(rand = Math.random) {
  return `${Date.now().toString(36)}-${Math.floor(rand() * 2 ** 40).toString(36)}`;
}

/// The player's local date of `ms` (milliseconds since 1970), YYYY-MM-DD.
export function localDate(ms) {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/// The record of a finished `game` (game.js) at `at` with its `level` (or
/// undefined) and whether it was `solved`.
export function recordOf(game, { level, solved, at, id = newId() }) {
  const r = {
    id, puzzle: game.givens.map(v => (v ? String(v) : '.')).join(''), variant: game.variant,
    ms: Math.max(0, Math.round(game.elapsed ?? 0)), hints: game.hints ?? 0, mistakes: game.mistakes ?? 0,
    date: localDate(at), at, solved,
  };
  if (level && LEVELS.includes(level)) r.level = level;
  if (game.daily && DATE.test(game.daily)) r.daily = game.daily;
  return r;
}

/// Adds the `records` not kept yet (by id), marking them with `acct` when
/// given (records from the server); returns how many were new.
export function addRecords(h, records, acct) {
  const ids = new Set(h.records.map(r => r.id));
  let added = 0;
  for (const r of Array.isArray(records) ? records : []) {
    if (!isRecord(r) || ids.has(r.id)) continue;
    ids.add(r.id);
    h.records.push(acct === undefined ? r : { ...r, acct });
    added++;
  }
  sortRecords(h.records);
  h.records.length = Math.min(h.records.length, MAX_RECORDS);
  return added;
}

/// The records `user` may see and send: their own and those played in this
/// browser logged out; logged out (`user` null), every record kept here.
export function recordsOf(h, user) {
  return user ? h.records.filter(r => r.acct === undefined || r.acct === user) : h.records;
}

/// The records to send to `user`'s account (not known there yet: `known`
/// holds the ids the server has), as the server takes them (no `acct`),
/// in batches of at most SYNC_BATCH.
export function unsent(h, user, known) {
  const list = recordsOf(h, user).filter(r => !known.has(r.id)).map(({ acct, ...r }) => r);
  const batches = [];
  for (let k = 0; k < list.length; k += SYNC_BATCH) batches.push(list.slice(k, k + SYNC_BATCH));
  return batches;
}

/// Marks the records with `ids` as kept with `user`'s account.
export function markKept(h, user, ids) {
  for (const r of h.records) if (ids.has(r.id) && r.acct === undefined) r.acct = user;
}

/// The key of a game in progress: its puzzle and variant.
export const gameKey = game => `${game.givens.map(v => v || '.').join('')}/${game.variant}`;

/// Keeps `game` (game.js, as JSON) among the games in progress, newest
/// first, replacing an older copy of the same puzzle. Returns the game
/// pushed out past MAX_IN_PROGRESS, if one was (the caller records it as
/// given up).
export function keepInProgress(h, game, { name = '', level, at }) {
  const key = gameKey(game);
  const entry = { key, game: JSON.parse(JSON.stringify(game)), name, at };
  if (level && LEVELS.includes(level)) entry.level = level;
  const all = [entry, ...h.games.filter(g => g.key !== key)];
  h.games = all.slice(0, MAX_IN_PROGRESS);
  return all[MAX_IN_PROGRESS] || null;
}

/// Drops the game in progress with `key`; returns it (or null).
export function dropInProgress(h, key) {
  const gone = h.games.find(g => g.key === key) || null;
  h.games = h.games.filter(g => g.key !== key);
  return gone;
}

/// The record of a game in progress that the player gave up (deleted from
/// the list, or pushed out by newer ones) at `at`; null if the kept game
/// does not read back.
export function givenUp(kept, at, id) {
  let game;
  try { game = Game.fromJSON(kept.game); } catch (e) { return null; }
  return recordOf(game, { level: kept.level, solved: false, at, id });
}

const shift = (date, days) => {
  const [y, m, d] = date.split('-').map(Number);
  return localDate(new Date(y, m - 1, d + days, 12).getTime());
};
/// The day before `date` (YYYY-MM-DD).
export const dayBefore = date => shift(date, -1);

/// The `n` days up to and including `today`, newest first.
export function lastDays(today, n) {
  const out = [];
  for (let d = today, k = 0; k < n; k++, d = dayBefore(d)) out.push(d);
  return out;
}

/// The current and the best run of consecutive days in `days` (a Set of
/// YYYY-MM-DD): the current one ends today, or yesterday while today has
/// none yet.
export function streaks(days, today) {
  let best = 0;
  for (const d of days) {
    if (days.has(dayBefore(d))) continue; // not the first day of a run
    let n = 0;
    for (let at = d; days.has(at); at = shift(at, 1)) n++;
    best = Math.max(best, n);
  }
  let current = 0;
  for (let at = days.has(today) ? today : dayBefore(today); days.has(at); at = dayBefore(at)) current++;
  return { current, best };
}

/// The statistics of `records` and the games in progress `games` as of
/// `today`: per level (and '' for games with no level) games started (the
/// records and the games in progress), solved, best and average time of the
/// solved ones; the streak of days with a solved game, and of daily puzzles
/// solved on their own day; the days whose daily puzzle was solved.
export function statistics(records, games, today) {
  const byLevel = new Map();
  const of = k => {
    if (!byLevel.has(k)) byLevel.set(k, { level: k, started: 0, solved: 0, best: null, total: 0 });
    return byLevel.get(k);
  };
  for (const g of games) of(g.level || '').started++;
  for (const r of records) {
    const s = of(r.level || '');
    s.started++;
    if (r.solved) {
      s.solved++;
      s.total += r.ms;
      s.best = s.best === null ? r.ms : Math.min(s.best, r.ms);
    }
  }
  const levels = [...LEVELS, ''].filter(k => byLevel.has(k)).map(k => {
    const s = byLevel.get(k);
    return { level: k, started: s.started, solved: s.solved, best: s.best, average: s.solved ? Math.round(s.total / s.solved) : null };
  });
  const solved = records.filter(r => r.solved);
  return {
    levels,
    started: records.length + games.length,
    solved: solved.length,
    days: streaks(new Set(solved.map(r => r.date)), today),
    daily: streaks(new Set(solved.filter(r => r.daily && r.daily === r.date).map(r => r.daily)), today),
    dailySolved: new Set(solved.filter(r => r.daily).map(r => r.daily)),
  };
}

/// m:ss (or h:mm:ss) of `ms`.
export function duration(ms) {
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600), m = Math.floor(total / 60) % 60, s = total % 60;
  const two = n => String(n).padStart(2, '0');
  return h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}
