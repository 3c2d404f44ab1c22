// The grid on the page: its 81 cells built once (the thick lines where the
// variant's boxes meet, from houses.js), and each cell redrawn from what it
// shows — digit, candidates or the player's marks with the evaluation's
// colours, the selection and highlights, the diagonal tint and the colour
// group's dot, and the words a screen reader says for it. A cell is rebuilt
// only when what it shows changes, so an entry redraws a few cells, not 81.
// The same builder lays out the small grids of the printable solution path.
// What a cell shows is decided in app.js from the store (state.js); this
// module only puts it on the page.

import { bit } from './game.js';

/// The 81 cells of a grid in `container`, with the box lines of `geo` (a
/// Geometry). With `interactive`, nine role=row wrappers (display: contents,
/// so the CSS grid still lays out the cells) for screen readers, a tab stop
/// and `onClick(i)` / `onFocus(i, cell)` on each cell.
export function buildGrid(container, geo, { interactive = false, onClick, onFocus } = {}) {
  const list = [];
  let row = container;
  for (let i = 0; i < 81; i++) {
    const d = document.createElement('div');
    d.className = 'cell' + (geo.boxEdgeLeft(i) ? ' bl' : '') + (geo.boxEdgeTop(i) ? ' bt' : '');
    d.dataset.cell = i;
    if (interactive) {
      if (i % 9 === 0) {
        row = document.createElement('div');
        row.className = 'grid-row';
        row.setAttribute('role', 'row');
        container.appendChild(row);
      }
      d.tabIndex = i === 0 ? 0 : -1;
      d.setAttribute('role', 'gridcell');
      if (onClick) d.addEventListener('click', () => onClick(i));
      if (onFocus) d.addEventListener('focus', () => onFocus(i, d));
    }
    row.appendChild(d);
    list.push(d);
  }
  return list;
}

/// Redraws the trainer's cells. `v`: board (81 digits), givens, selected,
/// digit (highlighted everywhere), highlight / hintCells / wrong / contra
/// (Sets of cells), ev (the evaluation or null), candidatesOf(i) (what an
/// empty cell lists), own (the player's marks are shown), allowed (with own:
/// the candidates the placed digits allow, as masks), geo (the variant's
/// Geometry), t (the page's strings); the player's colours cellColors (81,
/// 0 none) and candColors ({cell * 10 + digit: colour}), and filter ('' all,
/// 'bivalue' to mark the cells with two candidates, or a digit to show only
/// its candidates).
export function renderCells(cells, v) {
  const { board, givens, ev, own, allowed, geo, t } = v;
  const inad = new Set(), nec = new Set(), singles = new Set();
  if (ev) {
    ev.inadmissible.forEach(x => inad.add(x.cell * 10 + x.digit));
    ev.necessary.forEach(x => nec.add(x.cell * 10 + x.digit));
    ev.singles.forEach(x => singles.add(x.cell * 10 + x.digit));
    ev.hidden_singles.forEach(x => singles.add(x.cell * 10 + x.digit));
  }
  for (let i = 0; i < 81; i++) {
    const d = cells[i];
    const given = givens[i] !== 0;
    const val = board[i];
    d.classList.toggle('given', given);
    d.classList.toggle('entry', !given && val !== 0);
    d.classList.toggle('sel', i === v.selected);
    d.classList.toggle('same', v.digit !== 0 && val === v.digit);
    d.classList.toggle('hl', v.highlight.has(i));
    d.classList.toggle('hint', v.hintCells.has(i));
    d.classList.toggle('contra', v.contra.has(i));
    d.classList.toggle('wrong', v.wrong.has(i));
    d.classList.toggle('diag', geo.onDiagonal[i]);
    const paint = v.cellColors ? v.cellColors[i] : 0;
    for (let c = 1; c <= 6; c++) d.classList.toggle(`pc${c}`, paint === c);
    // What the cell shows, as a key: the cell is rebuilt only when it changes.
    let shown = [];
    const classes = [];
    if (val) d.classList.remove('bivalue');
    if (!val) {
      shown = v.candidatesOf(i);
      d.classList.toggle('bivalue', v.filter === 'bivalue' && shown.length === 2);
      if (/^[1-9]$/.test(v.filter || '')) shown = shown.filter(k => k === Number(v.filter));
      for (const k of shown) {
        const key = i * 10 + k;
        const cls = [];
        if (inad.has(key) || (own && !(allowed[i] & bit(k)))) cls.push('inad');
        else if (nec.has(key)) cls.push('nec');
        else if (singles.has(key)) cls.push('single');
        if (k === v.digit) cls.push('hd');
        const pc = v.candColors && v.candColors[key];
        if (pc) cls.push(`pc${pc}`);
        classes.push(cls.join(' '));
      }
    }
    // What a screen reader says: "row 3, column 7, empty, candidates 1 5 7",
    // "row 1, column 3, given 3" — a hidden text before the digit (which it
    // reads after it), so the name is the cell's own content.
    const r = Math.floor(i / 9) + 1, c = (i % 9) + 1;
    const what = val ? (given ? `${t('a_given')} ` : '') :
      (shown.length ? `${t('a_empty')}, ${t('a_cands')} ${shown.join(' ')}` : t('a_empty'));
    const spoken = `${t('a_row')} ${r}, ${t('a_col')} ${c}, ${v.wrong.has(i) ? t('a_wrong') + ', ' : ''}${what}` +
      (paint ? `, ${t('a_colour', paint)}` : '');
    const group = geo.colorOf[i];
    const key = `${val}|${own}|${shown.join('')}|${classes.join(',')}|${spoken}|${group}`;
    if (d.dataset.key !== key) {
      d.dataset.key = key;
      d.replaceChildren();
      const sr = document.createElement('span');
      sr.className = 'sr-only';
      sr.textContent = spoken;
      d.appendChild(sr);
      if (group >= 0) {
        const dot = document.createElement('span');
        // The group's colour is the palette's (style.css: --g0 … --g8).
        dot.className = `dot g${group % 9}`;
        dot.setAttribute('aria-hidden', 'true');
        d.appendChild(dot);
      }
      if (val) {
        d.append(String(val));
      } else if (shown.length) {
        const box = document.createElement('div');
        box.className = own ? 'cands own' : 'cands';
        // The cell's text says the candidates; the marks are what is seen.
        box.setAttribute('aria-hidden', 'true');
        for (let k = 1; k <= 9; k++) {
          const span = document.createElement('span');
          const at = shown.indexOf(k);
          if (at >= 0) {
            span.textContent = k;
            span.className = classes[at];
          }
          box.appendChild(span);
        }
        d.appendChild(box);
      }
    }
    d.setAttribute('aria-selected', String(i === v.selected));
  }
}

