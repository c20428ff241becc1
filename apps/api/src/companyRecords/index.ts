import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../appEnv';
import { registerOwnershipQualifierRoutes } from './ownershipRoutes';
import { registerTagRoutes } from './tagRoutes';
import { registerUserRoleRoutes } from './userRoutes';

/** Tags, ownership qualifiers and user roles (issue 21, decision 053). */
export function registerCompanyRecordRoutes(app: OpenAPIHono<AppEnv>): void {
  registerTagRoutes(app);
  registerOwnershipQualifierRoutes(app);
  registerUserRoleRoutes(app);
}
