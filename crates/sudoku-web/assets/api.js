// The one way the pages talk to the server's JSON API (/api/…): every
// request carries the session's token when it changes something
// (X-CSRF-Token), waits and asks again when the server says it is busy with
// our earlier requests (429 with Retry-After) or, for a request that is safe
// to repeat (a read, or a save carrying its Idempotency-Key), when it is
// unavailable for a moment (503 with Retry-After), turns a lost connection into
// the "offline" message and an error answer ({"error", "code", "args"})
// into an Error in the page's language (`errorOf`), and counts the requests
// in flight on <body data-pending> (the browser tests wait for 0). The page
// hands in what it knows of the session through `configure`.
import { t, has } from './i18n.js';

const hooks = {
  /// The session's token, or null.
  csrf: () => null,
  /// Called on a 401 outside /account/ (the session ended); returns the
  /// message to throw, or null when the server has no accounts.
  sessionEnded: () => null,
  /// The message for a request that found no network.
  offline: () => 'Offline',
};

/// Sets the hooks above (any of them).
export function configure(h) { Object.assign(hooks, h); }

// Requests in flight, shown on <body data-pending>.
let pending = 0;
function setPending(d) {
  pending += d;
  if (typeof document !== 'undefined') document.body.dataset.pending = String(pending);
}

/// The Error for an error answer with `status` and body `data`: its message
/// is the page's sentence for the answer's code in the page's language
/// (i18n.js, `err_<code>` made from the answer's args), and it keeps
/// `status`, `code` and `args`. The server's English is shown only for a
/// code the page does not know (js-tests hold the catalogues to every code
/// the server has), or an answer without one (a proxy's).
export function errorOf(status, data) {
  const code = data && typeof data.code === 'string' ? data.code : null;
  const args = (data && data.args) || {};
  const message = code && has('err_' + code) ? t('err_' + code, args)
    : (data && data.error) || `HTTP ${status}`;
  return Object.assign(new Error(message), { status, code, args });
}

/// `method` on /api`path` with `body` as JSON (and `headers`, if any);
/// resolves with the answer's JSON, rejects with an Error saying what went
/// wrong.
export async function api(method, path, body, headers = {}) {
  setPending(1);
  try { return await request(method, path, body, headers); } finally { setPending(-1); }
}

/// A new Idempotency-Key: a save sent with it is stored once, however often
/// it is sent.
export function idempotencyKey() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, b => b.toString(16).padStart(2, '0')).join('');
}

async function request(method, path, body, headers, tries = 0) {
  const opts = { method, headers: { ...headers }, credentials: 'same-origin' };
  if (body !== undefined) { opts.headers['Content-Type'] = 'application/json'; opts.body = JSON.stringify(body); }
  const csrf = hooks.csrf();
  if (csrf && method !== 'GET') opts.headers['X-CSRF-Token'] = csrf;
  let resp;
  try {
    resp = await fetch('/api' + path, opts);
  } catch (e) {
    // No network: the game goes on, the server's help waits.
    throw new Error(hooks.offline());
  }
  // Too many expensive requests of ours at once (429): the server says when
  // one will be done; wait that long (a few times, if it is short) and ask again.
  const wait = Number(resp.headers.get('Retry-After'));
  const repeatable = method === 'GET' || 'Idempotency-Key' in headers;
  const again = resp.status === 429 || (resp.status === 503 && repeatable);
  if (again && tries < 3 && wait >= 1 && wait <= 10) {
    await new Promise(r => setTimeout(r, wait * 1000));
    return request(method, path, body, headers, tries + 1);
  }
  const data = await resp.json().catch(() => ({ error: `HTTP ${resp.status}` }));
  if (resp.status === 401 && !path.startsWith('/account/')) {
    // The session ended (logged out elsewhere, or expired): ask to log in.
    const why = hooks.sessionEnded();
    if (why) throw new Error(why);
  }
  if (!resp.ok) throw errorOf(resp.status, data);
  return data;
}

/// Every variant's houses (GET /api/variants, read by houses.js).
export const variants = () => api('GET', '/variants');
