/**
 * A line for the page a write leads to ("Created …" after a create or a copy opens the new model):
 * kept for that model's id until its page has shown it.
 */
let pending: { id: string; message: string } | undefined;

export const setNotice = (id: string, message: string): void => {
  pending = { id, message };
};

/** The notice for `id`, if one waits (reading does not clear it: React may render twice). */
export const peekNotice = (id: string | undefined): string | undefined =>
  id !== undefined && pending?.id === id ? pending.message : undefined;

export const clearNotice = (id: string | undefined): void => {
  if (pending?.id === id) pending = undefined;
};
