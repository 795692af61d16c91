import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { hasNul } from './textInput.js';

describe('hasNul', () => {
  it('finds a NUL character in any string of a parsed value, keys included', () => {
    expect(hasNul('a\u0000b')).toBe(true);
    expect(hasNul({ date: '2026-01-15' })).toBe(false);
    expect(hasNul({ a: { b: ['x', 'y', { c: 'z\u0000' }] } })).toBe(true);
    expect(hasNul([['ok'], ['\u0000']])).toBe(true);
    expect(hasNul({ 'key\u0000': 'value' })).toBe(true);
    expect(hasNul(Object.assign(Object.create(null), { q: 'a\u0000' }))).toBe(true);
    expect(hasNul({ a: 1, b: null, c: true, d: [] })).toBe(false);
    expect(hasNul(undefined)).toBe(false);
  });

  it('looks at the value itself only: not at inherited keys, bytes or beyond 64 levels', () => {
    const inherited = Object.create({ hidden: 'a\u0000' }) as Record<string, unknown>;
    inherited.own = 'fine';
    expect(hasNul(inherited)).toBe(false);
    expect(hasNul(Buffer.from('a\u0000b'))).toBe(false);
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 70; i++) deep = [deep];
    expect(hasNul(deep)).toBe(false);
    let shallow: unknown = 'x\u0000';
    for (let i = 0; i < 60; i++) shallow = { v: shallow };
    expect(hasNul(shallow)).toBe(true);
  });

  it('leaves a raw body (an upload stream) to its route, without walking its object graph', () => {
    // An upload's IncomingMessage reaches its socket, server and their listeners: walking it
    // to 64 levels never ended and held the event loop (the activity import over a real socket).
    const body = new PassThrough();
    const graph = { socket: { server: { listeners: [body] } }, text: 'a\u0000' };
    Object.assign(body, { graph });
    expect(hasNul(body)).toBe(false);
  });
});
