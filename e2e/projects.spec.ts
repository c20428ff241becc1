import { expect, test } from './fixtures';

test('an engineer pages and sorts the project picker', async ({ asEngineer: page }) => {
  // 30 more projects, written through the console like any client (engineers may write data). Their
  // names sort after the demo project's, so the other stories still find it on the first page.
  const status = await page.evaluate(async () => {
    const session = (await (await fetch('/bff/session')).json()) as { csrfToken: string };
    const res = await fetch('/api/v1/projects', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken },
      body: JSON.stringify(Array.from({ length: 30 }, (_, i) => ({ name: `Zone ${String(i).padStart(2, '0')}` }))),
    });
    return res.status;
  });
  expect(status).toBe(207);
  await page.reload();
  await expect(page.getByText('1–25 of 31')).toBeVisible();
  // Sorted by name: the demo project first, "Zone 24" to "Zone 29" on the second page.
  await expect(page.getByRole('row').nth(1)).toContainText('Permian Basin Demo');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('26–31 of 31')).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toContainText('Zone 24');
  await expect(page).toHaveURL(/skip=25/);
  // Reverse the order from the column header: back to the first page, "Zone 29" first.
  await page.getByRole('button', { name: /^Name/ }).click();
  await expect(page).toHaveURL(/sort=-name/);
  await expect(page.getByText('1–25 of 31')).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toContainText('Zone 29');
});
