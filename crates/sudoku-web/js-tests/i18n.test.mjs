// The one language layer of the pages (i18n.js): English and German have the
// same keys; every key the pages use — data-i18n… attributes in the HTML,
// t('…') in the scripts — is in the catalogues; and the German output is
// German: no English word in a German string or in the German help, a German
// string equal to its English one only where both languages share the word,
// and one German word per concept (Zeile, not Reihe; Box, not Block; Given,
// not Vorgabe; Schwierigkeitsgrad, not Schwierigkeit). Every error the server
// answers (errors.json: each code of its ErrorCode with an example of its
// args, held to the server by a Rust test in src/codes.rs) has its
// `err_<code>` sentence in both languages, the English one the server's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { CATALOGUE, LANGS, translator, setLang, t, getLang } from '../assets/i18n.js';
import { errorOf } from '../assets/api.js';
import { VARIANTS } from '../assets/game.js';
import { ASSETS, readJson } from './common.mjs';

const read = name => readFileSync(path.join(ASSETS, name), 'utf8');
const HTML = ['index.html', 'explain.html'];
const SCRIPTS = readdirSync(ASSETS).filter(f => f.endsWith('.js') && f !== 'sw.js');

/// Every error answer the server can give, by code: {code, status, error, args}.
const ERRORS = new Map(readJson('errors.json').codes.map(e => [e.code, e]));
const isError = key => key.startsWith('err_');

/// The values a key can take: a string, or what its function makes of a
/// singular and a plural count (and of two numbers, for two arguments); an
/// error's sentence of its example args.
function outputs(key, v) {
  if (typeof v !== 'function') return [v];
  if (isError(key)) return [v(ERRORS.get(key.slice(4))?.args ?? {})];
  return [v(1, 1), v(2, 3), v(12, 5)];
}

// Keys built from a prefix and a value the server or the game sends: the
// trainer's five levels (the API's `level`), a saved puzzle's status (the
// store's), the variants, and the codes of the server's errors.
const DOMAINS = {
  lvl_: ['easy', 'medium', 'hard', 'very-hard', 'extremely-hard'],
  status_: ['unsolved', 'in-progress', 'solved'],
  // The search's phases (sudoku-trainer's Phase, kebab-case on the wire).
  phase_: ['forward', 'backward', 'solved', 'exhausted'],
  v_: VARIANTS,
  err_: [...ERRORS.keys()],
};

