// The one way the pages talk to the server's JSON API (/api/…): every
// request carries the session's token when it changes something
// (X-CSRF-Token), waits and asks again when the server says it is busy with
// our earlier requests (429 with Retry-After), turns a lost connection into
// the "offline" message and an error answer into an Error with the
// server's words, and counts the requests in flight on <body data-pending>
// (the browser tests wait for 0). The page hands in what it knows of the
// session and the language through `configure`.

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

/// `method` on /api`path` with `body` as JSON; resolves with the answer's
/// JSON, rejects with an Error saying what went wrong.
export async function api(method, path, body) {
  setPending(1);
  try { return await request(method, path, body); } finally { setPending(-1); }
}

async function request(method, path, body, tries = 0) {
  const opts = { method, headers: {}, credentials: 'same-origin' };
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
  if (resp.status === 429 && tries < 3 && wait >= 1 && wait <= 10) {
    await new Promise(r => setTimeout(r, wait * 1000));
    return request(method, path, body, tries + 1);
  }
  const data = await resp.json().catch(() => ({ error: `HTTP ${resp.status}` }));
  if (resp.status === 401 && !path.startsWith('/account/')) {
    // The session ended (logged out elsewhere, or expired): ask to log in.
    const why = hooks.sessionEnded();
    if (why) throw new Error(why);
  }
  if (!resp.ok) throw new Error(data.error || `HTTP ${resp.status}`);
  return data;
}

/// Every variant's houses (GET /api/variants, read by houses.js).
export const variants = () => api('GET', '/variants');
