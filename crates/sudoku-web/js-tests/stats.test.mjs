// The player's history (history.js, the part of the Statistics tab without
// the page): records of finished games kept once by id, newest first, a
// damaged stored copy losing only its bad records; the games in progress
// (one per puzzle, newest first, at most twelve, the one pushed out given
// up); which records an account sees and which are sent to it (never
// another account's); the statistics — per level started, solved, best and
// average time — and the streaks of days with a solved game and of daily
// puzzles solved on their day.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  loadHistory, saveHistory, recordOf, addRecords, recordsOf, unsent, markKept, keepInProgress, dropInProgress, givenUp,
  gameKey, statistics, streaks, dayBefore, lastDays, duration, isRecord, MAX_IN_PROGRESS, SYNC_BATCH,
} from '../assets/history.js';
import { Game } from '../assets/game.js';
import { MemoryStorage } from './common.mjs';

const EASY = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';
const givensOf = line => Array.from(line, c => (c === '.' ? 0 : Number(c)));
const rec = (id, date, level, ms, solved = true, extra = {}) => ({
  id, puzzle: EASY, variant: 'standard', level, ms, hints: 0, mistakes: 0, date, at: Date.parse(`${date}T12:00:00`) + ms, solved, ...extra,
});
/// A game of EASY with its first given changed to make `k` different puzzles.
function other(k) {
  const g = new Game();
  const givens = givensOf(EASY);
  givens[0] = (k % 9) + 1; givens[1] = Math.floor(k / 9) + 1;
  g.reset(givens);
  g.phase = 'solve';
  return g;
}

test('a finished game becomes a record; records are kept once, newest first, and survive storage', () => {
  const g = new Game();
  g.reset(givensOf(EASY));
  g.elapsed = 61_400; g.hints = 3; g.mistakes = 1; g.daily = '2026-11-27';
  const at = Date.parse('2026-11-27T20:00:00');
  const r = recordOf(g, { level: 'medium', solved: true, at, id: 'r1' });
  assert.deepEqual(r, { id: 'r1', puzzle: EASY, variant: 'standard', ms: 61_400, hints: 3, mistakes: 1, date: '2026-11-27', at, solved: true, level: 'medium', daily: '2026-11-27' });
  // Counts the game does not have yet are zero; an unknown level is left out.
  const bare = recordOf({ givens: g.givens, variant: 'diagonal', elapsed: 5 }, { level: 'impossible', solved: false, at, id: 'r2' });
  assert.deepEqual([bare.hints, bare.mistakes, 'level' in bare, 'daily' in bare], [0, 0, false, false]);
  assert.ok(isRecord(bare));
  const storage = new MemoryStorage();
  const h = loadHistory(storage);
  assert.equal(addRecords(h, [r, rec('r0', '2026-11-20', 'easy', 100_000)]), 2);
  assert.equal(addRecords(h, [r]), 0, 'the same game twice is kept once');
  assert.equal(saveHistory(storage, h), null);
  assert.deepEqual(loadHistory(storage).records.map(x => x.id), ['r1', 'r0']);
  // A damaged copy keeps what reads back.
  storage.setItem('history', JSON.stringify({ records: [r, { id: 'bad' }, 7, { ...r, id: 'r9', date: '2026-13-01' }], games: 'x' }));
  assert.deepEqual(loadHistory(storage), { records: [r], games: [] });
  storage.setItem('history', '{oops');
  assert.deepEqual(loadHistory(storage), { records: [], games: [] });
});

test('what the server refuses is no record here either', () => {
  const good = rec('ok', '2026-11-27', 'easy', 1000);
  assert.ok(isRecord(good));
  for (const bad of [{ id: 'a b' }, { id: 'x'.repeat(41) }, { puzzle: '123' }, { variant: 'hexagonal' }, { level: 'impossible' },
    { ms: -1 }, { ms: 31 * 24 * 3600 * 1000 }, { hints: 1.5 }, { mistakes: 100_001 }, { date: '27.11.2026' },
    { daily: '2026-02-31x' }, { at: 0 }, { solved: 'yes' }]) {
    assert.equal(isRecord({ ...good, ...bad }), false, JSON.stringify(bad));
  }
});

test('a full storage loses the older half of the records first, and says so when even that fails', () => {
  const h = { records: [], games: [] };
  for (let k = 0; k < 40; k++) addRecords(h, [rec(`r${k}`, '2026-11-01', 'easy', 1000 + k)]);
  const size = JSON.stringify(h).length;
  const storage = new MemoryStorage(Math.floor(size * 0.6));
  assert.equal(saveHistory(storage, h), null);
  assert.equal(h.records.length, 20);
  assert.equal(h.records[0].id, 'r39', 'the newest are kept');
  const tiny = new MemoryStorage(10);
  assert.match(String(saveHistory(tiny, h)), /Quota/);
});

