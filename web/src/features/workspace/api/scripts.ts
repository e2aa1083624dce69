import { scriptJob, type ScriptJob } from '@contracts/model-jobs';
import type { Script, ScriptExportFormat } from '@contracts/scripts';
import type { GenerateScriptRequest, UpdateScriptRequest } from '@contracts/script-requests';
import useSWR, { mutate } from 'swr';
import { api } from '@/lib/api';

export const scriptKeys = {
  chapter: (chapterId: string) => `/ai/scripts/${chapterId}`,
  one: (id: string) => `/ai/script/${id}`,
};

const quietFetcher = <T>(path: string) => api.get<T>(path, { quiet: true });

export const useChapterScripts = (chapterId: string | null) =>
  useSWR<Script[]>(chapterId ? scriptKeys.chapter(chapterId) : null, quietFetcher);

export const reloadChapterScripts = (chapterId: string) => mutate(scriptKeys.chapter(chapterId));

/** Starts writing a script (a job): answers 202 with the status route to follow (`checkScriptJob`). */
export const generateScript = (request: GenerateScriptRequest) =>
  api.post<ScriptJob>('/ai/generate-script-and-scenes', request, { schema: scriptJob });

/** A script job's status (`status_url` of its start); once ready, it carries the script. */
export const checkScriptJob = (statusUrl: string) =>
  api.get<ScriptJob>(statusUrl, { quiet: true, schema: scriptJob });

export const updateScript = (id: string, patch: UpdateScriptRequest) =>
  api.put<Script>(scriptKeys.one(id), patch);

/** Starts another take of one scene of the script (a job); the other scenes stay. */
export const redoScene = (id: string, sceneNumber: number) =>
  api.post<ScriptJob>(`${scriptKeys.one(id)}/scenes/${sceneNumber}/regenerate`, {}, { schema: scriptJob });

export const deleteScript = (id: string) =>
  api.delete<{ id: string; deleted: true }>(`/ai/delete-script/${id}`);

/** Downloads the script as a Fountain or PDF file through the browser. */
export async function downloadScript(id: string, format: ScriptExportFormat): Promise<string> {
  const { blob, filename } = await api.download(`/ai/script/${id}/export?format=${format}`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return filename;
}
