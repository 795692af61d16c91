import { useQuery } from '@tanstack/react-query';
import {
  ACTIVITY_LIMITS,
  activityListResponse,
  activityResponse,
  type ImportDone,
  importEvent,
} from '#common/api/activities.js';
import { MESSAGES } from '#common/constants.js';
import { API_BASE, ApiError, apiRequest, del, get, handleUnauthorized, serverMessageOf } from '../../api/client';
import { getToken } from '../../api/token';
import { HISTORY_PAGE_SIZE, usePagedList, workoutKeys } from './api';

export const activityKeys = {
  /** Under the workout's keys: invalidating the workout invalidates these too. */
  all: [...workoutKeys.all, 'activities'] as const,
  list: [...workoutKeys.all, 'activities', 'list'] as const,
  one: (id: number) => [...workoutKeys.all, 'activities', 'one', id] as const,
};

/** The imported activities, newest first, a page at a time like the history's other lists. */
export const useActivities = () =>
  usePagedList(activityKeys.list, async (offset) => {
    const page = await get('/activities', {
      schema: activityListResponse,
      query: { limit: HISTORY_PAGE_SIZE, offset },
    });
    return { items: page.activities, total: page.total };
  });

export const useActivity = (id: number) =>
  useQuery({
    queryKey: activityKeys.one(id),
    queryFn: () => get(`/activities/${id}`, { schema: activityResponse }),
    enabled: Number.isInteger(id) && id > 0,
  });

export const deleteActivity = (id: number) => del(`/activities/${id}`);

/** Downloads the file the activity was imported from (a link cannot carry the bearer token). */
export async function downloadOriginal(id: number, fallbackName: string): Promise<void> {
  const res = await apiRequest(`/activities/${id}/original`, { headers: { Accept: '*/*' } });
  if (!res.ok) {
    const body = await res.json().catch(() => undefined);
    throw new ApiError(res.status, serverMessageOf(body), body);
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const name =
    /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1] ?? /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = safeDecode(name).split('/').pop() || 'activity';
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started from the object URL; it can go once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** Where an import is: sending the file (bytes), then the server reading its activities (files). */
export type ImportProgress =
  | { phase: 'uploading'; loaded: number; total: number }
  | { phase: 'reading'; done: number; total: number };

/** The import as a whole was refused before any file was read (400/413), or no answer came. */
export class ImportRefused extends Error {
  override readonly name = 'ImportRefused';
}

export const IMPORT_TEXTS = {
  tooLarge: `The file is larger than ${Math.round(ACTIVITY_LIMITS.uploadBytes / 1024 ** 3)} GB, the most one import takes.`,
  noAnswer: 'The import stopped before the server answered. Check your connection and try again.',
  cut: 'The server stopped answering before the import was finished. Activities already read are kept; importing the file again adds only the rest.',
} as const;

/**
 * Sends one file (an activity file or a whole export zip) to POST /activities/import with
 * XMLHttpRequest, which reports the upload's progress, and reads the NDJSON answer line by line
 * as it arrives. Resolves with the `done` line; a refused upload rejects with ApiError (the
 * server's own words), a broken connection with ImportRefused.
 */
export function importActivities(
  file: File,
  onProgress: (progress: ImportProgress) => void,
  signal?: AbortSignal,
): Promise<ImportDone> {
  return new Promise((resolve, reject) => {
    if (file.size > ACTIVITY_LIMITS.uploadBytes) return reject(new ImportRefused(IMPORT_TEXTS.tooLarge));
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/activities/import?${new URLSearchParams({ name: file.name })}`);
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/x-ndjson, application/json');

    let read = 0;
    let done: ImportDone | undefined;
    /** The complete lines of the answer not read yet (the last one only once the answer is whole). */
    const readLines = (whole: boolean) => {
      if (xhr.status !== 200) return;
      const text = xhr.responseText;
      const end = whole ? text.length : text.lastIndexOf('\n') + 1;
      if (end <= read) return;
      const lines = text.slice(read, end).split('\n');
      read = end;
      for (const line of lines) {
        if (!line.trim()) continue;
        let parsed: ReturnType<typeof importEvent.safeParse>;
        try {
          parsed = importEvent.safeParse(JSON.parse(line));
        } catch {
          continue;
        }
        if (!parsed.success) continue;
        if (parsed.data.type === 'progress')
          onProgress({ phase: 'reading', done: parsed.data.done, total: parsed.data.total });
        else done = parsed.data;
      }
    };

    xhr.upload.onprogress = (e) =>
      onProgress({ phase: 'uploading', loaded: e.loaded, total: e.lengthComputable ? e.total : file.size });
    // Sent: the server reads the file now (the first progress line gives the count).
    xhr.upload.onload = () => onProgress({ phase: 'reading', done: 0, total: 0 });
    xhr.onprogress = () => readLines(false);
    xhr.onload = () => {
      if (xhr.status === 401) {
        handleUnauthorized();
        return reject(new ApiError(401, undefined));
      }
      if (xhr.status !== 200) {
        let body: unknown;
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          body = undefined;
        }
        const message = serverMessageOf(body) ?? (xhr.status === 413 ? IMPORT_TEXTS.tooLarge : undefined);
        return reject(new ApiError(xhr.status, message ?? MESSAGES.somethingWrong, body));
      }
      readLines(true);
      if (done) resolve(done);
      else reject(new ImportRefused(IMPORT_TEXTS.cut));
    };
    xhr.onerror = () => reject(new ImportRefused(IMPORT_TEXTS.noAnswer));
    xhr.onabort = () => reject(new DOMException('The import was stopped.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
