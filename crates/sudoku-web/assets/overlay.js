// Shapes → SVG: one layer over the grid that draws what a hint's step is made
// of. The server sends the step as data (sudoku-explain's shapes): highlighted
// cells, marked candidates, link arrows and groups, cells written "r3c5". This
// module knows only where a cell and a candidate sit on the page (candidates
// are laid out 3×3 inside a cell, 1 top left, 9 bottom right) and how each role
// looks. `plan` turns shapes and a layout (where each cell's box is) into a
// tree of SVG nodes without touching the DOM — the unit tests
// (js-tests/overlay.test.mjs) check it under node; an `Overlay` measures its
// grid, mounts the plan in one layer, and redraws the last shapes when the
// grid changes size. An `Overlay` draws over one grid (the trainer's, or each
// small grid of the printable solution path); `attach`/`draw` serve the
// trainer's grid.

import { cellIndex } from './houses.js';

const SVG = 'http://www.w3.org/2000/svg';

// How each role looks. Colours follow the page: green true, red false or
// removed, blue for the pattern, orange for its other side.
const CELL_FILL = {
  pattern: 'rgba(29, 78, 216, 0.10)',
  target: 'rgba(224, 168, 0, 0.22)',
  fin: 'rgba(145, 30, 180, 0.16)',
  hinge: 'rgba(245, 130, 49, 0.22)',
};
const ARROW = '#1d4ed8';

export { cellIndex };

/// A node of the drawing: an SVG element's tag, attributes, children and
/// text. `plan` makes a tree of them; `mount` writes one into the page.
function el(tag, attrs, parent) {
  const e = { tag, attrs, children: [] };
  if (parent) parent.children.push(e);
  return e;
}

/// Creates the SVG elements of `node` (and its children) under `parent`.
export function mount(node, parent) {
  const e = document.createElementNS(SVG, node.tag);
  for (const [k, v] of Object.entries(node.attrs)) e.setAttribute(k, String(v));
  if (node.text !== undefined) e.textContent = node.text;
  for (const c of node.children) mount(c, e);
  parent.appendChild(e);
  return e;
}

const HOUSE_STYLE = {
  base: { fill: 'rgba(29, 78, 216, 0.07)', stroke: '#1d4ed8' },
  cover: { fill: 'rgba(245, 130, 49, 0.07)', stroke: '#c25e00' },
};
const SET_COLORS = ['#1d4ed8', '#c25e00', '#1a7f37', '#8a2be2', '#b8860b', '#d11a2a'];

/// The centre of candidate `digit` in cell `i`, and the radius of its ring.
function candidate(layout, i, digit) {
  const b = layout.cellBox(i);
  if (!b) return null;
  const col = (digit - 1) % 3, row = Math.floor((digit - 1) / 3);
  return { x: b.x + (col + 0.5) * b.w / 3, y: b.y + (row + 0.5) * b.h / 3, r: Math.min(b.w, b.h) / 6.4 };
}

/// The centre of a chain node (one candidate or a group of them).
function nodePoint(layout, node) {
  const pts = node.cells.map(cellIndex).filter(i => i >= 0).map(i => candidate(layout, i, node.digit)).filter(Boolean);
  if (!pts.length) return null;
  const x = pts.reduce((s, p) => s + p.x, 0) / pts.length, y = pts.reduce((s, p) => s + p.y, 0) / pts.length;
  return { x, y, r: pts.length > 1 ? pts[0].r * 1.3 : pts[0].r };
}

