import { expect, test } from './fixtures';

test('a support user sees no write controls, and a forged write request is refused', async ({ asSupport: page }) => {
  // Read access works: the demo project and its wells.
  await page.getByRole('link', { name: 'Permian Basin Demo' }).click();
  await expect(page.getByRole('cell', { name: 'MIDLAND UNIT 100H' })).toBeVisible();
  // No admin navigation, no write buttons anywhere on the page.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Credentials' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /create|upload|add|delete|remove|revoke|save/i })).toHaveCount(0);
  // A forged write from the page itself (session cookie and a valid CSRF token) is refused by the server.
  const result = await page.evaluate(async () => {
    const session = (await (await fetch('/bff/session')).json()) as { csrfToken: string };
    const res = await fetch('/api/v1/projects', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken },
      body: JSON.stringify([{ name: 'Forged' }]),
    });
    const admin = await fetch('/bff/credentials');
    return { write: res.status, body: await res.json(), credentials: admin.status };
  });
  expect(result.write).toBe(403);
  expect(result.body.message).toContain('support');
  expect(result.credentials).toBe(403);
  // Typing an admin page's address does not help either: the console sends them back to the projects.
  await page.goto('/credentials');
  await expect(page).toHaveURL(/\/projects/);
  await expect(page.getByRole('heading', { name: 'API credentials' })).toHaveCount(0);
});
