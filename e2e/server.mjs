// Starts a real `sudoku serve` on a free port with a fresh database and returns
// its URL; the binary is $SUDOKU_BIN (scripts/test sets it) or the release build.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const BIN = process.env.SUDOKU_BIN ||
  path.resolve(import.meta.dirname, '..', process.env.CARGO_TARGET_DIR || 'target', 'release', 'sudoku');

// The temporary directories made here, removed when the test process exits
// (a test may restart a server on the same database, so not at each stop).
const madeDirs = [];
process.on('exit', () => {
  for (const dir of madeDirs) rmSync(dir, { recursive: true, force: true });
});

export function tempDb() {
  const dir = mkdtempSync(path.join(tmpdir(), 'sudoku-e2e-'));
  madeDirs.push(dir);
  return path.join(dir, 'puzzles.sqlite');
}

/// `more`: further `serve` options (e.g. limits).
export function startServer(db = tempDb(), more = []) {
  return new Promise((resolve, reject) => {
    const proc = spawn(BIN, ['serve', '--addr', '127.0.0.1:0', '--db', db, ...more], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${err}`)), 20000);
    proc.stderr.on('data', chunk => {
      err += chunk;
      const m = err.match(/on (http:\/\/127\.0\.0\.1:\d+)\//);
      if (m) { clearTimeout(timer); resolve({ url: m[1], proc, db }); }
    });
    proc.on('error', e => { clearTimeout(timer); reject(e); });
    proc.on('exit', code => { clearTimeout(timer); reject(new Error(`server exited with ${code}: ${err}`)); });
  });
}

/// Stops the server with `signal`; resolves with its exit code (null when a
/// signal ended it).
export function stopServer(s, signal = 'SIGINT') {
  return new Promise(resolve => {
    if (s.proc.exitCode !== null || s.proc.signalCode !== null) { resolve(s.proc.exitCode); return; }
    s.proc.removeAllListeners('exit');
    s.proc.on('exit', code => resolve(code));
    s.proc.kill(signal);
  });
}
