import { DATA_TEXT, type ImportReport, importReport } from '#common/api/dataTransfer.js';
import { ApiError, apiFetch, apiRequest } from '../../api/client';

/** Downloads the export, reporting the bytes received so far; resolves once the file is saved. */
export async function downloadExport(onProgress: (bytes: number) => void): Promise<void> {
  const response = await apiRequest('/export', { headers: { Accept: 'application/zip' } });
  if (!response.ok || !response.body) {
    const body = await response.json().catch(() => undefined);
    throw new ApiError(response.status, (body as { error?: string } | undefined)?.error ?? DATA_TEXT.exportFailed);
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onProgress(received);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'daymark.zip';
  const url = URL.createObjectURL(new Blob(chunks as BlobPart[], { type: 'application/zip' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const importFile = (file: Blob, dryRun: boolean): Promise<ImportReport> =>
  apiFetch('/import', {
    method: 'POST',
    query: { dryRun },
    body: file,
    headers: { 'Content-Type': 'application/zip' },
    schema: importReport,
  });

export const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
