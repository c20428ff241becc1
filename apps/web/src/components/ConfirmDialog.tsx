import { type ReactNode, useId } from 'react';
import { useModal } from './useModal';

/**
 * A modal question before something that cannot be undone (the browser's `<dialog>`: focus stays
 * inside, Escape cancels).
 */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { open, title, children, confirmLabel, busy, onConfirm, onCancel } = props;
  const ref = useModal(open);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} style={{ fontSize: 17, margin: '0 0 10px' }}>
        {title}
      </h2>
      <div>{children}</div>
      <div className="row" style={{ marginTop: 16 }}>
        <button type="button" className="danger" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
