import { useBlocker } from '@tanstack/react-router';
import { useId, useRef } from 'react';
import { useModal } from '../../../components/useModal';
import { dropDrafts, useDrafts } from '../model/draftStore';
import { type Combo, comboKey, isDirty } from '../model/drafts';
import { leaving, type Place } from '../model/leaving';

/**
 * Asks before unsaved segments are left behind: another page or forecast (any unsaved draft of
 * this forecast), another well, phase or series (the shown one unsaved), through the router's
 * blocker with a dialog: stay, go and keep the drafts in this tab, or discard them and go. A reload
 * or closing the tab asks through the browser (`beforeunload`): drafts do not outlive the page.
 * Returns `skipNext`: the next navigation is not asked about (opening another draft loses nothing).
 */
export function useLeaveGuard(props: { forecastId: string; combo: Combo; label: (c: Combo) => string }) {
  const { forecastId, combo, label } = props;
  const drafts = useDrafts(forecastId);
  const skip = useRef(false);
  const anyDirty = [...drafts.values()].some(isDirty);
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) => {
      if (skip.current) {
        skip.current = false;
        return false;
      }
      return leaving(current as Place, next as Place, combo, drafts) !== undefined;
    },
    enableBeforeUnload: () => anyDirty,
    withResolver: true,
  });
  const question =
    blocker.status === 'blocked' ? leaving(blocker.current as Place, blocker.next as Place, combo, drafts) : undefined;
  const ref = useModal(question !== undefined);
  const titleId = useId();
  const dialog = (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        blocker.reset?.();
      }}
    >
      {question && (
        <>
          <h2 id={titleId} style={{ fontSize: 17, margin: '0 0 10px' }}>
            Unsaved changes
          </h2>
          {question.kind === 'combo' ? (
            <p>The segments of {label(question.drafts[0]!.combo)} are not saved.</p>
          ) : (
            <>
              <p>
                {question.drafts.length === 1
                  ? 'One combination of this forecast is'
                  : `${question.drafts.length} combinations of this forecast are`}{' '}
                not saved:
              </p>
              <ul>
                {question.drafts.map((d) => (
                  <li key={comboKey(d.combo)}>{label(d.combo)}</li>
                ))}
              </ul>
            </>
          )}
          <p className="muted">Kept drafts stay in this tab until it is reloaded or you sign out.</p>
          <div className="row" style={{ marginTop: 16 }}>
            <button type="button" className="primary" onClick={() => blocker.reset?.()}>
              Stay
            </button>
            <button type="button" onClick={() => blocker.proceed?.()}>
              Keep as draft and go
            </button>
            <button
              type="button"
              className="danger"
              onClick={() => {
                dropDrafts(
                  forecastId,
                  question.drafts.map((d) => comboKey(d.combo)),
                );
                blocker.proceed?.();
              }}
            >
              Discard changes and go
            </button>
          </div>
        </>
      )}
    </dialog>
  );
  return {
    dialog,
    skipNext: () => {
      skip.current = true;
    },
  };
}
