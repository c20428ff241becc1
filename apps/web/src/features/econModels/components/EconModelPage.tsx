import { ECON_MODEL_SPECS, type EconModelKind, econModelExample } from '@econ/contract';
import type { QueryClient } from '@tanstack/react-query';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { sessionQuery } from '../../auth/api/session';
import { type EconModelScope, econModelQuery } from '../api/econModels';
import { formValuesOf, newFormValues } from '../model/formValues';
import { titleInSentence } from '../model/kind';
import { NEW_MODEL } from '../model/listSearch';
import { EconModelForm, type EconModelTarget } from './EconModelForm';
import { KindTabs } from './KindTabs';

/** The id a model page reads: its own, or (for `new?copy=`) the source of the copy. */
const storedId = (modelId: string, copy: string | undefined) => (modelId === NEW_MODEL ? copy : modelId);

export const loadEconModel = async (
  queryClient: QueryClient,
  scope: EconModelScope,
  kind: EconModelKind,
  modelId: string,
  copy: string | undefined,
) => {
  const id = storedId(modelId, copy);
  if (id) await queryClient.ensureQueryData(econModelQuery(scope, kind, id));
};

interface PageProps {
  scope: EconModelScope;
  kind: EconModelKind;
  modelId: string;
  copy: string | undefined;
  /** The breadcrumb's steps above the page (the route knows its scope's pages). */
  breadcrumb: ReactNode[];
}

/**
 * One econ model's page, of a project or of the company: create (from the contract's example of the
 * kind), edit, copy; read-only for support users and probabilistic CAPEX.
 */
export function EconModelPage(props: PageProps) {
  const id = storedId(props.modelId, props.copy);
  return id ? <StoredModelPage {...props} id={id} /> : <ModelPage {...props} target={{ mode: 'create' }} />;
}

/** An existing model, edited, or the source of a copy. */
function StoredModelPage(props: PageProps & { id: string }) {
  const { data: doc } = useSuspenseQuery(econModelQuery(props.scope, props.kind, props.id));
  return (
    <ModelPage
      {...props}
      target={props.modelId === NEW_MODEL ? { mode: 'copy', source: doc } : { mode: 'edit', doc }}
    />
  );
}

function ModelPage({ scope, kind, modelId, copy, breadcrumb, target }: PageProps & { target: EconModelTarget }) {
  const spec = ECON_MODEL_SPECS[kind];
  const { data: session } = useSuspenseQuery(sessionQuery);
  const defaultValues =
    target.mode === 'edit'
      ? formValuesOf(spec.functions, target.doc)
      : target.mode === 'copy'
        ? { ...formValuesOf(spec.functions, target.source), name: `Copy of ${target.source.name}` }
        : newFormValues(econModelExample(kind));
  const heading =
    target.mode === 'edit'
      ? target.doc.name
      : target.mode === 'copy'
        ? `Copy of ${target.source.name}`
        : `New ${titleInSentence(spec.title)} model`;
  return (
    <>
      <Breadcrumbs steps={breadcrumb} current={heading} />
      <KindTabs scope={scope} />
      <h1>{heading}</h1>
      <EconModelForm
        // A new target (saved as new, another copy) is a new form with its own defaults.
        key={`${kind}/${modelId}/${copy ?? ''}`}
        scope={scope}
        kind={kind}
        target={target}
        defaultValues={defaultValues}
        canWrite={session?.user.role !== 'support'}
      />
    </>
  );
}
