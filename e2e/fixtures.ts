import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

export const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD!;
export const DATA_ROOT = process.env.E2E_DATA_ROOT!;
export const USER_PASSWORD = 'e2e-user-password-0123';
export const API_URL = `http://127.0.0.1:${process.env.E2E_API_PORT}`;

/** The API's admin token, as `npm start` left it in the data folder (for making v1 ZIPs in stories). */
export const apiAdminToken = () => readFileSync(join(DATA_ROOT, 'api', 'admin-token'), 'utf8').trim();
export const demo = () => JSON.parse(readFileSync(join(DATA_ROOT, 'demo.json'), 'utf8')) as { companyId: string };

/** Signs in through the real sign-in page. */
export async function signInAs(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
}

/** Makes sure a console user with this role exists (created by the admin through the BFF). */
export async function ensureUser(request: APIRequestContext, role: 'engineer' | 'support'): Promise<string> {
  const username = `${role}1`;
  const login = await request.post('/bff/session', { data: { username: 'admin', password: ADMIN_PASSWORD } });
  expect(login.status()).toBe(200);
  const { csrfToken } = (await login.json()) as { csrfToken: string };
  const res = await request.post('/bff/users', {
    data: { username, password: USER_PASSWORD, role },
    headers: { 'x-csrf-token': csrfToken },
  });
  expect([201, 409]).toContain(res.status());
  await request.delete('/bff/session', { headers: { 'x-csrf-token': csrfToken } });
  return username;
}

/** A console request from the signed-in page (same cookie, CSRF header on writes). */
export async function call(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const session = (await (await fetch('/bff/session')).json()) as { csrfToken: string };
      const res = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, json: (await res.json().catch(() => null)) as unknown };
    },
    { method, path, body },
  );
}

type Fixtures = { asAdmin: Page; asEngineer: Page; asSupport: Page };

/** Pages already signed in as each role. */
export const test = base.extend<Fixtures>({
  asAdmin: async ({ page }, use) => {
    await signInAs(page, 'admin', ADMIN_PASSWORD);
    await use(page);
  },
  asEngineer: async ({ page, request }, use) => {
    await signInAs(page, await ensureUser(request, 'engineer'), USER_PASSWORD);
    await use(page);
  },
  asSupport: async ({ page, request }, use) => {
    await signInAs(page, await ensureUser(request, 'support'), USER_PASSWORD);
    await use(page);
  },
});
export { expect };
