import type { ErrorDetail, MigrationCall } from '@econ/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ChangeEvent, useState } from 'react';
import { sendJson } from '../../../lib/http';
import { typeCurvesKey } from '../api/typeCurves';
import {
  type CallError,
  type CurveRun,
  initialRun,
  type JsonSyntaxError,
  type PlannedCurve,
  type PreviewResult,
  previewMigration,
  type RunState,
  runMigration,
  runReducer,
  type Send,
  type StepState,
} from '../model/migration';
import './MigrationPage.css';
import './typeCurves.css';

/** The API through the BFF: `/api` + the planned path; a refusal is thrown as HttpError. */
const send: Send = async (method, path, body) => {
  const res = await sendJson(`/api${path}`, method, body);
  return res.status === 204 ? undefined : res.json().catch(() => undefined);
};

const STEP_LABEL: Record<MigrationCall['step'], string> = {
  create: 'Create the type curve',
  fits: 'Write the fits',
  normalization: 'Write the normalization',
};

/**
 * The V1 → V2 migration assistant in the console (spec part 9.5): paste or load V1 type curves,
 * preview the V2 calls and what cannot be carried, and (engineers, admins) run them through the API.
 */
export function MigrationPage(props: { projectId: string; canRun: boolean }) {
  const { projectId, canRun } = props;
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [preview, setPreview] = useState<{ text: string; result: PreviewResult } | null>(null);
  const [run, setRun] = useState<RunState | null>(null);
  const [running, setRunning] = useState(false);
  const stale = preview !== null && preview.text !== text;

  const doPreview = (t: string) => {
    setPreview({ text: t, result: previewMigration(t, projectId) });
    setRun(null);
  };
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    const t = await file.text();
    e.target.value = ''; // so choosing the same file again (after editing it) reads it again
    setText(t);
    doPreview(t);
  };
  const curves = preview?.result.kind === 'plans' ? preview.result.curves : [];
  const runnable = curves.some((c) => c.issues.length === 0);
  const onRun = async () => {
    if (!runnable || stale || running) return;
    setRun(initialRun(curves));
    setRunning(true);
    try {
      await runMigration(curves, send, (event) => setRun((s) => (s ? runReducer(s, event) : s)));
    } finally {
      setRunning(false);
      await queryClient.invalidateQueries({ queryKey: typeCurvesKey(projectId) });
    }
  };

  return (
    <>
      <section className="panel" aria-labelledby="mig-input-title">
        <h2 id="mig-input-title">V1 type curve</h2>
        <p className="muted">
          Paste one V1 type curve as <code>GET /v1/projects/…/type-curves/{'{id}'}</code> returned it (add its{' '}
          <code>normalization</code> and its <code>representativeWells</code> to carry them too), or an array of them.
        </p>
        <label htmlFor="mig-text">V1 type curve JSON</label>
        <textarea
          id="mig-text"
          className="mig-text"
          rows={12}
          spellCheck={false}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={preview?.result.kind === 'syntax' || preview?.result.kind === 'schema' ? true : undefined}
          aria-describedby={preview && preview.result.kind !== 'plans' ? 'mig-input-error' : undefined}
        />
        <div className="row mig-actions">
          <button type="button" className="primary" onClick={() => doPreview(text)} disabled={running}>
            Preview
          </button>
          <label className="mig-file">
            Or load a .json file
            <input type="file" accept=".json,application/json" onChange={onFile} disabled={running} />
          </label>
        </div>
        {preview && preview.result.kind !== 'plans' && <InputError result={preview.result} />}
      </section>

      {curves.length > 0 && (
        <section aria-labelledby="mig-plan-title">
          <div className="row spread mig-plan-head">
            <h2 id="mig-plan-title">
              {curves.length === 1 ? 'Plan for 1 type curve' : `Plan for ${curves.length} type curves`}
            </h2>
            {canRun ? (
              <button
                type="button"
                className="primary"
                onClick={onRun}
                disabled={!runnable || stale || running || run?.finished === true}
              >
                {running ? 'Running…' : 'Run migration'}
              </button>
            ) : null}
          </div>
          {stale && (
            <div className="banner warn" role="status">
              The text changed since this preview: preview it again before running.
            </div>
          )}
          {!canRun && <p className="muted">Read only: your role can preview a migration but not run it.</p>}
          {run?.finished && <RunSummary run={run} />}
          {curves.map((c, i) => (
            <CurvePlan
              // biome-ignore lint/suspicious/noArrayIndexKey: the plans of one preview never move
              key={i}
              projectId={projectId}
              curve={c}
              run={run?.curves[i]}
            />
          ))}
        </section>
      )}
    </>
  );
}