test('English and German have the same keys, of the same kind', () => {
  assert.deepEqual(LANGS, ['en', 'de']);
  const { en, de } = CATALOGUE;
  assert.deepEqual(Object.keys(en).filter(k => !(k in de)), [], 'keys missing in German');
  assert.deepEqual(Object.keys(de).filter(k => !(k in en)), [], 'keys missing in English');
  for (const k of Object.keys(en)) {
    // An error's sentence may be fixed in one language and made of the
    // args in the other (the German one leaves out English details).
    if (!isError(k)) {
      assert.equal(typeof de[k], typeof en[k], `${k}: a string in one language, a function in the other`);
      if (typeof en[k] === 'function') assert.equal(de[k].length, en[k].length, `${k}: arguments`);
    }
    for (const lang of LANGS) {
      for (const out of outputs(k, CATALOGUE[lang][k])) {
        assert.equal(typeof out, 'string', `${lang}.${k}`);
        assert.ok(out.trim().length > 0, `${lang}.${k} is empty`);
        assert.doesNotMatch(out, /undefined|null|NaN|\[object/, `${lang}.${k}: an arg the sentence does not have`);
      }
    }
  }
});

test('every key the pages use is in the catalogues', () => {
  const used = new Map(); // key → where
  const use = (key, where) => { if (!used.has(key)) used.set(key, where); };
  for (const name of HTML) {
    for (const m of read(name).matchAll(/data-i18n(?:-placeholder|-aria-label|-title)?="([^"]*)"/g)) use(m[1], name);
  }
  const dynamic = [];
  for (const name of SCRIPTS) {
    const src = read(name);
    for (const m of src.matchAll(/\bt\(\s*'([^']+)'\s*([,)+])/g)) {
      if (m[2] === '+') {
        if (!DOMAINS[m[1]]) dynamic.push(`${name}: t('${m[1]}' + …) has no domain in this test`);
        else for (const v of DOMAINS[m[1]]) use(m[1] + v, `${name} (${m[1]}…)`);
      } else use(m[1], name);
    }
    for (const m of src.matchAll(/translator\([^)]*\)\(\s*'([^']+)'/g)) use(m[1], name);
    // A key the test cannot read is a key it cannot check: only i18n.js
    // itself looks up keys named by the HTML.
    if (name !== 'i18n.js') {
      for (const m of src.matchAll(/\bt\(\s*([^'\s)][^,)]*)/g)) dynamic.push(`${name}: t(${m[1]}…)`);
    }
  }
  assert.deepEqual(dynamic, [], 'keys computed where the test cannot follow');
  assert.ok(used.size > 100, `only ${used.size} keys found: the scan is broken`);
  for (const lang of LANGS) {
    const missing = [...used].filter(([k]) => !(k in CATALOGUE[lang])).map(([k, where]) => `${k} (${where})`);
    assert.deepEqual(missing, [], `keys used but missing in ${lang}`);
  }
  // …and the scan finds what it must: the tab names, the level words, the
  // aria-labels and the printable path's strings.
  for (const k of ['tabTrainer', 'lvl_extremely-hard', 'v_color-diagonal', 'gridLabel', 'pathUnsolved', 'tour3', 'err_busy']) {
    assert.ok(used.has(k), `${k} not found in the pages`);
  }
});

// English words that are not German (the seeds' own terms — Givens, Solver,
// Single, Hidden Single, Lazy, Init, Start, Stop, Pause, Status, Puzzle,
// Link, Trainer, Box, Name — are German here).
const ENGLISH = new Set(`the a and or of to is are be with for from by your you this that not no yes here there
  row rows column columns cell cells digit digits number numbers entry entries candidate candidates
  mark marks note notes hint hints solve solved solution check undo redo save saved load delete deleted print
  wrong empty left next previous close copy copied welcome skip done back step steps level levels point points
  time speed new loading open grid password login logout register database help language path found
  computing generating pasted strict none define variant date`.split(/\s+/).filter(Boolean));
// Where German uses one word for a concept, the others must not appear.
const SYNONYMS = { Reihe: 'Zeile', Reihen: 'Zeilen', Block: 'Box', Blöcke: 'Boxen', Blocks: 'Boxen',
  Vorgabe: 'Given', Vorgaben: 'Givens', vorgegeben: 'Given', Schwierigkeit: 'Schwierigkeitsgrad',
  Nummer: 'Zahl', Nummern: 'Zahlen', Haus: 'Gruppe', Häuser: 'Gruppen', Rätsel: 'Puzzle' };
// Keys whose German is the English word (words both languages use).
const SAME = new Set(['puzzle', 'init', 'start', 'pause', 'stop', 'namePh', 'c_name', 'accName', 'c_givens', 'c_status',
  'v_standard', 'v_diagonal', 'reasonOf', 'linkIs', 'tourOf', 'pathBack', 'se', 'hodoku', 'tabTrainerShort', 'setStandard', 'brInner']);

const words = text => text.split(/[^\p{L}]+/u).filter(Boolean);
/// An error's sentence without its quoted data (a parameter's name and
/// value, a field's path): what is left must be German.
const prose = text => text.replace(/'[^']*'|`[^`]*`/g, ' ');
function notGerman(text) {
  const out = [];
  for (const w of words(text)) {
    if (ENGLISH.has(w.toLowerCase())) out.push(w);
    if (SYNONYMS[w]) out.push(`${w} (say ${SYNONYMS[w]})`);
  }
  return out;
}

test('German strings are German', () => {
  const { en, de } = CATALOGUE;
  const bad = [];
  for (const k of Object.keys(de)) {
    for (const out of outputs(k, de[k])) {
      const found = notGerman(isError(k) ? prose(out) : out);
      if (found.length) bad.push(`${k}: ${JSON.stringify(out)}: ${found.join(', ')}`);
    }
    if (JSON.stringify(outputs(k, de[k])) === JSON.stringify(outputs(k, en[k])) && !SAME.has(k)) {
      bad.push(`${k}: ${JSON.stringify(outputs(k, de[k])[0])} is the English text`);
    }
  }
  assert.deepEqual(bad, []);
});

test('every error the server answers has its sentence in both languages, the English one the server\'s', () => {
  assert.ok(ERRORS.size >= 40, `only ${ERRORS.size} codes in errors.json`);
  for (const lang of LANGS) {
    const keys = Object.keys(CATALOGUE[lang]).filter(isError).map(k => k.slice(4));
    assert.deepEqual(keys.filter(c => !ERRORS.has(c)), [], `err_ entries in ${lang} for codes the server does not have`);
    assert.deepEqual([...ERRORS.keys()].filter(c => !keys.includes(c)), [], `codes without an err_ entry in ${lang}`);
  }
  for (const [code, e] of ERRORS) {
    assert.equal(translator('en')('err_' + code, e.args), e.error, `err_${code}: the server says it otherwise`);
    assert.equal(typeof e.status, 'number');
  }
});

test('an error answer becomes an Error in the page\'s language, keeping code, args and status', () => {
  const busy = ERRORS.get('busy');
  setLang('de');
  let e = errorOf(busy.status, busy);
  assert.equal(e.message, 'Der Server ist ausgelastet: innerhalb der 30 s dieser Anfrage wurde kein Rechenplatz frei; bitte noch einmal versuchen.');
  assert.equal(e.code, 'busy');
  assert.deepEqual(e.args, { budget: 30 });
  assert.equal(e.status, 503);
  const clash = ERRORS.get('givens-clash');
  assert.equal(errorOf(422, clash).message, 'Die Givens sind widerspruchsvoll: die 5 steht zweimal in Zeile 3 (r3c2, r3c8).');
  const bad = ERRORS.get('invalid-request');
  assert.equal(errorOf(422, bad).message, 'Ungültiger Wert in der Anfrage bei `search.stack[3].move.cell`.');
  assert.equal(errorOf(503, ERRORS.get('generate-timeout')).message,
    'In 30 s wurde kein Puzzle (Farbe + diagonal, Sehr schwer) gefunden; bitte noch einmal versuchen.');
  setLang('en');
  assert.equal(errorOf(422, clash).message, 'the givens clash: two 5s in row 3 (r3c2, r3c8)');
  // Only an answer the page cannot read shows the server's words.
  e = errorOf(418, { error: 'a new error', code: 'no-such-code', args: {} });
  assert.equal(e.message, 'a new error');
  assert.equal(errorOf(502, { error: 'HTTP 502' }).message, 'HTTP 502');
});

test('the German help is German', () => {
  const html = read('index.html');
  const start = html.indexOf('<article lang="de"');
  assert.ok(start > 0, 'the German help article');
  const text = html.slice(start, html.indexOf('</article>', start))
    .replace(/<code>.*?<\/code>/gs, ' ').replace(/<[^>]*>/g, ' ').replace(/&[a-z]+;/g, ' ');
  assert.ok(text.length > 5000, 'the whole article');
  assert.deepEqual([...new Set(notGerman(text))], []);
});

test('the check can fail: English and a second word for a concept are found', () => {
  assert.deepEqual(notGerman('Check the entries'), ['Check', 'the', 'entries']);
  assert.deepEqual(notGerman('in einer Reihe oder einem Block'), ['Reihe (say Zeile)', 'Block (say Box)']);
  assert.deepEqual(notGerman('Zeile 3, Spalte 5, Box 2: Kandidaten'), []);
});

test('a lookup: the page\'s language, counts filled in, an unknown key shows itself', () => {
  assert.equal(setLang('de'), 'de');
  assert.equal(getLang(), 'de');
  assert.equal(t('wrongN', 1), '1 falsch gesetzte Zahl (rot umrandet).');
  assert.equal(t('wrongN', 2), '2 falsch gesetzte Zahlen (rot umrandet).');
  assert.equal(t('a_row'), 'Zeile');
  assert.equal(setLang('fr'), 'en');
  assert.equal(t('wrongN', 2), '2 wrong entries (framed red).');
  assert.equal(t('no-such-key'), 'no-such-key');
  assert.equal(translator('de')('hint'), 'Tipp');
});
