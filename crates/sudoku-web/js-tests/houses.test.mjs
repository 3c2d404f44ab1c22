// The variants' geometry the page derives from the server's houses
// (houses.js): peers, box lines, diagonals, colour groups, and refusing an
// answer that is not nine distinct cells per house.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Geometry, readVariants, cellIndex } from '../assets/houses.js';
import { VARIANTS, readJson, cell } from './common.mjs';

test('cells are read as the wire writes them', () => {
  assert.equal(cellIndex('r1c1'), 0);
  assert.equal(cellIndex('r3c5'), 22);
  assert.equal(cellIndex('r9c9'), 80);
  for (const bad of ['r0c1', 'r1c10', 'R1C1', 'r1c', '', 'x']) assert.equal(cellIndex(bad), -1, bad);
});

test('every variant comes with its peers', () => {
  assert.deepEqual([...VARIANTS.keys()], ['standard', 'diagonal', 'color', 'color-diagonal']);
  const std = VARIANTS.get('standard');
  assert.ok(std.peers.every(p => p.length === 20), 'a standard cell sees 20 others');
  assert.deepEqual(std.peers[cell('r1c1')].slice(0, 8), [1, 2, 3, 4, 5, 6, 7, 8]);
  // r1c1 sees six more cells on the main diagonal (r2c2 and r3c3 share its box).
  assert.equal(VARIANTS.get('diagonal').peers[cell('r1c1')].length, 26);
  // r5c5 is on both diagonals: 16 cells, 4 of them in its box.
  assert.equal(VARIANTS.get('diagonal').peers[cell('r5c5')].length, 32);
  assert.equal(VARIANTS.get('diagonal').peers[cell('r1c2')].length, 20);
  // A colour group adds 8 cells, 2 of them in the cell's row and 2 in its column.
  assert.ok(VARIANTS.get('color').peers.every(p => p.length === 24));
  assert.ok(VARIANTS.get('color-diagonal').peers[cell('r5c5')].includes(cell('r1c1')));
  for (const geo of VARIANTS.values()) {
    geo.peers.forEach((ps, i) => {
      assert.ok(!ps.includes(i), 'no cell is its own peer');
      for (const p of ps) assert.ok(geo.peers[p].includes(i), 'seeing is mutual');
    });
  }
});

test('box lines, diagonals and colour groups', () => {
  const std = VARIANTS.get('standard');
  const left = [...Array(81).keys()].filter(i => std.boxEdgeLeft(i)).map(i => i % 9);
  assert.deepEqual([...new Set(left)], [3, 6]);
  const top = [...Array(81).keys()].filter(i => std.boxEdgeTop(i)).map(i => Math.floor(i / 9));
  assert.deepEqual([...new Set(top)], [3, 6]);
  assert.equal(std.hasDiagonals || std.hasColors, false);
  const diag = VARIANTS.get('diagonal');
  assert.equal(diag.onDiagonal.filter(Boolean).length, 17);
  assert.ok(diag.onDiagonal[cell('r3c7')] && diag.onDiagonal[cell('r9c9')] && !diag.onDiagonal[cell('r1c2')]);
  const color = VARIANTS.get('color');
  assert.ok(color.hasColors && !color.hasDiagonals);
  // A colour group is the cells at one position inside each box.
  assert.equal(color.colorOf[cell('r1c1')], 0);
  assert.equal(color.colorOf[cell('r4c7')], 0);
  assert.equal(color.colorOf[cell('r2c3')], 5);
  assert.equal(color.colorOf[cell('r9c9')], 8);
  assert.ok(VARIANTS.get('standard').colorOf.every(g => g === -1));
});

test('an answer that is not houses is refused with the reason', () => {
  const answer = readJson('variants.json');
  const broken = structuredClone(answer);
  broken.variants[1].houses[4].cells.pop();
  assert.throws(() => readVariants(broken), /variant diagonal: house 5 is not nine distinct cells/);
  const twice = structuredClone(answer);
  twice.variants[0].houses[0].cells[1] = 'r1c1';
  assert.throws(() => readVariants(twice), /house 1 is not nine distinct cells/);
  const badName = structuredClone(answer);
  badName.variants[0].houses[0].cells[1] = '1,2';
  assert.throws(() => readVariants(badName), /house 1 is not nine distinct cells/);
  assert.throws(() => readVariants({}), /no list of variants/);
  assert.throws(() => new Geometry([]), /needs houses/);
  const noBoxes = answer.variants[0].houses.filter(h => h.kind !== 'box');
  assert.throws(() => new Geometry(noBoxes), /boxes do not cover/);
});