/// The bounding box of some cells.
function cellsBox(layout, names) {
  const boxes = names.map(cellIndex).filter(i => i >= 0).map(i => layout.cellBox(i)).filter(Boolean);
  if (!boxes.length) return null;
  const x0 = Math.min(...boxes.map(b => b.x)), y0 = Math.min(...boxes.map(b => b.y));
  const x1 = Math.max(...boxes.map(b => b.x + b.w)), y1 = Math.max(...boxes.map(b => b.y + b.h));
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

function drawCell(layout, g, s) {
  const b = layout.cellBox(cellIndex(s.cell));
  if (!b) return;
  el('rect', { x: b.x, y: b.y, width: b.w, height: b.h, fill: CELL_FILL[s.role] || CELL_FILL.pattern,
    'data-shape': 'cell', 'data-role': s.role }, g);
}

/// A fish's base (blue) or cover (orange) house: a tinted band with a
/// dashed edge; a house's cells need not be a rectangle (boxes are, lines
/// are; diagonals and colour groups are drawn cell by cell).
function drawHouse(layout, g, s, width) {
  const style = HOUSE_STYLE[s.role] || HOUSE_STYLE.base;
  const boxes = s.cells.map(cellIndex).filter(i => i >= 0).map(i => layout.cellBox(i)).filter(Boolean);
  const b = cellsBox(layout, s.cells);
  if (!b) return;
  const inset = s.role === 'cover' ? width * 2.5 : width;
  const attrs = { fill: style.fill, stroke: style.stroke, 'stroke-width': width,
    'stroke-dasharray': s.role === 'cover' ? `${width * 3} ${width * 2}` : 'none',
    'data-shape': 'house', 'data-role': s.role, 'data-house': s.name || '' };
  // Rows, columns and boxes fill their bounding box: one band. Diagonals
  // and colour groups do not: a frame per cell.
  const area = boxes.reduce((sum, c) => sum + c.w * c.h, 0);
  if (b.w * b.h <= area * 1.3) {
    el('rect', { ...attrs, x: b.x + inset, y: b.y + inset, width: b.w - 2 * inset, height: b.h - 2 * inset, rx: width * 2 }, g);
  } else {
    const grp = el('g', attrs, g);
    for (const c of boxes) el('rect', { x: c.x + inset, y: c.y + inset, width: c.w - 2 * inset, height: c.h - 2 * inset }, grp);
  }
}

/// A set of cells taken together (an almost locked set, a petal): a
/// coloured outline on each cell with the set's label in the first.
function drawSet(layout, g, s, width, k) {
  const color = SET_COLORS[k % SET_COLORS.length];
  const grp = el('g', { 'data-shape': 'set', 'data-label': s.label || '' }, g);
  let first = null;
  for (const name of s.cells) {
    const c = layout.cellBox(cellIndex(name));
    if (!c) continue;
    first = first || c;
    const inset = width * 1.5;
    el('rect', { x: c.x + inset, y: c.y + inset, width: c.w - 2 * inset, height: c.h - 2 * inset, rx: width * 3,
      fill: 'none', stroke: color, 'stroke-width': width * 1.2 }, grp);
  }
  if (first && s.label) {
    const t = el('text', { x: first.x + width * 3, y: first.y + first.h - width * 2.5, 'font-size': first.h / 4,
      fill: color, 'font-weight': 700 }, grp);
    t.text = s.label;
  }
}

function drawMark(layout, g, s) {
  const p = candidate(layout, cellIndex(s.cell), s.digit);
  if (!p) return;
  const attrs = { cx: p.x, cy: p.y, r: p.r, 'data-shape': 'mark', 'data-role': s.role, 'data-cell': s.cell, 'data-digit': s.digit };
  const sw = Math.max(1.5, p.r / 4);
  switch (s.role) {
    case 'on': el('circle', { ...attrs, fill: 'rgba(26, 158, 58, 0.18)', stroke: '#1a9e3a', 'stroke-width': sw }, g); break;
    case 'off': el('circle', { ...attrs, fill: 'rgba(209, 26, 42, 0.10)', stroke: '#d11a2a', 'stroke-width': sw }, g); break;
    case 'assumption': el('circle', { ...attrs, fill: 'rgba(29, 78, 216, 0.20)', stroke: '#1d4ed8', 'stroke-width': sw * 1.4 }, g); break;
    case 'placed': el('circle', { ...attrs, fill: 'rgba(26, 158, 58, 0.45)', stroke: '#0d5e1c', 'stroke-width': sw }, g); break;
    case 'eliminated': {
      const c = el('g', { 'data-shape': 'mark', 'data-role': 'eliminated', 'data-cell': s.cell, 'data-digit': s.digit }, g);
      el('circle', { cx: p.x, cy: p.y, r: p.r, fill: 'rgba(209, 26, 42, 0.22)', stroke: 'none' }, c);
      const d = p.r * 0.8;
      el('path', { d: `M${p.x - d},${p.y - d}L${p.x + d},${p.y + d}M${p.x - d},${p.y + d}L${p.x + d},${p.y - d}`,
        stroke: '#d11a2a', 'stroke-width': sw, 'stroke-linecap': 'round' }, c);
      break;
    }
    case 'alt': el('circle', { ...attrs, fill: 'rgba(245, 130, 49, 0.35)', stroke: 'none' }, g); break;
    default: el('circle', { ...attrs, fill: 'rgba(29, 78, 216, 0.22)', stroke: 'none' }, g);
  }
}

function drawGroup(layout, g, s) {
  const pts = s.cells.map(cellIndex).filter(i => i >= 0).map(i => candidate(layout, i, s.digit)).filter(Boolean);
  if (!pts.length) return;
  const r = pts[0].r * 1.15;
  const x0 = Math.min(...pts.map(p => p.x)) - r, x1 = Math.max(...pts.map(p => p.x)) + r;
  const y0 = Math.min(...pts.map(p => p.y)) - r, y1 = Math.max(...pts.map(p => p.y)) + r;
  el('rect', { x: x0, y: y0, width: x1 - x0, height: y1 - y0, rx: r, fill: 'rgba(29, 78, 216, 0.10)',
    stroke: '#1d4ed8', 'stroke-width': Math.max(1.2, r / 5), 'stroke-dasharray': `${r / 2} ${r / 3}`,
    'data-shape': 'group', 'data-digit': s.digit }, g);
}

function drawArrow(layout, g, s, width, id) {
  const a = nodePoint(layout, s.from), b = nodePoint(layout, s.to);
  if (!a || !b) return;
  const dx = b.x - a.x, dy = b.y - a.y, len = Math.hypot(dx, dy);
  if (len < 1) return;
  const ux = dx / len, uy = dy / len;
  // Leave the candidates' rings free, and bend the arrow a little so that
  // arrows along one line and arrows inside a cell stay apart.
  const x1 = a.x + ux * a.r, y1 = a.y + uy * a.r, x2 = b.x - ux * (b.r + width), y2 = b.y - uy * (b.r + width);
  // Bend towards the middle of the grid, so arrows along an edge stay inside.
  const bend = Math.min(len * 0.18, width * 12);
  const cx = layout.width / 2, cy = layout.height / 2;
  const ax = (x1 + x2) / 2, ay = (y1 + y2) / 2;
  const side = (-uy) * (cx - ax) + ux * (cy - ay) >= 0 ? 1 : -1;
  const mx = ax - uy * bend * side, my = ay + ux * bend * side;
  const attrs = { d: `M${x1},${y1}Q${mx},${my} ${x2},${y2}`, fill: 'none', stroke: ARROW, 'stroke-width': width,
    'marker-end': `url(#${id}-head)`, 'data-shape': 'arrow', 'data-kind': s.kind, 'stroke-linecap': 'round' };
  if (s.kind === 'weak') attrs['stroke-dasharray'] = `${width * 2.5} ${width * 2}`;
  el('path', attrs, g);
  if (s.label) {
    const t = el('text', { x: mx, y: my, 'font-size': width * 6, 'text-anchor': 'middle', fill: ARROW,
      'data-shape': 'label' }, g);
    t.text = s.label;
  }
}

/// The drawing of `shapes` over a grid laid out as `layout` ({cellBox(i) →
/// {x, y, w, h} or null, width, height}): the layer's children, an arrow
/// head marker named after `id` and one group per kind of shape — houses
/// below cells, cells below marks, marks below groups and arrows. A shape of
/// an unknown kind or on a cell the layout does not have is left out.
export function plan(shapes, layout, id = 'overlay') {
  const width = Math.max(1.5, layout.width / 260);
  const defs = el('defs', {});
  const marker = el('marker', { id: `${id}-head`, viewBox: '0 0 10 10', refX: 2, refY: 5, markerWidth: 4,
    markerHeight: 4, orient: 'auto-start-reverse' }, defs);
  el('path', { d: 'M0,0L10,5L0,10z', fill: ARROW }, marker);
  const order = ['house', 'cell', 'set', 'mark', 'group', 'arrow'];
  const groups = Object.fromEntries(order.map(k => [k, el('g', { class: 'overlay-' + k })]));
  let sets = 0;
  for (const s of shapes) {
    if (s.shape === 'house') drawHouse(layout, groups.house, s, width);
    else if (s.shape === 'cell') drawCell(layout, groups.cell, s);
    else if (s.shape === 'set') drawSet(layout, groups.set, s, width, sets++);
    else if (s.shape === 'mark') drawMark(layout, groups.mark, s);
    else if (s.shape === 'group') drawGroup(layout, groups.group, s);
    else if (s.shape === 'arrow') drawArrow(layout, groups.arrow, s, width, id);
  }
  return [defs, ...order.map(k => groups[k])];
}

export class Overlay {
  /// Creates the layer inside `gridElement`, with `id` for the SVG element,
  /// and redraws on resize.
  constructor(gridElement, id = 'overlay') {
    this.grid = gridElement;
    this.id = id;
    this.current = [];
    this.layer = mount(el('svg', { id, class: 'overlay', 'aria-hidden': 'true' }), this.grid);
    if (typeof ResizeObserver === 'function') new ResizeObserver(() => this.draw(this.current)).observe(this.grid);
  }

  /// Where the grid's cells sit now, in its own coordinates.
  layout() {
    const grid = this.grid;
    return {
      width: grid.clientWidth,
      height: grid.clientHeight,
      cellBox(i) {
        const c = grid.querySelector(`.cell[data-cell="${i}"]`);
        if (!c) return null;
        return { x: c.offsetLeft, y: c.offsetTop, w: c.offsetWidth, h: c.offsetHeight };
      },
    };
  }

  /// Draws `shapes` (replacing what was drawn); an empty list clears the layer.
  draw(shapes) {
    this.current = Array.isArray(shapes) ? shapes : [];
    const layer = this.layer;
    layer.replaceChildren();
    if (!this.current.length) { layer.setAttribute('data-count', '0'); return; }
    const layout = this.layout();
    layer.setAttribute('viewBox', `0 0 ${layout.width} ${layout.height}`);
    for (const node of plan(this.current, layout, this.id)) mount(node, layer);
    layer.setAttribute('data-count', String(this.current.length));
  }
}

let main = null;

/// Creates the trainer grid's layer (once).
export function attach(gridElement) { main = new Overlay(gridElement, 'overlay'); }

/// Draws `shapes` over the trainer's grid.
export function draw(shapes) { if (main) main.draw(shapes); }
