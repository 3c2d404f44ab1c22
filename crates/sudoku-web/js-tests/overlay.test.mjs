// A hint's drawing (overlay.js): steps as the server sends them (steps.json:
// a grouped nice loop, an X-Wing, an ALS-XZ) planned over a grid of 50-pixel
// cells, without a browser — every shape drawn once in its layer, marks on
// their candidates, strong links solid and weak ones dashed, a fish's base
// and cover houses as bands, a diagonal cell by cell, sets labelled.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { plan } from '../assets/overlay.js';
import { readJson } from './common.mjs';

const { steps } = readJson('steps.json');
const SIZE = 50;
const layout = {
  width: 9 * SIZE, height: 9 * SIZE,
  cellBox: i => (i >= 0 && i < 81 ? { x: (i % 9) * SIZE, y: Math.floor(i / 9) * SIZE, w: SIZE, h: SIZE } : null),
};
const LAYERS = ['house', 'cell', 'set', 'mark', 'group', 'arrow'];

/// The plan's layers by name.
function layers(shapes, id = 'ov') {
  const [defs, ...groups] = plan(shapes, layout, id);
  assert.equal(defs.tag, 'defs');
  assert.deepEqual(groups.map(g => g.attrs.class), LAYERS.map(k => 'overlay-' + k));
  return Object.fromEntries(LAYERS.map((k, n) => [k, groups[n].children]));
}
/// The centre of candidate d of cell "rXcY" on the test's grid.
function centre(name, d) {
  const r = Number(name[1]) - 1, c = Number(name[3]) - 1;
  return { x: c * SIZE + (((d - 1) % 3) + 0.5) * SIZE / 3, y: r * SIZE + (Math.floor((d - 1) / 3) + 0.5) * SIZE / 3 };
}
const close = (a, b, what) => assert.ok(Math.abs(a - b) < 1e-6, `${what}: ${a} is not ${b}`);

test('every shape of a step is drawn once, in its layer', () => {
  for (const [name, step] of Object.entries(steps)) {
    const l = layers(step.shapes);
    for (const k of LAYERS) {
      assert.equal(l[k].length, step.shapes.filter(s => s.shape === k).length, `${name}: ${k}`);
    }
  }
});

test('a grouped nice loop: links as arrows between candidates, the group node, the struck candidate', () => {
  const l = layers(steps['grouped-nice-loop'].shapes);
  const kinds = l.arrow.map(a => a.attrs['data-kind']);
  assert.deepEqual(kinds, ['strong', 'weak', 'strong', 'weak', 'strong']);
  for (const a of l.arrow) {
    assert.equal(a.tag, 'path');
    assert.equal(a.attrs['marker-end'], 'url(#ov-head)');
    assert.equal('stroke-dasharray' in a.attrs, a.attrs['data-kind'] === 'weak', 'weak links are dashed, strong ones solid');
  }
  // The first link leaves (6)r8c7 at its ring: the path starts one radius from the candidate.
  const [x, y] = l.arrow[0].attrs.d.slice(1).split('Q')[0].split(',').map(Number);
  const from = centre('r8c7', 6);
  close(Math.hypot(x - from.x, y - from.y), SIZE / 6.4, 'start off the ring');
  // The group node (9)r1c7,r3c7 is one rectangle around both candidates.
  const [g] = l.group;
  assert.equal(g.attrs['data-digit'], 9);
  const a = centre('r1c7', 9), b = centre('r3c7', 9);
  assert.ok(g.attrs.x < a.x && g.attrs.x + g.attrs.width > a.x);
  assert.ok(g.attrs.y < a.y && g.attrs.y + g.attrs.height > b.y);
  // Marks sit on their candidates; the eliminated 9 of r8c7 is a ring and a cross.
  const off = l.mark.find(m => m.attrs['data-role'] === 'off' && m.attrs['data-cell'] === 'r8c7');
  close(off.attrs.cx, centre('r8c7', 6).x, 'cx'); close(off.attrs.cy, centre('r8c7', 6).y, 'cy');
  const struck = l.mark.find(m => m.attrs['data-role'] === 'eliminated');
  assert.deepEqual([struck.tag, struck.attrs['data-cell'], struck.attrs['data-digit']], ['g', 'r8c7', 9]);
  assert.deepEqual(struck.children.map(c => c.tag), ['circle', 'path']);
  const [target] = l.cell;
  assert.deepEqual([target.attrs.x, target.attrs.y, target.attrs['data-role']], [6 * SIZE, 7 * SIZE, 'target']);
});

test('an X-Wing: base columns and cover rows as bands, the cover dashed', () => {
  const l = layers(steps['x-wing'].shapes);
  assert.deepEqual(l.house.map(h => [h.tag, h.attrs['data-role'], h.attrs['data-house']]), [
    ['rect', 'base', 'column 3'], ['rect', 'base', 'column 8'], ['rect', 'cover', 'row 5'], ['rect', 'cover', 'row 9'],
  ]);
  const col3 = l.house[0].attrs;
  assert.ok(col3.x > 2 * SIZE && col3.x + col3.width < 3 * SIZE, 'column 3 lies in the third column');
  assert.ok(col3.height > 8 * SIZE, 'and runs the grid\'s height');
  assert.equal(col3['stroke-dasharray'], 'none');
  assert.notEqual(l.house[2].attrs['stroke-dasharray'], 'none');
  assert.equal(l.mark.filter(m => m.attrs['data-role'] === 'eliminated').length, 2);
});

test('an ALS-XZ: each set outlined cell by cell and labelled in its own colour', () => {
  const l = layers(steps['als-xz'].shapes);
  assert.deepEqual(l.set.map(s => s.attrs['data-label']), ['A', 'B']);
  const [a, b] = l.set;
  assert.equal(a.children.filter(c => c.tag === 'rect').length, 3);
  assert.equal(b.children.filter(c => c.tag === 'rect').length, 2);
  const label = a.children.find(c => c.tag === 'text');
  assert.equal(label.text, 'A');
  assert.notEqual(a.children[0].attrs.stroke, b.children[0].attrs.stroke);
  assert.equal(l.mark.filter(m => m.attrs['data-role'] === 'alt').length, 3);
});

test('a diagonal is framed cell by cell; unknown shapes and cells are left out', () => {
  const diagonal = Array.from({ length: 9 }, (_, k) => `r${k + 1}c${k + 1}`);
  const l = layers([
    { shape: 'house', name: 'main diagonal', role: 'base', cells: diagonal },
    { shape: 'mark', cell: 'r0c0', digit: 5, role: 'on' },
    { shape: 'sparkle', cell: 'r1c1' },
    { shape: 'mark', cell: 'r2c2', digit: 5, role: 'assumption' },
  ]);
  assert.equal(l.house[0].tag, 'g');
  assert.equal(l.house[0].children.length, 9);
  assert.deepEqual(l.mark.map(m => m.attrs['data-role']), ['assumption']);
  assert.ok(LAYERS.every(k => k === 'house' || k === 'mark' || l[k].length === 0));
});

test('the arrow head is named after the layer', () => {
  const [defs] = plan([], layout, 'ov7');
  assert.equal(defs.children[0].attrs.id, 'ov7-head');
});
