import { ECON_MODEL_KINDS } from '@econ/contract';
import { createFileRoute, redirect } from '@tanstack/react-router';

/** The company's econ models open on the first kind's list. */
export const Route = createFileRoute('/_app/econ-models/')({
  beforeLoad: () => {
    throw redirect({ to: '/econ-models/$kind', params: { kind: ECON_MODEL_KINDS[0] }, search: {}, replace: true });
  },
});
