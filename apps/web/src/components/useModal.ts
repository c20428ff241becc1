import { useEffect, useRef } from 'react';

/** A `<dialog>` shown as a modal while `open` is true (focus stays inside, Escape fires `cancel`). */
export function useModal(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}