test('games in progress: one per puzzle, newest first, at most twelve, the one pushed out given up', () => {
  const h = { records: [], games: [] };
  const g = other(0);
  keepInProgress(h, g, { name: 'a', at: 1, level: 'hard' });
  g.elapsed = 5000;
  g.entries[3] = 4;
  keepInProgress(h, g, { name: 'a again', at: 2, level: 'hard' });
  assert.equal(h.games.length, 1);
  assert.equal(h.games[0].name, 'a again');
  const back = Game.fromJSON(h.games[0].game);
  assert.deepEqual([back.elapsed, back.entries[3]], [5000, 4], 'the kept game reads back');
  let out = null;
  for (let k = 1; k <= MAX_IN_PROGRESS; k++) out = keepInProgress(h, other(k), { name: `n${k}`, at: 10 + k });
  assert.equal(h.games.length, MAX_IN_PROGRESS);
  assert.equal(h.games[0].name, `n${MAX_IN_PROGRESS}`);
  assert.equal(out.name, 'a again', 'the oldest is pushed out');
  const up = givenUp(out, Date.parse('2026-11-27T10:00:00'), 'u1');
  assert.deepEqual([up.solved, up.level, up.ms, up.date, up.puzzle === g.givens.map(v => v || '.').join('')],
    [false, 'hard', 5000, '2026-11-27', true]);
  assert.equal(givenUp({ key: 'x', game: { version: -1 }, at: 1 }, 1), null, 'a damaged kept game gives no record');
  const first = h.games[0].key;
  assert.equal(dropInProgress(h, first).name, `n${MAX_IN_PROGRESS}`);
  assert.equal(h.games[0].name, `n${MAX_IN_PROGRESS - 1}`);
  assert.equal(dropInProgress(h, first), null);
  assert.match(gameKey(g), /\/standard$/);
  // Kept newest first through storage, a damaged entry left out.
  const storage = new MemoryStorage();
  saveHistory(storage, { records: [], games: [...h.games].reverse().concat([{ key: 7 }]) });
  assert.deepEqual(loadHistory(storage).games.map(x => x.name), h.games.map(x => x.name));
});

test('an account sees its own records and this browser\'s, and is sent nothing of another account', () => {
  const h = { records: [], games: [] };
  addRecords(h, [rec('local1', '2026-11-20', 'easy', 1000), rec('local2', '2026-11-21', 'easy', 2000)]);
  addRecords(h, [rec('ann1', '2026-11-22', 'hard', 3000)], 'ann');
  assert.equal(h.records.find(r => r.id === 'ann1').acct, 'ann');
  assert.deepEqual(recordsOf(h, 'ann').map(r => r.id), ['ann1', 'local2', 'local1']);
  // Ann's server has local1 already: local2 goes, without the mark.
  const batches = unsent(h, 'ann', new Set(['ann1', 'local1']));
  assert.deepEqual(batches.map(b => b.map(r => r.id)), [['local2']]);
  assert.equal('acct' in batches[0][0], false);
  markKept(h, 'ann', new Set(['local1', 'local2']));
  // Bob logs in on the same browser: none of Ann's.
  assert.deepEqual(recordsOf(h, 'bob'), []);
  assert.deepEqual(unsent(h, 'bob', new Set()), []);
  // Logged out, the browser shows all it keeps.
  assert.equal(recordsOf(h, null).length, 3);
  // Many records go in batches the server takes.
  const many = { records: [], games: [] };
  addRecords(many, Array.from({ length: SYNC_BATCH * 2 + 1 }, (_, k) => rec(`m${k}`, '2026-11-01', 'easy', k)));
  assert.deepEqual(unsent(many, 'ann', new Set()).map(b => b.length), [SYNC_BATCH, SYNC_BATCH, 1]);
});

test('statistics per level, and streaks of days', () => {
  const records = [
    rec('a', '2026-11-25', 'easy', 300_000),
    rec('b', '2026-11-26', 'easy', 200_000, true, { daily: '2026-11-26' }),
    rec('c', '2026-11-27', 'hard', 900_000, true, { daily: '2026-11-27' }),
    rec('d', '2026-11-27', 'hard', 50_000, false),
    rec('e', '2026-11-20', undefined, 120_000),
    // An earlier day's puzzle solved later: in the archive, not the streak.
    rec('f', '2026-11-27', 'medium', 400_000, true, { daily: '2026-11-10' }),
  ];
  const games = [{ key: 'k', level: 'hard', at: 1, game: {} }];
  const st = statistics(records, games, '2026-11-28');
  assert.deepEqual(st.levels, [
    { level: 'easy', started: 2, solved: 2, best: 200_000, average: 250_000 },
    { level: 'medium', started: 1, solved: 1, best: 400_000, average: 400_000 },
    { level: 'hard', started: 3, solved: 1, best: 900_000, average: 900_000 },
    { level: '', started: 1, solved: 1, best: 120_000, average: 120_000 },
  ]);
  assert.deepEqual([st.started, st.solved], [7, 5]);
  assert.deepEqual(st.days, { current: 3, best: 3 }, 'the 25th to the 27th; today has none yet');
  assert.deepEqual(st.daily, { current: 2, best: 2 });
  assert.deepEqual([...st.dailySolved].sort(), ['2026-11-10', '2026-11-26', '2026-11-27']);
  // Today counts as soon as it has one; two days without break the run.
  assert.deepEqual(statistics(records, [], '2026-11-27').days, { current: 3, best: 3 });
  assert.deepEqual(statistics(records, [], '2026-11-29').days, { current: 0, best: 3 });
  // A gap breaks the run; the best one stays.
  assert.deepEqual(streaks(new Set(['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-27']), '2026-11-28'), { current: 1, best: 3 });
  assert.deepEqual(streaks(new Set(['2026-11-20']), '2026-11-28'), { current: 0, best: 1 });
  assert.deepEqual(streaks(new Set(), '2026-11-28'), { current: 0, best: 0 });
  // Across a month, a year and the clock change.
  assert.deepEqual(streaks(new Set(['2026-02-27', '2026-02-28', '2026-03-01']), '2026-03-01'), { current: 3, best: 3 });
  assert.deepEqual(streaks(new Set(['2026-10-24', '2026-10-25', '2026-10-26']), '2026-10-26'), { current: 3, best: 3 });
  assert.equal(dayBefore('2026-03-01'), '2026-02-28');
  assert.equal(dayBefore('2027-01-01'), '2026-12-31');
  assert.deepEqual(lastDays('2026-03-02', 3), ['2026-03-02', '2026-03-01', '2026-02-28']);
  assert.equal(duration(61_400), '1:01');
  assert.equal(duration(3_725_000), '1:02:05');
});