/// The number pad: how many of each digit are left to place (read as "4, 3
/// left": the count's words are hidden text around it), done keys, and the
/// highlighted digit.
export function renderPad(pad, board, digit, t) {
  const counts = new Array(10).fill(0);
  board.forEach(x => { counts[x]++; });
  pad.querySelectorAll('button[data-digit]').forEach(btn => {
    const k = Number(btn.dataset.digit);
    if (!k) return;
    const left = Math.max(0, 9 - counts[k]);
    const span = btn.querySelector('.left');
    const words = t('left', left).split(String(left));
    const hidden = text => { const h = document.createElement('span'); h.className = 'sr-only'; h.textContent = text; return h; };
    span.replaceChildren(hidden(`, ${words[0]}`), String(left), hidden(words[1] || ''));
    btn.classList.toggle('done', left === 0);
    btn.classList.toggle('hd', k === digit);
  });
}

/// The printed sheet's grid: the givens only.
export function renderPrint(cells, givens, geo) {
  for (let i = 0; i < 81; i++) {
    cells[i].textContent = givens[i] ? String(givens[i]) : '';
    if (geo) markHouses(cells[i], geo, i);
  }
}

/// Marks cell i's extra houses so that they print without background
/// graphics: `diag` on a diagonal (outlined), and its colour group as
/// `data-group` (a dot on screen, the group's letter in print).
export function markHouses(d, geo, i) {
  d.classList.toggle('diag', geo.onDiagonal[i]);
  const group = geo.colorOf[i];
  if (group >= 0) d.dataset.group = 'ABCDEFGHI'[group % 9];
  else delete d.dataset.group;
}

/// A small grid of `board` (a line, '.' empty) in `container`: the puzzle's
/// givens on blue, digits solved since on green, and `candidates` (per cell
/// a list, or null) in the empty cells. For the printable solution path.
export function miniGrid(container, geo, board, candidates, puzzle) {
  const cells = buildGrid(container, geo);
  cells.forEach((d, i) => {
    markHouses(d, geo, i);
    const v = board[i];
    if (v !== '.') {
      d.textContent = v;
      d.classList.add(puzzle[i] === v ? 'given' : 'entry');
    } else if (candidates && candidates[i].length) {
      const box = document.createElement('div');
      box.className = 'cands';
      for (let k = 1; k <= 9; k++) {
        const s = document.createElement('span');
        if (candidates[i].includes(k)) s.textContent = k;
        box.appendChild(s);
      }
      d.appendChild(box);
    }
  });
  return cells;
}
