import { BULK_DELETE_MAX } from '#common/api/common.js';

/**
 * Deletes `ids` in requests of at most `size` (what one bulk delete takes), one after another;
 * resolves to how many went. A failing request stops the rest (those already deleted stay so).
 */
export async function deleteInChunks(
  ids: readonly string[],
  remove: (chunk: string[]) => Promise<number>,
  size = BULK_DELETE_MAX,
): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < ids.length; i += size) deleted += await remove(ids.slice(i, i + size));
  return deleted;
}

/** Items of several pages, each once (a page read after a save or delete may repeat one). */
export function uniqueById<T extends { id: number }>(pages: ReadonlyArray<{ items: readonly T[] }>): T[] {
  const byId = new Map<number, T>();
  for (const page of pages) for (const item of page.items) if (!byId.has(item.id)) byId.set(item.id, item);
  return [...byId.values()];
}
