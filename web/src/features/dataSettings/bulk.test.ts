import { describe, expect, it, vi } from 'vitest';
import { BULK_DELETE_MAX } from '#common/api/common.js';
import { deleteInChunks, uniqueById } from './bulk';

describe('deleting a large selection', () => {
  it('sends every id once, in requests of at most what one bulk delete takes', async () => {
    const ids = Array.from({ length: 2 * BULK_DELETE_MAX + 5 }, (_, i) => String(i + 1));
    const remove = vi.fn(async (chunk: string[]) => chunk.length);
    expect(await deleteInChunks(ids, remove)).toBe(ids.length);
    expect(remove.mock.calls.map(([chunk]) => chunk.length)).toEqual([BULK_DELETE_MAX, BULK_DELETE_MAX, 5]);
    expect(remove.mock.calls.flatMap(([chunk]) => chunk)).toEqual(ids);
  });

  it('stops at a failing request', async () => {
    const remove = vi.fn(async (chunk: string[]) => {
      if (chunk[0] === '3') throw new Error('Failed');
      return chunk.length;
    });
    await expect(deleteInChunks(['1', '2', '3', '4', '5'], remove, 2)).rejects.toThrow('Failed');
    expect(remove).toHaveBeenCalledTimes(2);
  });
});

describe('the pages read so far', () => {
  it('hold each item once, in the order first read', () => {
    const page = (...ids: number[]) => ({ items: ids.map((id) => ({ id, title: `t${id}` })) });
    expect(uniqueById([page(5, 4, 3), page(3, 2), page(1)]).map((t) => t.id)).toEqual([5, 4, 3, 2, 1]);
  });
});
