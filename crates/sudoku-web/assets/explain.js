// The printable solution path (/explain?p=…&v=…&mode=…&lang=…): every step of
// the human-style solver with its explanation, points and drawing on the
// position it was found in, and the rating on top. The server renders the
// page whole (readable with curl and without JavaScript); this script only
// enhances it: it draws each step's shapes over its grid (overlay.js) from the
// drawings the page carries, and writes a server error in the page's
// language. Only the shell (/explain without a query: the offline copy)
// builds the page itself from GET /api/explain with the trainer's modules. A
// bad address gets the server's error in the page's language, never an empty
// page.
import { Overlay } from './overlay.js';
import { readVariants } from './houses.js';
import { api, configure, errorOf } from './api.js';
import { t, setLang, applyTo } from './i18n.js';
import { miniGrid } from './grid.js';

const params = new URLSearchParams(location.search);
const rendered = document.body.dataset.rendered === 'server';
const lang = setLang(rendered ? document.documentElement.lang : params.get('lang') === 'de' ? 'de' : 'en');
const $ = id => document.getElementById(id);
configure({ offline: () => t('offline') });

function row(dl, label, value) {
  if (value === null || value === undefined) return;
  const dt = document.createElement('dt'); dt.textContent = label;
  const dd = document.createElement('dd'); dd.textContent = String(value);
  dl.append(dt, dd);
}

/// The server's page: its drawings over its grids, its error in the page's
/// language.
function enhance() {
  const error = $('page-error');
  if (error) {
    let data = null;
    try { data = JSON.parse(error.textContent); } catch { /* the server's sentence stays */ }
    if (data) $('status').textContent = `${t('pathBad')} ${errorOf(0, data).message}`;
    document.body.dataset.ready = 'error';
    return;
  }
  const shapes = $('shapes') ? JSON.parse($('shapes').textContent) : [];
  document.querySelectorAll('.path-step').forEach(li => {
    const k = Number(li.dataset.step);
    const g = li.querySelector('.grid.mini');
    if (g && shapes[k]) new Overlay(g, `ov${k}`).draw(shapes[k]);
  });
  document.body.dataset.ready = 'ok';
}

async function main() {
  if (rendered) { enhance(); return; }
  document.documentElement.lang = lang;
  document.title = `Sudoku Trainer — ${t('path')}`;
  applyTo(document);
  const p = params.get('p') || '';
  const v = params.get('v') || 'standard';
  $('back').href = `/?p=${encodeURIComponent(p)}&v=${encodeURIComponent(v)}`;
  let data, geo;
  try {
    // The path and the variants' houses (for the grids' box lines) at once.
    const [path, variants] = await Promise.all([api('GET', '/explain' + location.search), api('GET', '/variants')]);
    data = path;
    const all = readVariants(variants);
    geo = all.get(data.variant) || all.get('standard');
  } catch (e) {
    $('status').textContent = `${t('pathBad')} ${e.message}`;
    $('status').classList.add('err');
    document.body.dataset.ready = 'error';
    return;
  }
  $('status').textContent = data.status === 'unique' ? '' : t('pathUnsolved');
  $('summary').hidden = false;
  miniGrid($('start'), geo, data.puzzle, null, data.puzzle);
  const r = data.rating;
  if (r) {
    row($('rating'), t('total'), r.points);
    row($('rating'), t('level'), r.level_text);
    row($('rating'), t('trainerLevel'), r.trainer_level_text);
    row($('rating'), t('se'), r.se);
    row($('rating'), t('hodoku'), r.hodoku_level_text);
  }
  row($('rating'), t('steps'), data.steps.length);
  const list = $('steps');
  data.steps.forEach((s, k) => {
    const li = document.createElement('li');
    li.className = 'path-step';
    const h = document.createElement('h2');
    h.textContent = `${s.name} — ${t('points', s.points)}`;
    const g = document.createElement('div');
    g.className = 'grid mini';
    g.setAttribute('aria-hidden', 'true');
    const at = data.positions[k];
    miniGrid(g, geo, at.board, at.candidates, data.puzzle);
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
