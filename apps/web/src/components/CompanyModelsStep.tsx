import { Link } from '@tanstack/react-router';

/** The first step of the company econ model pages' breadcrumb ("Company models": the first kind's list). */
export function CompanyModelsStep() {
  return <Link to="/econ-models">Company models</Link>;
}
