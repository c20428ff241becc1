import type { EconModelKind, Scenario, ScenarioAssignmentRow } from '@econ/contract';
import { type UseQueryResult, useQueries, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Report } from '../../../components/Banner';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Pager, SortHeader } from '../../../components/Pager';
import {
  assignModel,
  type GridParams,
  gridKey,
  gridQuery,
  type ModelChoice,
  modelChoicesQuery,
  unassignModel,
} from '../api/scenarios';
import {
  assignedModel,
  assignToAll,
  assignToWell,
  assignToWells,
  KIND_COLUMNS,
  qualifiersOf,
} from '../model/assignments';
import './assignmentGrid.css';
import { clickWell, pageState, togglePage, wellsPhrase } from '../model/wellSelection';

type Choices = { project: ModelChoice[]; company: ModelChoice[] };

/** The pickers' models per kind (a module-level `combine` keeps the result stable between renders). */
function combineChoices(results: UseQueryResult<Choices>[]) {
  return {
    byKind: new Map(KIND_COLUMNS.map((c, i) => [c.kind, results[i]?.data])),
    error: results.find((r) => r.isError)?.error,
  };
}

/**
 * The scenario's assignment grid: a row per well (paged, sorted by name), a column per econ model
 * kind showing the model assigned under the chosen qualifier; the grid scrolls sideways inside its
 * box under the sticky well column. Writers pick another model of the kind (the project's or the
 * company's) or none in a cell; tick wells (Shift-click for a range, the header box for the page)
 * and assign one model to all of them in one request; or assign one model to every well from the
 * column's header (after a confirmation).
 */
