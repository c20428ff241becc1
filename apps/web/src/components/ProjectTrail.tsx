import { Link } from '@tanstack/react-router';
import { Fragment, type ReactNode } from 'react';

/**
 * The breadcrumb of a project's pages: "Projects / <project> / …trail /", each step a link but the
 * page itself. `ProjectCrumbs` is the bare line, for pages that place it themselves.
 */
export function ProjectCrumbs(props: { projectId: string; projectName: string; trail?: ReactNode[] }) {
  const steps = [
    <Link key="project" to="/projects/$projectId" params={{ projectId: props.projectId }}>
      {props.projectName}
    </Link>,
    ...(props.trail ?? []),
  ];
  return (
    <>
      <Link to="/projects">Projects</Link> /{' '}
      {steps.map((step, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the steps are fixed for a page
        <Fragment key={i}>
          {step} /{i < steps.length - 1 ? ' ' : ''}
        </Fragment>
      ))}
    </>
  );
}

/** The breadcrumb line above a project's page. */
export function ProjectTrail(props: { projectId: string; projectName: string; trail?: ReactNode[] }) {
  return (
    <p className="muted">
      <ProjectCrumbs {...props} />
    </p>
  );
}

/** The "Type curves" step of the type-curve pages' trail. */
export function TypeCurvesStep(props: { projectId: string }) {
  return (
    <Link to="/projects/$projectId/type-curves" params={{ projectId: props.projectId }}>
      Type curves
    </Link>
  );
}