/** Why the text gave no plan: nothing pasted, a JSON syntax error at its place, or the V1 schema issues. */
function InputError({ result }: { result: Exclude<PreviewResult, { kind: 'plans' }> }) {
  return (
    <div className="banner error" role="alert" id="mig-input-error">
      {result.kind === 'empty' && result.message}
      {result.kind === 'syntax' && <JsonSyntaxMessage error={result.error} />}
      {result.kind === 'schema' && (
        <>
          Not a V1 type curve ({result.issues.length === 1 ? '1 issue' : `${result.issues.length} issues`}):
          <ul className="mig-issues">
            {result.issues.map((i) => (
              <li key={`${i.path}|${i.message}`}>
                <code>{i.path || '(the whole record)'}</code>: {i.message}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function JsonSyntaxMessage({ error }: { error: JsonSyntaxError }) {
  return (
    <>
      Not valid JSON at line {error.line}, column {error.column} (character {error.position + 1}): {error.message}.
      <pre className="mig-caret" aria-hidden="true">
        {error.lineText}
        {'\n'}
        {`${' '.repeat(Math.max(0, error.column - 1))}^`}
      </pre>
    </>
  );
}

/** How many curves went through, once the run is over. */
function RunSummary({ run }: { run: RunState }) {
  const migrated = run.curves.filter((c) => c.status === 'migrated').length;
  const all = run.curves.length;
  const ok = migrated === all;
  return (
    <div className={`banner ${ok ? 'ok' : 'error'}`} role={ok ? 'status' : 'alert'}>
      {ok
        ? all === 1
          ? 'Migrated the type curve.'
          : `Migrated all ${all} type curves.`
        : all === 1
          ? 'The type curve was not migrated: see below why. Correct the text, preview it and run it again.'
          : `Migrated ${migrated} of ${all} type curves: see below what failed. Before running the text again, take out the curves that were migrated (their names are taken now).`}
    </div>
  );
}

/** One V1 type curve: its calls (with their bodies), the contract's objections, the notes, and how its run went. */
function CurvePlan(props: { projectId: string; curve: PlannedCurve; run: CurveRun | undefined }) {
  const { projectId, curve, run } = props;
  const { plan, issues } = curve;
  return (
    <article className="panel mig-curve" aria-label={`Migration of ${plan.name}`}>
      <div className="row spread">
        <h3>{plan.name}</h3>
        {run && <CurveBadge run={run} />}
      </div>
      {plan.v1Id && <p className="muted">V1 id {plan.v1Id} (the V2 type curve gets a new id).</p>}
      {run?.status === 'migrated' && run.id && (
        <p className="mig-done">
          Migrated:{' '}
          <Link to="/projects/$projectId/type-curves/$typeCurveId" params={{ projectId, typeCurveId: run.id }}>
            Open {plan.name}
          </Link>
        </p>
      )}
      {run?.status === 'failed' && <CurveFailure projectId={projectId} run={run} />}
      {issues.length > 0 && (
        <div className="banner warn">
          The V2 contract refuses {issues.length === 1 ? 'a body' : 'bodies'} of this plan, so it will not be run:
          <ul className="mig-issues">
            {issues.map((i) => (
              <li key={`${i.step}|${i.path}|${i.message}`}>
                {STEP_LABEL[i.step]}: <code>{i.path || '(the body)'}</code>: {i.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <table className="mig-calls" aria-label={`Calls for ${plan.name}`}>
        <thead>
          <tr>
            <th>Step</th>
            <th>Call</th>
            {run && <th>Result</th>}
          </tr>
        </thead>
        <tbody>
          {plan.calls.map((call, i) => (
            <tr key={call.step}>
              <td>{STEP_LABEL[call.step]}</td>
              <td>
                <code>
                  {call.method} {run?.steps[i]?.path ?? call.path}
                </code>
                <details>
                  <summary>Body</summary>
                  <pre className="mig-body">{JSON.stringify(call.body, null, 2)}</pre>
                </details>
              </td>
              {run && <td>{run.steps[i] && <StepBadge step={run.steps[i]} />}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      <h4>What cannot be carried</h4>
      {plan.notes.length ? (
        <ul className="mig-notes" aria-label={`Notes for ${plan.name}`}>
          {plan.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">Everything is carried.</p>
      )}
    </article>
  );
}

function CurveBadge({ run }: { run: CurveRun }) {
  const cls =
    run.status === 'migrated' ? 'active' : run.status === 'failed' ? 'error' : run.status === 'skipped' ? 'warn' : '';
  return <span className={`badge ${cls}`}>{run.status}</span>;
}

function StepBadge({ step }: { step: StepState }) {
  const cls = step.status === 'done' ? 'active' : step.status === 'failed' ? 'error' : '';
  return <span className={`badge ${cls}`}>{step.status}</span>;
}

/** The failing step with the API's answer, and what became of the new type curve. */
function CurveFailure({ projectId, run }: { projectId: string; run: CurveRun }) {
  const failed = run.steps.find((s) => s.status === 'failed');
  return (
    <div className="banner error" role="alert">
      {failed?.error && (
        <>
          {STEP_LABEL[failed.step]} failed ({failed.method} {failed.path}): <ApiError error={failed.error} />
        </>
      )}
      {run.rollback?.status === 'deleted' && (
        <p className="mig-rollback">
          The new type curve was deleted again, so nothing of this curve is left in V2: correct the text and run it
          again.
        </p>
      )}
      {run.rollback?.status === 'delete failed' && run.id && (
        <p className="mig-rollback">
          Deleting the new type curve failed too ({run.rollback.error.status ?? 'no answer'}{' '}
          {run.rollback.error.message}): it is still there,{' '}
          <Link to="/projects/$projectId/type-curves/$typeCurveId" params={{ projectId, typeCurveId: run.id }}>
            open it
          </Link>{' '}
          to delete it or to finish it by hand.
        </p>
      )}
    </div>
  );
}

function ApiError({ error }: { error: CallError }) {
  return (
    <>
      {error.status !== undefined && <strong>{error.status}</strong>} {error.message}
      {error.details.length > 0 && (
        <ul className="mig-issues">
          {error.details.map((d: ErrorDetail) => (
            <li key={`${d.field}|${d.message}`}>
              {d.message}
              <span className="muted">
                {' '}
                ({d.field ? `field ${d.field}, ` : ''}rule {d.rule}
                {d.value !== undefined ? `, value ${JSON.stringify(d.value)}` : ''})
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
