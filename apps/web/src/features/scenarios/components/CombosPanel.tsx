import { assumptionKind, QUALIFIER_DEFAULT } from '@econ/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Report } from '../../../components/Banner';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { combosKey, deleteCombos, qualifiersQuery, saveCombos, savedCombosQuery } from '../api/combos';
import { type ComboDraft, comboAssumptions, newCombo, toDrafts, toSavedCombos } from '../model/combos';

/**
 * Combos (decision 044): sets of cases, each a qualifier per assumption ("Low price": pricing →
 * low), saved under a name; a run of a set computes its selected combos side by side. Writers
 * create, edit and delete sets; readers see them.
 */
export function CombosPanel(props: { projectId: string; scenarioId: string; readOnly: boolean; report: Report }) {
  const { projectId, scenarioId, readOnly, report } = props;
  const queryClient = useQueryClient();
  const qualifiers = useQuery(qualifiersQuery(projectId, scenarioId));
  const saved = useQuery(savedCombosQuery(projectId, scenarioId));
  const assumptions = comboAssumptions(qualifiers.data ?? []);
  const [editing, setEditing] = useState<{ original?: string; savedName: string; combos: ComboDraft[] }>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: combosKey(projectId, scenarioId) });

  const save = useMutation({
    mutationFn: async (draft: NonNullable<typeof editing>) => {
      await saveCombos(projectId, scenarioId, toSavedCombos(draft.savedName, draft.combos));
      if (draft.original && draft.original !== draft.savedName.trim()) {
        await deleteCombos(projectId, scenarioId, draft.original);
      }
    },
    onMutate: () => report.clear(),
    onSuccess: async (_v, draft) => {
      await refresh();
      setEditing(undefined);
      report.ok(`Saved the combos “${draft.savedName.trim()}”.`);
    },
    onError: (e) => report.fail(e),
  });
  const remove = useMutation({
    mutationFn: (savedName: string) => deleteCombos(projectId, scenarioId, savedName),
    onSuccess: async (_v, savedName) => {
      await refresh();
      setEditing(undefined);
      report.ok(`Deleted the combos “${savedName}”.`);
    },
    onError: (e) => report.fail(e),
  });

  const patch = (i: number, p: Partial<ComboDraft>) =>
    setEditing((e) => e && { ...e, combos: e.combos.map((c, j) => (j === i ? { ...c, ...p } : c)) });

  return (
    <section className="panel" aria-labelledby="combos-title">
      <h2 id="combos-title">Combos</h2>
      <p className="muted">
        Cases to compare in one run: each combo picks a qualifier per assumption (the others use {QUALIFIER_DEFAULT}).
      </p>
      <ErrorBanner error={qualifiers.error ?? saved.error} />
      {qualifiers.data && assumptions.length === 0 && (
        <p className="muted">
          Every assumption has only the {QUALIFIER_DEFAULT} qualifier: assign a second model of a kind under another
          qualifier in the grid above to compare cases.
        </p>
      )}
      {saved.data && saved.data.length > 0 && (
        <ul aria-label="Saved combos" className="combo-sets">
          {saved.data.map((s) => (
            <li key={s.savedName}>
              <strong>{s.savedName}</strong>
              {`: ${s.combos.map((c) => (c.selected ? c.comboName : `${c.comboName} (not run)`)).join(', ')}`}
              {!readOnly && (
                <button
                  type="button"
                  aria-label={`Edit combos ${s.savedName}`}
                  onClick={() =>
                    setEditing({ original: s.savedName, savedName: s.savedName, combos: toDrafts(s, assumptionKind) })
                  }
                >
                  Edit
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!readOnly && !editing && assumptions.length > 0 && (
        <button
          type="button"
          onClick={() =>
            setEditing({
              savedName: 'Cases',
              combos: [
                { comboName: 'Base', selected: true, qualifiers: {} },
                newCombo([{ comboName: 'Base', selected: true, qualifiers: {} }]),
              ],
            })
          }
        >
          New combos
        </button>
      )}
      {editing && (
        <form
          aria-label="Edit combos"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(editing);
          }}
        >
          <div className="field">
            <label htmlFor="combos-name">Saved name</label>
            <input
              id="combos-name"
              value={editing.savedName}
              onChange={(e) => setEditing({ ...editing, savedName: e.target.value })}
            />
          </div>
          <div className="grid-scroll">
            <table className="entries" aria-label="Combos of the set">
              <thead>
                <tr>
                  <th scope="col">Combo</th>
                  <th scope="col">Run it</th>
                  {assumptions.map((a) => (
                    <th scope="col" key={a.kind}>
                      {a.econModel}
                    </th>
                  ))}
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {editing.combos.map((c, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and renamed freely
                  <tr key={i}>
                    <td>
                      <input
                        aria-label={`Combo ${i + 1} name`}
                        value={c.comboName}
                        onChange={(e) => patch(i, { comboName: e.target.value })}
                      />
                    </td>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`Run combo ${i + 1}`}
                        checked={c.selected}
                        onChange={(e) => patch(i, { selected: e.target.checked })}
                      />
                    </td>
                    {assumptions.map((a) => (
                      <td key={a.kind}>
                        <select
                          aria-label={`Combo ${i + 1} ${a.econModel}`}
                          value={c.qualifiers[a.kind] ?? QUALIFIER_DEFAULT}
                          onChange={(e) => patch(i, { qualifiers: { ...c.qualifiers, [a.kind]: e.target.value } })}
                        >
                          {a.names.map((n) => (
                            <option key={n} value={n}>
                              {n}
                            </option>
                          ))}
                        </select>
                      </td>
                    ))}
                    <td>
                      <button
                        type="button"
                        className="danger"
                        disabled={editing.combos.length === 1}
                        onClick={() => setEditing({ ...editing, combos: editing.combos.filter((_, j) => j !== i) })}
                      >
                        Remove combo {i + 1}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="row">
            <button
              type="button"
              onClick={() => setEditing({ ...editing, combos: [...editing.combos, newCombo(editing.combos)] })}
            >
              Add combo
            </button>
            <button type="submit" className="primary" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save combos'}
            </button>
            <button type="button" onClick={() => setEditing(undefined)}>
              Cancel
            </button>
            {editing.original && (
              <button
                type="button"
                className="danger"
                disabled={remove.isPending}
                onClick={() => remove.mutate(editing.original!)}
              >
                Delete these combos
              </button>
            )}
          </div>
        </form>
      )}
    </section>
  );
}
