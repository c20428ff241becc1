import { ECON_MODEL_SPECS, type EconModelKind, econModelExample } from '@econ/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { sessionQuery } from '../../../features/auth/api/session';
import { econModelQuery } from '../../../features/econModels/api/econModels';
import { EconModelForm, type EconModelTarget } from '../../../features/econModels/components/EconModelForm';
import { KindTabs } from '../../../features/econModels/components/KindTabs';
import { formValuesOf, newFormValues } from '../../../features/econModels/model/formValues';
import { isKind, titleInSentence } from '../../../features/econModels/model/kind';
import { projectQuery } from '../../../features/projects/api/projects';

/** `new` creates (from the contract's example of the kind, or from `?copy=<id>`); an id edits. */
const NEW = 'new';
const Search = z.object({ copy: z.string().min(1).optional().catch(undefined) });

/** One econ model's form: create, edit, copy; read-only for support users and probabilistic CAPEX. */
export const Route = createFileRoute('/_app/projects/$projectId_/econ-models/$kind/$modelId')({
  validateSearch: Search,
  beforeLoad: ({ params }) => {
    if (!isKind(params.kind)) throw notFound();
  },
  loaderDeps: ({ search }) => ({ copy: search.copy }),
  loader: async ({ context: { queryClient }, params, deps }) => {
    if (!isKind(params.kind)) throw notFound();
    const id = params.modelId === NEW ? deps.copy : params.modelId;
    await Promise.all([
      queryClient.ensureQueryData(projectQuery(params.projectId)),
      id ? queryClient.ensureQueryData(econModelQuery(params.projectId, params.kind, id)) : undefined,
    ]);
  },
  component: EconModelPage,
});

function EconModelPage() {
  const { projectId, kind: rawKind, modelId } = Route.useParams();
  const { copy } = Route.useSearch();
  const kind = isKind(rawKind) ? rawKind : 'depreciation';
  const id = modelId === NEW ? copy : modelId;
  const page = { projectId, kind, modelId, copy };
  return id ? <StoredModelPage {...page} id={id} /> : <ModelPage {...page} target={{ mode: 'create' }} />;
}

interface PageProps {
  projectId: string;
  kind: EconModelKind;
  modelId: string;
  copy: string | undefined;
}

/** An existing model, edited, or the source of a copy. */
function StoredModelPage(props: PageProps & { id: string }) {
  const { data: doc } = useSuspenseQuery(econModelQuery(props.projectId, props.kind, props.id));
  return (
    <ModelPage {...props} target={props.modelId === NEW ? { mode: 'copy', source: doc } : { mode: 'edit', doc }} />
  );
}

function ModelPage({ projectId, kind, modelId, copy, target }: PageProps & { target: EconModelTarget }) {
  const spec = ECON_MODEL_SPECS[kind];
  const { data: project } = useSuspenseQuery(projectQuery(projectId));
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
      <p className="muted">
        <Link to="/projects">Projects</Link> /{' '}
        <Link to="/projects/$projectId" params={{ projectId }}>
          {project.name}
        </Link>{' '}
        /{' '}
        <Link to="/projects/$projectId/econ-models/$kind" params={{ projectId, kind }} search={{}}>
          {spec.title} models
        </Link>{' '}
        /
      </p>
      <KindTabs projectId={projectId} />
      <h1>{heading}</h1>
      <EconModelForm
        // A new target (saved as new, another copy) is a new form with its own defaults.
        key={`${kind}/${modelId}/${copy ?? ''}`}
        projectId={projectId}
        kind={kind}
        target={target}
        defaultValues={defaultValues}
        canWrite={session?.user.role !== 'support'}
      />
    </>
  );
}
