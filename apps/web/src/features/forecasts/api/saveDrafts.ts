import { FORECAST_PARAMETERS_WRITE_MAX } from '@econ/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { draftsOf, dropDrafts, putDraft } from '../model/draftStore';
import { comboKey, type Draft, draftRecord, draftSegments, settingsChanged } from '../model/drafts';
import { placeServerErrors } from '../model/issues';
import { bulkResults, type RecordResult } from '../model/saveResults';
import { type ForecastRef, parametersKey, parametersQuery, putParameters, putSegments } from './parameters';

/** Saves drafts with the bulk PUT, 25 records per request (spec part 8), and reads every result. */
async function saveBulk(
  f: ForecastRef,
  drafts: readonly Draft[],
): Promise<{ records: RecordResult[]; general: string[] }> {
  const records: RecordResult[] = [];
  const general: string[] = [];
  for (let i = 0; i < drafts.length; i += FORECAST_PARAMETERS_WRITE_MAX) {
    const chunk = drafts.slice(i, i + FORECAST_PARAMETERS_WRITE_MAX);
    const answer = bulkResults(chunk, await putParameters(f, chunk.map(draftRecord)));
    records.push(...answer.records);
    general.push(...answer.general);
  }
  return { records, general };
}

/**
 * Saves one draft: the single-combination PUT, or (when its forecast type, base phase or data
 * frequency changed, which that route cannot change) a bulk PUT of this one record.
 */
async function saveOne(f: ForecastRef, draft: Draft): Promise<RecordResult> {
  const key = comboKey(draft.combo);
  if (settingsChanged(draft)) {
    const { records, general } = await saveBulk(f, [draft]);
    const record = records[0]!;
    return general.length && record.issues ? { ...record, issues: { ...record.issues, general } } : record;
  }
  const outcome = await putSegments(f, draft.combo, draftSegments(draft));
  if (outcome.ok) return { key, draft, ok: true, message: 'saved', segmentsCount: outcome.segmentsCount };
  return {
    key,
    draft,
    ok: false,
    message: outcome.message,
    issues: placeServerErrors(outcome.errors, draft.rows, true, outcome.general),
  };
}

/**
 * After a save: saved drafts are dropped once their combination is read again (so the page does
 * not flash the old segments), unless they were edited while the save was on its way; refused
 * drafts keep their edits and get the server's errors.
 */
async function settle(f: ForecastRef, records: readonly RecordResult[], refetch: (d: Draft) => Promise<void>) {
  const saved = records.filter((r) => r.ok);
  await Promise.all(saved.map((r) => refetch(r.draft)));
  const current = draftsOf(f.forecastId);
  dropDrafts(
    f.forecastId,
    saved.filter((r) => current.get(r.key) === r.draft).map((r) => r.key),
  );
  for (const r of records) {
    const now = current.get(r.key);
    if (!now) continue;
    if (!r.ok) putDraft(f.forecastId, r.key, { ...now, server: r.issues });
    else if (now !== r.draft) {
      const sent = r.draft;
      putDraft(f.forecastId, r.key, {
        ...now,
        base: { payload: JSON.stringify(draftSegments(sent)), settings: sent.settings, stored: true },
        server: undefined,
      });
    }
  }
}

/** Save (one draft) and Save all (every draft given), with the store kept in step. */
export function useSaveDrafts(f: ForecastRef) {
  const queryClient = useQueryClient();
  // Every saved combination, shown or not: a combination opened later must not show what it held before.
  const refetch = (d: Draft) =>
    queryClient.invalidateQueries({ queryKey: parametersQuery(f, d.combo).queryKey, refetchType: 'all' });
  const one = useMutation({
    mutationFn: (draft: Draft) => saveOne(f, draft),
    onSuccess: (record) => settle(f, [record], refetch),
  });
  const all = useMutation({
    mutationFn: (drafts: readonly Draft[]) => saveBulk(f, drafts),
    onSuccess: (answer) => settle(f, answer.records, refetch),
    onSettled: () => queryClient.invalidateQueries({ queryKey: parametersKey(f) }),
  });
  return { one, all };
}
