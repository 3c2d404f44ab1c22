// A big step in parts (branches.js), on forcing steps as the server sends
// them (forcing.json: a nested forcing chain with four branches, a cell
// forcing chain) and on the smaller steps of steps.json: no part draws more
// than MAX_SHAPES shapes; the parts of a forcing step take every implication
// of every branch once, in order, each arrow between two drawn candidates;
// the overview and each branch's last part show the result; a nested
// deduction is named by its technique's display name; a small step is not
// cut; a long chain is cut into its links with the result on each part.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { frames, implication, houseOf, MAX_SHAPES } from '../assets/branches.js';
import { translator } from '../assets/i18n.js';
import { readJson } from './common.mjs';

const forcing = readJson('forcing.json').steps;
const small = readJson('steps.json').steps;
const en = translator('en');
const de = translator('de');
const NAMES = { 'hidden-pair': { en: 'Hidden pair', de: 'Verstecktes Paar' }, pointing: { en: 'Pointing', de: 'Zeilen-/Spalten-Test' } };
const named = lang => name => NAMES[name]?.[lang] || name;
const key = (cells, digit) => `${[cells].flat().join(',')}/${digit}`;

for (const step of forcing) {
  test(`${step.technique}: every part within ${MAX_SHAPES} shapes, every implication once, in order`, () => {
    assert.ok(step.shapes.length > MAX_SHAPES, 'the whole step is too big to take in at once');
    const parts = frames(step, en, named('en'));
    assert.ok(parts && parts.length > step.forcing.branches.length, 'an overview and at least one part per branch');
    for (const p of parts) assert.ok(p.shapes.length <= MAX_SHAPES, `${p.shapes.length} shapes: ${p.text.slice(0, 60)}`);
    // The overview: the assumptions and the result.
    const result = step.shapes.filter(s => s.role === 'eliminated' || s.role === 'placed');
    assert.ok(result.length > 0);
    for (const r of result) assert.ok(parts[0].shapes.includes(r), 'the overview shows the result');
    assert.equal(parts[0].shapes.filter(s => s.role === 'assumption').length, step.forcing.branches.length);
    // The branches' parts cover each branch's nodes in order, once.
    const covered = step.forcing.branches.map(() => 0);
    for (const p of parts.slice(1)) {
      const { branch, from, to } = p.part;
      assert.equal(from, covered[branch], `branch ${branch + 1} goes on where it stopped`);
      assert.ok(to > from);
      covered[branch] = to;
      const drawn = new Set(p.shapes.filter(s => s.shape === 'mark').map(s => key(s.cell, s.digit)));
      for (const a of p.shapes.filter(s => s.shape === 'arrow')) {
        assert.ok(drawn.has(key(a.from.cells, a.from.digit)) && drawn.has(key(a.to.cells, a.to.digit)), 'an arrow joins two drawn candidates');
      }
      const branch_ = step.forcing.branches[branch];
      for (let n = from; n < to; n++) assert.ok(drawn.has(key(branch_.nodes[n].cell, branch_.nodes[n].digit)), `node ${n} is drawn`);
      if (to === branch_.nodes.length) for (const r of result) assert.ok(p.shapes.includes(r), 'a branch ends with the result');
      assert.match(p.text, new RegExp(`^Branch ${branch + 1} of ${step.forcing.branches.length} \\(r\\dc\\d is \\d\\), implications ${from + 1}–${to} of ${branch_.nodes.length}:`));
    }
    assert.deepEqual(covered, step.forcing.branches.map(b => b.nodes.length), 'every implication is shown');
  });
}

