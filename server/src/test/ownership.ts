import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { type Client, createUserAndSignIn, type Harness } from './harness.js';

let n = 0;

export interface OwnershipCase<Id> {
  /** Creates the resource as its owner and returns its id. */
  create(owner: Client): Promise<Id>;
  /** Every call that names the id: reads, updates and deletes. */
  requests(id: Id): InjectOptions[];
  /** Checks, as the owner, that the resource is unchanged after the other user's attempts. */
  stillThere(owner: Client, id: Id): Promise<void>;
}

/**
 * Proves that a second user gets 404 (never 403, never the data) for every call naming the
 * first user's id, and that none of those calls changed anything. Every feature uses it.
 */
export async function expectOnlyOwnerCanReach<Id>(h: Harness, c: OwnershipCase<Id>): Promise<void> {
  n++;
  const owner = await createUserAndSignIn(h, `owner${n}`);
  const other = await createUserAndSignIn(h, `other${n}`);
  const id = await c.create(owner);
  for (const req of c.requests(id)) {
    const res = await other.request(req);
    expect(res.statusCode, `${req.method} ${req.url} as another user`).toBe(404);
    expect(res.json(), `${req.method} ${req.url} body`).toEqual({ error: expect.any(String) });
  }
  await c.stillThere(owner, id);
}