export function AssignmentGrid(props: {
  projectId: string;
  scenario: Scenario;
  page: GridParams;
  qualifier: string;
  onPage: (next: GridParams) => void;
  onQualifier: (q: string) => void;
  readOnly: boolean;
  report: Report;
}) {
  const { projectId, scenario, page, qualifier, onPage, onQualifier, readOnly, report } = props;
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(gridQuery(projectId, scenario.id, page));
  const choices = useQueries({
    queries: KIND_COLUMNS.map((c) => ({ ...modelChoicesQuery(projectId, c.kind), enabled: !readOnly })),
    combine: combineChoices,
  });
  const [busy, setBusy] = useState<Record<string, string>>({});
  const [allWells, setAllWells] = useState<{ kind: EconModelKind; title: string; model: ModelChoice }>();
  const [newQualifier, setNewQualifier] = useState('');
  const [selected, setSelected] = useState<ReadonlyMap<string, string>>(new Map());
  const [anchor, setAnchor] = useState<number>();
  const [bulkKind, setBulkKind] = useState<EconModelKind>(KIND_COLUMNS[0]!.kind);
  const [bulkModel, setBulkModel] = useState('');

  /** Runs one write for a cell (or a column), showing `pending` in it until the grid is read again. */
  const write = async (key: string, pending: string, action: () => Promise<void>, done: string) => {
    setBusy((b) => ({ ...b, [key]: pending }));
    report.clear();
    try {
      await action();
      report.ok(done);
    } catch (e) {
      report.fail(e);
    } finally {
      await queryClient.invalidateQueries({ queryKey: gridKey(projectId, scenario.id) });
      setBusy(({ [key]: _, ...rest }) => rest);
    }
  };

  const pick = (row: ScenarioAssignmentRow, kind: EconModelKind, title: string, modelId: string) => {
    const current = assignedModel(row, kind, qualifier);
    const key = `${row.well}:${kind}`;
    if (modelId === '') {
      if (!current) return;
      void write(
        key,
        '',
        () =>
          unassignModel(projectId, {
            kind,
            modelId: current.id,
            scenarioId: scenario.id,
            qualifierName: qualifier,
            wells: [row.well],
          }),
        `${row.wellName} has no ${title} model now.`,
      );
      return;
    }
    const name = findChoice(choices.byKind.get(kind), modelId)?.name ?? modelId;
    void write(
      key,
      modelId,
      () => assignModel(projectId, assignToWell(kind, modelId, scenario.id, qualifier, row.well)),
      `Assigned ${name} to ${row.wellName}.`,
    );
  };

  const confirmAll = () => {
    if (!allWells) return;
    const { kind, title, model } = allWells;
    setAllWells(undefined);
    void write(
      `all:${kind}`,
      model.id,
      () => assignModel(projectId, assignToAll(kind, model.id, scenario.id, qualifier)),
      `Assigned ${model.name} (${title}) to all ${scenario.wells.length} wells.`,
    );
  };

  const assignSelected = () => {
    const model = findChoice(choices.byKind.get(bulkKind), bulkModel);
    if (!model || selected.size === 0) return;
    const title = KIND_COLUMNS.find((c) => c.kind === bulkKind)!.title;
    const wells = [...selected.keys()];
    const names = [...selected.values()];
    void write(
      `bulk:${bulkKind}`,
      model.id,
      () => assignModel(projectId, assignToWells(bulkKind, model.id, scenario.id, qualifier, wells)),
      `Assigned ${model.name} (${title}) to ${wells.length} well${wells.length === 1 ? '' : 's'}: ${wellsPhrase(names)}.`,
    );
  };
  const kindBusy = (kind: EconModelKind) => busy[`all:${kind}`] !== undefined || busy[`bulk:${kind}`] !== undefined;
  const shown = pageState(selected, data.items);

  const qualifiers = qualifiersOf(data.items, qualifier);
  const sortBy = (sort: string) => onPage({ ...page, sort, skip: 0 });
  return (
    <section className="panel" aria-labelledby="grid-title">
      <div className="row spread">
        <h2 id="grid-title">Econ model assignments</h2>
        <div className="row qualifier-picker">
          <label htmlFor="grid-qualifier">Qualifier</label>
          <select id="grid-qualifier" value={qualifier} onChange={(e) => onQualifier(e.target.value)}>
            {qualifiers.map((q) => (
              <option key={q} value={q}>
                {q}
              </option>
            ))}
          </select>
          {!readOnly && (
            <form
              className="row"
              onSubmit={(e) => {
                e.preventDefault();
                const q = newQualifier.trim();
                if (!q) return;
                setNewQualifier('');
                onQualifier(q);
              }}
            >
              <input
                aria-label="New qualifier name"
                placeholder="New qualifier"
                maxLength={100}
                value={newQualifier}
                onChange={(e) => setNewQualifier(e.target.value)}
              />
              <button type="submit" disabled={!newQualifier.trim()}>
                Add
              </button>
            </form>
          )}
        </div>
      </div>
      {readOnly && <p className="muted">Read only: your role can look at assignments but not change them.</p>}
      {choices.error !== undefined && (
        <div className="banner error" role="alert">
          {`Could not read the econ models to pick from: ${choices.error instanceof Error ? choices.error.message : String(choices.error)}`}
        </div>
      )}
      {!readOnly && (
        <form
          className="row bulk-assign"
          aria-label="Assign a model to the selected wells"
          onSubmit={(e) => {
            e.preventDefault();
            assignSelected();
          }}
        >
          <span className="muted" aria-live="polite">
            {selected.size === 0
              ? 'Tick wells (Shift-click for a range) to assign a model to many at once.'
              : `${selected.size} well${selected.size === 1 ? '' : 's'} selected`}
          </span>
          <label htmlFor="bulk-kind">Model kind</label>
          <select
            id="bulk-kind"
            value={bulkKind}
            onChange={(e) => {
              setBulkKind(e.target.value as EconModelKind);
              setBulkModel('');
            }}
          >
            {KIND_COLUMNS.map(({ kind, title }) => (
              <option key={kind} value={kind}>
                {title}
              </option>
            ))}
          </select>
          <label htmlFor="bulk-model">Model</label>
          <select id="bulk-model" value={bulkModel} onChange={(e) => setBulkModel(e.target.value)}>
            <option value="">Pick a model…</option>
            <ModelOptions choices={choices.byKind.get(bulkKind)} />
          </select>
          <button
            className="primary"
            type="submit"
            disabled={selected.size === 0 || bulkModel === '' || kindBusy(bulkKind)}
          >
            {busy[`bulk:${bulkKind}`] !== undefined
              ? 'Assigning…'
              : `Assign to ${selected.size} selected well${selected.size === 1 ? '' : 's'}`}
          </button>
          <button type="button" disabled={selected.size === 0} onClick={() => setSelected(new Map())}>
            Clear selection
          </button>
        </form>
      )}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable by keyboard */}
      <section className="grid-scroll assignment-scroll" tabIndex={0} aria-label="Assignment grid, scrolls sideways">
        <table
          aria-label="Econ model assignments"
          className={readOnly ? 'assignment-grid' : 'assignment-grid selectable'}
        >
          <thead>
            <tr>
              {!readOnly && (
                <th scope="col" className="pick">
                  <input
                    type="checkbox"
                    aria-label="Select every well on this page"
                    checked={shown === 'all'}
                    ref={(el) => {
                      if (el) el.indeterminate = shown === 'some';
                    }}
                    disabled={data.items.length === 0}
                    onChange={() => setSelected(togglePage(selected, data.items))}
                  />
                </th>
              )}
              <SortHeader field="wellName" label="Well" sort={page.sort} onSort={sortBy} />
              {KIND_COLUMNS.map(({ kind, title }) => (
                <th key={kind} scope="col" title={title}>
                  <div className="kind-title">{title}</div>
                  {!readOnly && (
                    <select
                      aria-label={`Assign a ${title} model to all wells`}
                      className="assign-all"
                      value={busy[`all:${kind}`] ?? ''}
                      disabled={kindBusy(kind) || scenario.wells.length === 0}
                      onChange={(e) => {
                        const model = findChoice(choices.byKind.get(kind), e.target.value);
                        if (model) setAllWells({ kind, title, model });
                      }}
                    >
                      <option value="">{busy[`all:${kind}`] ? 'Assigning…' : 'All wells…'}</option>
                      <ModelOptions choices={choices.byKind.get(kind)} />
                    </select>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.items.map((row, index) => (
              <tr key={row.well} className={selected.has(row.well) ? 'selected' : undefined}>
                {!readOnly && (
                  <td className="pick">
                    <input
                      type="checkbox"
                      aria-label={`Select ${row.wellName}`}
                      checked={selected.has(row.well)}
                      onChange={(e) => {
                        // A box's change comes from a click (Space too): its event tells whether Shift was down.
                        const shift = (e.nativeEvent as MouseEvent).shiftKey === true;
                        setSelected(clickWell(selected, data.items, index, e.target.checked, shift, anchor));
                        setAnchor(index);
                      }}
                    />
                  </td>
                )}
                <th scope="row" title={row.wellName}>
                  {row.wellName}
                </th>
                {KIND_COLUMNS.map(({ kind, title }) => {
                  const current = assignedModel(row, kind, qualifier);
                  if (readOnly) {
                    return (
                      <td
                        key={kind}
                        className={current ? 'model-name' : 'muted'}
                        title={current ? `${current.name} (${current.scope} model)` : undefined}
                      >
                        {current ? current.name : '—'}
                      </td>
                    );
                  }
                  const key = `${row.well}:${kind}`;
                  return (
                    <td key={kind}>
                      <select
                        aria-label={`${title} model for ${row.wellName}`}
                        title={current ? `${current.name} (${current.scope} model)` : undefined}
                        value={busy[key] ?? current?.id ?? ''}
                        disabled={busy[key] !== undefined || kindBusy(kind)}
                        onChange={(e) => pick(row, kind, title, e.target.value)}
                      >
                        <option value="">—</option>
                        <ModelOptions choices={choices.byKind.get(kind)} current={current} />
                      </select>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {data.items.length === 0 && <p className="muted">This scenario has no wells.</p>}
      <Pager
        skip={page.skip}
        take={page.take}
        total={data.total}
        hasNext={data.hasNext}
        onSkip={(skip) => onPage({ ...page, skip })}
      />
      <ConfirmDialog
        open={allWells !== undefined}
        title="Assign to all wells"
        confirmLabel="Assign to all wells"
        onConfirm={confirmAll}
        onCancel={() => setAllWells(undefined)}
      >
        {allWells && (
          <p>
            {`${allWells.model.name} becomes the ${allWells.title} model of all ${scenario.wells.length} wells of ${scenario.name}`}
            {` (qualifier ${qualifier}), replacing the ${allWells.title} models they have now.`}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}

const findChoice = (c: Choices | undefined, id: string) =>
  c?.project.find((m) => m.id === id) ?? c?.company.find((m) => m.id === id);

/** A kind's models as options: the project's, then the company's; the assigned one even when not listed. */
function ModelOptions({ choices, current }: { choices: Choices | undefined; current?: { id: string; name: string } }) {
  const listed = current && findChoice(choices, current.id);
  return (
    <>
      {current && !listed && <option value={current.id}>{current.name}</option>}
      {choices && choices.project.length > 0 && (
        <optgroup label="Project models">
          {choices.project.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </optgroup>
      )}
      {choices && choices.company.length > 0 && (
        <optgroup label="Company models">
          {choices.company.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </optgroup>
      )}
    </>
  );
}
