// The printable solution path (/explain?p=…&v=…&mode=…&lang=…): every step of
// the human-style solver with its explanation, points and drawing on the
// position it was found in, and the rating on top. The server computes it all
// (GET /api/explain); this page lays it out. A bad address gets the server's
// message, never an empty page.
import { Overlay } from './overlay.js';

const T = {
  en: {
    title: 'Solution path', back: '← Trainer', print: 'Print', loading: 'Loading …', bad: 'This address does not give a puzzle to explain:',
    point: 'point', points: 'points', level: 'Level', trainer: 'Trainer level', se: 'Sudoku Explainer', hodoku: 'HoDoKu', steps: 'Steps',
    total: 'Points', unsolved: 'The logical solver did not finish this puzzle.', open: 'Open in the trainer',
  },
  de: {
    title: 'Lösungsweg', back: '← Trainer', print: 'Drucken', loading: 'Wird geladen …', bad: 'Diese Adresse gibt kein Puzzle zum Erklären:',
    point: 'Punkt', points: 'Punkte', level: 'Schwierigkeit', trainer: 'Trainer-Stufe', se: 'Sudoku Explainer', hodoku: 'HoDoKu', steps: 'Schritte',
    total: 'Punkte', unsolved: 'Der logische Löser hat dieses Puzzle nicht zu Ende gelöst.', open: 'Im Trainer öffnen',
  },
};

const params = new URLSearchParams(location.search);
const lang = params.get('lang') === 'de' ? 'de' : 'en';
const t = k => T[lang][k];
const $ = id => document.getElementById(id);

/// A grid of `board`: the puzzle's givens on blue, digits solved since on green.
function grid(container, board, candidates, puzzle) {
  for (let i = 0; i < 81; i++) {
    const d = document.createElement('div');
    const r = Math.floor(i / 9), c = i % 9;
    d.className = 'cell' + (c % 3 === 0 && c ? ' bl' : '') + (r % 3 === 0 && r ? ' bt' : '');
    d.dataset.cell = i;
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
    container.appendChild(d);
  }
}

function row(dl, label, value) {
  if (value === null || value === undefined) return;
  const dt = document.createElement('dt'); dt.textContent = label;
  const dd = document.createElement('dd'); dd.textContent = String(value);
  dl.append(dt, dd);
}

async function main() {
  document.documentElement.lang = lang;
  document.title = `Sudoku Trainer — ${t('title')}`;
  $('title').textContent = t('title');
  $('btn-print-path').textContent = t('print');
  $('status').textContent = t('loading');
  const p = params.get('p') || '';
  const v = params.get('v') || 'standard';
  $('back').textContent = t('back');
  $('back').href = `/?p=${encodeURIComponent(p)}&v=${encodeURIComponent(v)}`;
  $('back').title = t('open');
  let data;
  try {
    const resp = await fetch('/api/explain' + location.search);
    data = await resp.json().catch(() => ({ error: `HTTP ${resp.status}` }));
    if (!resp.ok) throw new Error(data.error || `HTTP ${resp.status}`);
  } catch (e) {
    $('status').textContent = `${t('bad')} ${e.message}`;
    $('status').classList.add('err');
    document.body.dataset.ready = 'error';
    return;
  }
  $('status').textContent = data.status === 'unique' ? '' : t('unsolved');
  $('summary').hidden = false;
  grid($('start'), data.puzzle, null, data.puzzle);
  const r = data.rating;
  if (r) {
    row($('rating'), t('total'), r.points);
    row($('rating'), t('level'), r.level_text);
    row($('rating'), t('trainer'), r.trainer_level_text);
    row($('rating'), t('se'), r.se);
    row($('rating'), t('hodoku'), r.hodoku_level_text);
  }
  row($('rating'), t('steps'), data.steps.length);
  const list = $('steps');
  data.steps.forEach((s, k) => {
    const li = document.createElement('li');
    li.className = 'path-step';
    const h = document.createElement('h2');
    h.textContent = `${s.name} — ${s.points} ${s.points === 1 ? t('point') : t('points')}`;
    const g = document.createElement('div');
    g.className = 'grid mini';
    g.setAttribute('aria-hidden', 'true');
    const at = data.positions[k];
    grid(g, at.board, at.candidates, data.puzzle);
    const text = document.createElement('p');
    text.textContent = s.text;
    li.append(h, g, text);
    if (s.compact) {
      const c = document.createElement('p');
      c.className = 'compact';
      c.textContent = s.compact;
      li.append(c);
    }
    list.appendChild(li);
    new Overlay(g, `ov${k}`).draw(s.shapes);
  });
  document.body.dataset.ready = 'ok';
}

$('btn-print-path').addEventListener('click', () => window.print());
main();