test('a nested deduction is named by its technique, in both languages', () => {
  const step = forcing[0];
  const textEn = frames(step, en, named('en')).map(p => p.text).join('\n');
  assert.match(textEn, /r9c8 is not 2 \(by Hidden pair\)/);
  assert.match(textEn, /r2c9 is not 2 \(by Pointing\)/);
  assert.match(textEn, /r9c7 is not 6 \(same cell\)/);
  assert.match(textEn, /So r2c9 is not 2\./);
  const textDe = frames(step, de, named('de')).map(p => p.text).join('\n');
  assert.match(textDe, /r9c8 ist nicht die 2 \(durch Verstecktes Paar\)/);
  assert.match(textDe, /Zweig 1 von 4 \(r9c7 ist die 1\), Folgerungen 1–/);
  assert.doesNotMatch(textDe, /undefined|same|by /);
});

test('the words of each kind of implication', () => {
  const node = (cause, extra = {}) => ({ cell: 'r2c3', digit: 4, on: cause === 'naked-single' || cause === 'hidden-single', cause, parents: [], ...extra });
  assert.equal(implication(node('assumption'), en), 'suppose r2c3 is 4');
  assert.equal(implication(node('same-house', { house: 'column 3' }), en), 'r2c3 is not 4 (same column)');
  assert.equal(implication(node('hidden-single', { house: 'box 1' }), de), 'r2c3 ist die 4 (einziger Platz in Box 1)');
  assert.equal(implication(node('naked-single'), en), 'r2c3 is 4 (last candidate of the cell)');
  assert.equal(implication(node('same-house', { house: 'main diagonal' }), de), 'r2c3 ist nicht die 4 (gleiche Diagonale)');
  assert.deepEqual(houseOf('colour group 7'), { kind: 'color', number: 7 });
  assert.equal(houseOf('nowhere'), null);
});

test('a small step is shown whole; a long chain is cut into its links, each part with the result', () => {
  for (const step of Object.values(small)) assert.equal(frames(step, en), null, step.technique);
  // A chain of 20 links: 20 arrows and 21 marks, and one elimination.
  const cells = Array.from({ length: 21 }, (_, k) => `r${1 + (k % 9)}c${1 + Math.floor(k / 9)}`);
  const marks = cells.map(c => ({ shape: 'mark', cell: c, digit: 5, role: 'on' }));
  const arrows = cells.slice(1).map((c, k) => ({ shape: 'arrow', from: { cells: [cells[k]], digit: 5 }, to: { cells: [c], digit: 5 }, kind: k % 2 ? 'weak' : 'strong' }));
  const elim = { shape: 'mark', cell: 'r9c9', digit: 5, role: 'eliminated' };
  const parts = frames({ shapes: [...marks, ...arrows, elim] }, en);
  assert.ok(parts.length >= 2);
  for (const p of parts) {
    assert.ok(p.shapes.length <= MAX_SHAPES);
    assert.ok(p.shapes.includes(elim));
  }
  assert.deepEqual(parts.flatMap(p => p.shapes.filter(s => s.shape === 'arrow')), arrows, 'every link once, in order');
  assert.equal(parts[1].text, `The links, part 2 of ${parts.length}.`);
});

test('a nested forcing step can be opened: the parts name the inner steps, which come in parts of their own', () => {
  const step = forcing[2];
  assert.ok(step.forcing.nested.length > 0);
  const parts = frames(step, en, named('en'));
  const inner = parts.flatMap(p => p.inner || []);
  assert.ok(inner.length > 0, 'some part rests on an inner forcing step');
  for (const x of inner) {
    assert.match(x.cell, /^r\dc\d$/);
    const sub = frames({ forcing: x.forcing, shapes: [] }, en, named('en'));
    assert.ok(sub && sub.length >= 2, 'the inner step has an overview and parts');
    for (const p of sub) assert.ok(p.shapes.length <= MAX_SHAPES);
    // Its result is its conclusion, drawn without a drawing from the server.
    const c = x.forcing.conclusion;
    assert.ok(sub[0].shapes.some(s => s.cell === c.cell && s.digit === c.digit && s.role === (c.on ? 'placed' : 'eliminated')));
  }
  assert.match(parts.map(p => p.text).join('\n'), /\(by [^)]*forcing[^)]* ▸\)/i);
});
