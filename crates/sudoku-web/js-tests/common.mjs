// What the page's unit tests share: the variants' houses as the server sends
// them (variants.json; a Rust test in src/variants.rs holds it to the
// server's answer), a storage like the browser's localStorage, and the
// assets' folder.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readVariants } from '../assets/houses.js';

export const ASSETS = path.resolve(import.meta.dirname, '..', 'assets');
export const readJson = name => JSON.parse(readFileSync(path.join(import.meta.dirname, name), 'utf8'));
export const VARIANTS = readVariants(readJson('variants.json'));
export const cell = name => (Number(name[1]) - 1) * 9 + Number(name[3]) - 1;

/// localStorage's interface over a Map; `limit` (characters of a value)
/// makes setItem throw as a full browser storage does.
export class MemoryStorage {
  constructor(limit = Infinity) { this.map = new Map(); this.limit = limit; }
  getItem(k) { return this.map.has(k) ? this.map.get(k) : null; }
  setItem(k, v) {
    if (String(v).length > this.limit) throw new Error('QuotaExceededError');
    this.map.set(k, String(v));
  }
  removeItem(k) { this.map.delete(k); }
}
