import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Units, numbers and errors on forms (issue 22, decision 057): an engineer types money the way
 * en-US users write it, reads the unit as thousands of dollars, and sees the service's refusal on
 * its field named by the field's label, not by its JSON path.
 */
test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);
const named = (what: string) => `E2E ${what} ${RUN}`;

async function newCapex(page: Page, name: string): Promise<void> {
  await page.getByRole('link', { name: 'Permian Basin Demo' }).click();
  await page
    .getByRole('list', { name: 'Econ models by kind' })
    .getByRole('link', { name: 'CAPEX', exact: true })
    .click();
  await page.getByRole('link', { name: 'New CAPEX model' }).click();
  await expect(page.getByRole('heading', { name: 'New CAPEX model' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
}

test('an engineer types 1,250,000 into a CAPEX amount in M$ (thousands of dollars) and it saves as 1250000', async ({
  asEngineer: page,
}) => {
  const name = named('capex typed');
  await newCapex(page, name);
  // The unit says what "M$" is, next to the amounts and in the section's line.
  const row1 = page.getByRole('group', { name: 'Row 1', exact: true });
  await expect(row1.locator('.unit').first()).toHaveText('M$ (thousands of dollars)');
  await expect(page.getByText('tangible and intangible in M$ (thousands of dollars)')).toBeVisible();
  await expect(page.getByText('$M', { exact: false })).toHaveCount(0);

  const tangible = row1.getByLabel('Tangible', { exact: true });
  const intangible = row1.getByLabel('Intangible', { exact: true });
  await tangible.fill('1,250,000');
  await intangible.fill('2,500.5');

  // A number that is not one is named on its field by its label, nothing saved.
  const create = page.getByRole('button', { name: 'Create CAPEX model' });
  await intangible.fill('1,2,3x');
  await create.click();
  await expect(intangible).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator(`#${await intangible.getAttribute('id')}-error`)).toHaveText('Intangible must be a number');
  await intangible.fill('2,500.5');
  await expect(intangible).not.toHaveAttribute('aria-invalid', 'true');

  const saved = page.waitForRequest((r) => /\/econ-models\/capex/.test(r.url()) && r.method() === 'POST');
  await create.click();
  const sent = (await saved).postDataJSON() as { otherCapex: { rows: { tangible: number; intangible: number }[] } };
  expect(sent.otherCapex.rows[0]).toMatchObject({ tangible: 1250000, intangible: 2500.5 });
  await expect(page.locator('.banner[role="status"]')).toHaveText(`Created ${name}.`);

  // Read back from the service: the numbers it stored.
  await page.reload();
  await expect(
    page.getByRole('group', { name: 'Row 1', exact: true }).getByLabel('Tangible', { exact: true }),
  ).toHaveValue('1250000');
  await expect(
    page.getByRole('group', { name: 'Row 1', exact: true }).getByLabel('Intangible', { exact: true }),
  ).toHaveValue('2500.5');
});

test('a value the service refuses stands on its field, named by its label, not by its JSON path', async ({
  asEngineer: page,
}) => {
  await newCapex(page, named('capex refused'));
  // A well-formed id of no escalations model: the contract accepts it, the service refuses it.
  const escalation = page
    .getByRole('group', { name: 'Row 1', exact: true })
    .getByLabel('Escalation model', { exact: true });
  await escalation.fill('ffffffffffffffffffffffff');
  await page.getByRole('button', { name: 'Create CAPEX model' }).click();
  await expect(escalation).toHaveAttribute('aria-invalid', 'true');
  const error = page.locator(`#${await escalation.getAttribute('id')}-error`);
  await expect(error).toContainText(/^Escalation model: no escalations model with id ffffffffffffffffffffffff/);
  await expect(error).not.toContainText('otherCapex');
  await expect(page.getByRole('alert')).toContainText('Not saved');
  await expect(page.getByRole('alert')).not.toContainText('otherCapex');

  // The contract's own bound, named by the label with its unit and the bound readable.
  const tangible = page.getByRole('group', { name: 'Row 1', exact: true }).getByLabel('Tangible', { exact: true });
  await tangible.fill('20,000,000,000');
  await page.getByRole('button', { name: 'Create CAPEX model' }).click();
  await expect(page.locator(`#${await tangible.getAttribute('id')}-error`)).toHaveText(
    'Tangible must be at most 10,000,000,000 M$ (thousands of dollars)',
  );
});

test('a date settings bound reads with the field label and its unit', async ({ asEngineer: page }) => {
  await page.getByRole('link', { name: 'Permian Basin Demo' }).click();
  await page
    .getByRole('list', { name: 'Econ models by kind' })
    .getByRole('link', { name: 'Date settings', exact: true })
    .click();
  await page.getByRole('link', { name: 'New date settings model' }).click();
  await page.getByLabel('Name', { exact: true }).fill(named('dates'));
  const life = page.getByLabel('Maximum well life');
  await life.fill('1,000');
  await page.getByRole('button', { name: 'Create date settings model' }).click();
  await expect(page.locator(`#${await life.getAttribute('id')}-error`)).toHaveText(
    'Maximum well life must be at most 100 years',
  );
  await expect(page.getByText('maxWellLife')).toHaveCount(0);
});

test('the type-curve form places the service’s refusal the same way: on the field, by its label', async ({
  asEngineer: page,
}) => {
  await page.getByRole('link', { name: 'Permian Basin Demo' }).click();
  await page.getByRole('link', { name: 'Type curves', exact: true }).click();
  // A taken name: the service's 409 stands on the Name field, not in a banner.
  const form = page.getByRole('form', { name: 'New type curve' });
  const name = form.getByLabel('Name', { exact: true });
  await name.fill('Demo Wolfcamp A type curve');
  await form.getByRole('button', { name: 'Create type curve' }).click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(form.locator('#tc-new-name-error')).toHaveText(
    'Name "Demo Wolfcamp A type curve" is already used in the project',
  );
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The contract's own rule reads with the label too.
  await name.fill('   ');
  await form.getByRole('button', { name: 'Create type curve' }).click();
  await expect(form.locator('#tc-new-name-error')).toHaveText(/^Name must/);
});
