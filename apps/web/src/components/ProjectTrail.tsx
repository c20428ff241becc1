import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Breadcrumbs } from './Breadcrumbs';

/** The first steps of a project page's breadcrumb: "Projects", then the project (both links). */
export function projectSteps(projectId: string, projectName: string): ReactNode[] {
  return [
    <Link key="projects" to="/projects">
      Projects
    </Link>,
    <Link key="project" to="/projects/$projectId" params={{ projectId }}>
      {projectName}
    </Link>,
  ];
}

/**
 * The breadcrumb above a project's page: "Projects / <project> / …trail / <current>", every step a
 * link but the page itself.
 */
export function ProjectTrail(props: { projectId: string; projectName: string; trail?: ReactNode[]; current: string }) {
  return (
    <Breadcrumbs
      steps={[...projectSteps(props.projectId, props.projectName), ...(props.trail ?? [])]}
      current={props.current}
    />
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
