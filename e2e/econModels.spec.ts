import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Econ model forms (issue 5). The stories share the product with the others: each model they
 * create has a name of its own (the run's suffix), and no project is created, so "Permian Basin
 * Demo" stays first in the project list. The demo seed holds "Demo <kind title>" of each kind and
 * a read-only "Demo probabilistic CAPEX".
 */
test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);
const named = (what: string) => `E2E ${what} ${RUN}`;

/** "date settings", but "CAPEX" (as the console writes a kind's title in a sentence). */
const inSentence = (title: string) => (title === title.toUpperCase() ? title : title.toLowerCase());

async function openKind(page: Page, title: string): Promise<void> {
  await page.getByRole('link', { name: 'Permian Basin Demo' }).click();
  await page.getByRole('list', { name: 'Econ models by kind' }).getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { name: `${title} models` })).toBeVisible();
}

async function startNew(page: Page, title: string, name: string): Promise<void> {
  await openKind(page, title);
  await page.getByRole('link', { name: `New ${inSentence(title)} model` }).click();
  await expect(page.getByRole('heading', { name: `New ${inSentence(title)} model` })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
}

/** Types a bad value, submits, sees the message next to the field, fixes it. */
async function flagAndFix(page: Page, field: Locator, bad: string, message: string, good: string, submit: Locator) {
  await field.fill(bad);
  await submit.click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const error = page.locator(`#${await field.getAttribute('id')}-error`);
  await expect(error).toHaveText(message);
  await expect(page.getByRole('alert')).toContainText('The model is not valid yet');
  await field.fill(good);
  // Once submitted, the form judges each change at once: the message goes as the value is fixed.
  await expect(error).toHaveCount(0);
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
}

/** The row of an expenses table whose header is `name`. */
const leafRow = (table: Locator, name: string) =>
  table.getByRole('row').filter({ has: table.page().getByRole('rowheader', { name, exact: true }) });

/** The page's banner line of the last action (not the statutory-bonus output, also a status). */
const notice = (page: Page) => page.locator('.banner[role="status"]');

async function created(page: Page, name: string): Promise<void> {
  await expect(notice(page)).toHaveText(`Created ${name}.`);
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/econ-models\/[a-z-]+\/[0-9a-f]{24}$/);
}

test('an engineer creates a depreciation model: flags a factor, watches the cumulative, switches type, reads it back', async ({
  asEngineer: page,
}) => {
  const name = named('depreciation');
  await startNew(page, 'Depreciation', name);
  const create = page.getByRole('button', { name: 'Create depreciation model' });
  const year2 = page.getByLabel('Year 2 tangible factor');
  await flagAndFix(page, year2, '120', 'Year 2 tangible factor must be at most 100', '25.5', create);
  // Year and cumulative columns follow the typing (14.29 + 25.5).
  await expect(page.getByLabel('Year 2 tangible cumulative')).toHaveText('39.79');
  await page.getByRole('button', { name: 'Add year' }).click();
  await page.getByLabel('Year 9 tangible factor').fill('0.1');
  await expect(page.getByLabel('Year 9 tangible cumulative')).toHaveText('101.11');
  await page.getByRole('button', { name: 'Remove year 9' }).click();
  // Depletion is a different body; switching back keeps what was typed.
  await page.getByLabel('Model type').selectOption('depletion');
  await expect(page.getByLabel('Tangible depletion model', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Year 1 tangible factor')).toHaveCount(0);
  await page.getByLabel('Model type').selectOption('depreciation');
  await expect(year2).toHaveValue('25.5');
  // The statutory bonus schedule by investment year.
  await page.getByLabel('Apply the statutory (TCJA) bonus schedule by investment year').check();
  await page.getByLabel('Investment year', { exact: true }).fill('2024');
  await expect(page.getByLabel('Statutory bonus')).toHaveText('Statutory bonus: 60%');
  await page.getByLabel('Tangible federal tax credit').fill('10');
  await create.click();
  await created(page, name);

  await page.reload();
  await expect(page.getByLabel('Year 2 tangible factor')).toHaveValue('25.5');
  await expect(page.getByLabel('Year 8 tangible cumulative')).toHaveText('101.01');
  await expect(page.getByLabel('Apply the statutory (TCJA) bonus schedule by investment year')).toBeChecked();
  await expect(page.getByLabel('Tangible federal tax credit')).toHaveValue('10');
});

test('an engineer creates date settings: trigger companions follow the trigger, a range is flagged, dates read back', async ({
  asEngineer: page,
}) => {
  const name = named('date settings');
  await startNew(page, 'Date settings', name);
  const trigger = page.getByRole('group', { name: 'End-of-life trigger' });
  await expect(page.getByLabel('Discount', { exact: true })).toBeVisible();
  await trigger.getByRole('radio', { name: 'First negative cash flow' }).check();
  await expect(page.getByLabel('Discount', { exact: true })).toHaveCount(0);
  await page.getByLabel('Tolerate negative cash flow').fill('3');
  await trigger.getByRole('radio', { name: 'Oil rate' }).check();
  await expect(page.getByLabel('Tolerate negative cash flow')).toHaveCount(0);
  await expect(page.getByLabel('Economic limit delay')).toHaveCount(0);
  await page.getByLabel('End-of-life trigger: Oil rate').fill('2.5');
  const asOf = page.getByRole('group', { name: 'As-of date' });
  await asOf.getByRole('radio', { name: 'Date', exact: true }).check();
  await page.getByLabel('As-of date: Date').fill('2027-03-01');
  await page.getByRole('group', { name: '4th source' }).getByRole('radio', { name: 'Date' }).check();
  await page.getByLabel('4th source: Date').fill('2020-01-01');
  const create = page.getByRole('button', { name: 'Create date settings model' });
  await flagAndFix(
    page,
    page.getByLabel('Maximum well life'),
    '150',
    'Maximum well life must be at most 100 years',
    '40',
    create,
  );
  await create.click();
  await created(page, name);

  await page.reload();
  await expect(page.getByLabel('Maximum well life')).toHaveValue('40');
  await expect(trigger.getByRole('radio', { name: 'Oil rate' })).toBeChecked();
  await expect(page.getByLabel('End-of-life trigger: Oil rate')).toHaveValue('2.5');
  await expect(page.getByLabel('As-of date: Date')).toHaveValue('2027-03-01');
  await expect(page.getByLabel('4th source: Date')).toHaveValue('2020-01-01');
  await expect(page.getByLabel('Discount', { exact: true })).toHaveCount(0);
});

test('an engineer creates an actual-or-forecast model; ignoring history hides the replacements', async ({
  asEngineer: page,
}) => {
  const name = named('actual or forecast');
  await startNew(page, 'Actual or forecast', name);
  const create = page.getByRole('button', { name: 'Create actual or forecast model' });
  await page.getByRole('group', { name: 'Gas', exact: true }).getByRole('radio', { name: 'From a date' }).check();
  await flagAndFix(
    page,
    page.getByLabel('Gas: From a date'),
    '1850-01-01',
    'Must lie between 1900-01-01 and 2262-04-01',
    '2027-01-01',
    create,
  );
  await page
    .getByRole('group', { name: 'Water', exact: true })
    .getByRole('radio', { name: 'From the as-of date' })
    .check();
  await create.click();
  await created(page, name);
  await page.reload();
  await expect(page.getByLabel('Gas: From a date')).toHaveValue('2027-01-01');
  await expect(
    page.getByRole('group', { name: 'Water', exact: true }).getByRole('radio', { name: 'From the as-of date' }),
  ).toBeChecked();

  await page.getByLabel('Ignore history production').check();
  await expect(page.getByRole('group', { name: 'Gas', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(notice(page)).toHaveText(`Saved ${name}.`);
  await page.reload();
  await expect(page.getByLabel('Ignore history production')).toBeChecked();
  await expect(page.getByRole('group', { name: 'Gas', exact: true })).toHaveCount(0);
});

test('an engineer creates ownership, general options and CAPEX models, each with a flagged field fixed', async ({
  asEngineer: page,
}) => {
  const stories = [
    {
      title: 'Ownership and reversions',
      what: 'ownership',
      field: () =>
        page.getByRole('region', { name: 'Initial ownership' }).getByLabel('Working interest', { exact: true }),
      bad: '150',
      message: 'Working interest must be at most 100 %',
      good: '90',
    },
    {
      title: 'General options',
      what: 'general options',
      field: () => page.getByLabel('First discount', { exact: true }),
      bad: '101',
      message: 'First discount must be at most 100 %',
      good: '8',
    },
    {
      title: 'CAPEX',
      what: 'capex',
      field: () => page.getByLabel('Tangible', { exact: true }).first(),
      bad: '20000000000',
      message: 'Tangible must be at most 10,000,000,000 M$ (thousands of dollars)',
      good: '1300',
    },
  ];
  for (const s of stories) {
    const name = named(s.what);
    await startNew(page, s.title, name);
    const create = page.getByRole('button', { name: `Create ${inSentence(s.title)} model` });
    await flagAndFix(page, s.field(), s.bad, s.message, s.good, create);
    await create.click();
    await created(page, name);
    await page.reload();
    await expect(s.field()).toHaveValue(s.good);
  }
});

test('a taken name is refused by the service next to the name; copy, search by part of the name and delete', async ({
  asEngineer: page,
}) => {
  await startNew(page, 'Depreciation', 'Demo depreciation');
  await page.getByRole('button', { name: 'Create depreciation model' }).click();
  await expect(page.locator('#f-name-error')).toContainText('already exists');
  await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  // Copy the demo model under a new name.
  await openKind(page, 'Depreciation');
  await page.getByRole('link', { name: 'Copy Demo depreciation' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Copy of Demo depreciation');
  const name = named('copied depreciation');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Create depreciation model' }).click();
  await created(page, name);
  await expect(page.getByRole('link', { name: /^[0-9a-f]{24}$/ })).toBeVisible();

  // The list finds it by a part of its name, whatever the case.
  await page.getByRole('link', { name: 'Depreciation models' }).click();
  const searchBox = page.getByLabel('Name contains');
  await searchBox.fill(`${name}x`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText(/No depreciation model has .* in its name/)).toBeVisible();
  await searchBox.fill(name.slice(4).toUpperCase());
  await page.getByRole('button', { name: 'Search' }).click();
  const models = page.getByRole('table', { name: 'Models' });
  await expect(models.getByRole('row')).toHaveCount(2);
  await models.getByRole('link', { name, exact: true }).click();

  // Delete asks first; cancelling keeps it.
  await page.getByRole('button', { name: 'Delete…' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${name}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Delete…' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { name: 'Depreciation models' })).toBeVisible();
  await expect(notice(page)).toHaveText(`Deleted ${name}.`);
  await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
});

test('an engineer creates a company date settings model and finds it by a part of its name', async ({
  asEngineer: page,
}) => {
  const name = named('company date settings');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Econ models' }).click();
  await expect(page.getByText('Company models')).toBeVisible();
  await page.getByRole('navigation', { name: 'Econ model kinds' }).getByRole('link', { name: 'Date settings' }).click();
  await expect(page.getByRole('heading', { name: 'Date settings models' })).toBeVisible();
  await page.getByRole('link', { name: 'New date settings model' }).click();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Maximum well life').fill('35');
  await page.getByRole('button', { name: 'Create date settings model' }).click();
  await created(page, name);
  await expect(page).toHaveURL(/\/econ-models\/date-settings\/[0-9a-f]{24}$/);
  await expect(page).not.toHaveURL(/\/projects\//);

  await page.getByRole('link', { name: 'Date settings models' }).click();
  await page.getByLabel('Name contains').fill(name.slice(4, -2).toUpperCase());
  await page.getByRole('button', { name: 'Search' }).click();
  const models = page.getByRole('table', { name: 'Models' });
  await expect(models.getByRole('row')).toHaveCount(2);
  await models.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.getByLabel('Maximum well life')).toHaveValue('35');
  await expect(page.getByText('Company models')).toBeVisible();
});

test('a probabilistic CAPEX model opens read-only with the reason', async ({ asEngineer: page }) => {
  await openKind(page, 'CAPEX');
  await page.getByRole('link', { name: 'Demo probabilistic CAPEX', exact: true }).click();
  await expect(page.getByRole('note')).toContainText('probabilistic CAPEX model');
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete…' })).toHaveCount(0);
  await expect(page.getByLabel('Name', { exact: true })).toBeDisabled();
  // A copy is a standard model (without the distributions), and can be changed.
  await page.getByRole('button', { name: 'Copy…' }).click();
  const name = named('copied probabilistic capex');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Create CAPEX model' }).click();
  await created(page, name);
  await expect(page.getByRole('note')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
});

test('a support user can open a model but not change it', async ({ asSupport: page }) => {
  await openKind(page, 'Date settings');
  await expect(page.getByRole('link', { name: /New date settings model/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Copy / })).toHaveCount(0);
  await page.getByRole('link', { name: 'Demo date settings', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Demo date settings' })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('Your role can read econ models but not change them.');
  await expect(page.getByLabel('Maximum well life')).toHaveValue('50');
  await expect(page.getByLabel('Maximum well life')).toBeDisabled();
  await expect(page.getByRole('group', { name: 'End-of-life trigger' }).getByRole('radio').first()).toBeDisabled();
  await expect(page.getByRole('button', { name: /save|create|delete|copy/i })).toHaveCount(0);
  // The company's models too: listed, not changed.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Econ models' }).click();
  await expect(page.getByRole('heading', { name: 'Depreciation models' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^New / })).toHaveCount(0);
});

test('an engineer creates pricing: oil by date, gas in $/MMBTU, NGL as a percent of oil; a date out of order is flagged', async ({
  asEngineer: page,
}) => {
  const name = named('pricing');
  await startNew(page, 'Pricing', name);
  const create = page.getByRole('button', { name: 'Create pricing model' });
  // The example: oil by date (three rows), gas in $/MMBTU, NGL 35 % of oil.
  await expect(page.getByLabel('Oil price period')).toHaveValue('dates');
  await expect(page.getByLabel('Oil price row 3 price')).toHaveValue('62.5');
  // A new row follows the last one by a month and carries its price.
  await page.getByRole('button', { name: 'Add oil price row' }).click();
  await expect(page.getByLabel('Oil price row 4 date')).toHaveValue('2028-02-01');
  await page.getByLabel('Oil price row 4 price').fill('60');
  await flagAndFix(
    page,
    page.getByLabel('Oil price row 2 date'),
    '2025-06-01',
    'Oil price row 2 date must strictly increase: row 2 (2025-06-01) must be after row 1 (2026-01-01)',
    '2027-01-01',
    create,
  );
  await page.getByRole('button', { name: 'Remove oil price row 3' }).click();
  await expect(page.getByLabel('Gas price unit')).toHaveValue('dollarPerMmbtu');
  await page.getByLabel('Gas price unit').selectOption('dollarPerMcf');
  await page.getByLabel('Gas price row 1 price').fill('3.1');
  await page.getByLabel('Oil price cap').fill('90');
  await create.click();
  await created(page, name);

  await page.reload();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.getByLabel('Oil price row 1 date')).toHaveValue('2026-01-01');
  await expect(page.getByLabel('Oil price row 2 price')).toHaveValue('65');
  await expect(page.getByLabel('Oil price row 3 date')).toHaveValue('2028-02-01');
  await expect(page.getByLabel('Oil price row 3 price')).toHaveValue('60');
  await expect(page.getByLabel('Oil price row 4 date')).toHaveCount(0);
  await expect(page.getByLabel('Oil price cap')).toHaveValue('90');
  await expect(page.getByLabel('Gas price unit')).toHaveValue('dollarPerMcf');
  await expect(page.getByLabel('Gas price row 1 price')).toHaveValue('3.1');
  await expect(page.getByLabel('NGL price unit')).toHaveValue('pctOfOilPrice');
});

test('an engineer sets stream properties and a differential: shrinkage, an NGL yield, an oil discount', async ({
  asEngineer: page,
}) => {
  const name = named('stream');
  await startNew(page, 'Stream properties', name);
  await expect(page.getByLabel('Gas shrinkage row 1 remaining')).toHaveValue('82');
  await page.getByLabel('NGL yield row 1 yield').fill('120');
  await page.getByLabel('Oil shrinkage row 1 remaining').fill('101');
  await page.getByRole('button', { name: 'Create stream properties model' }).click();
  await expect(page.getByText('Oil shrinkage row 1 remaining must be at most 100')).toBeVisible();
  await page.getByLabel('Oil shrinkage row 1 remaining').fill('97');
  await page.getByRole('button', { name: 'Create stream properties model' }).click();
  await created(page, name);
  await page.reload();
  await expect(page.getByLabel('NGL yield row 1 yield')).toHaveValue('120');
  await expect(page.getByLabel('Oil shrinkage row 1 remaining')).toHaveValue('97');

  const diff = named('differentials');
  await startNew(page, 'Differentials', diff);
  await expect(page.getByLabel('First oil differential row 1 differential')).toHaveValue('-3.5');
  await page.getByLabel('Second oil differential period').selectOption('entireWellLife');
  await page.getByLabel('Second oil differential unit').selectOption('pctOfBasePrice');
  await page.getByLabel('Second oil differential row 1 differential').fill('97');
  await page.getByRole('button', { name: 'Create differentials model' }).click();
  await created(page, diff);
  await page.reload();
  await expect(page.getByLabel('Second oil differential unit')).toHaveValue('pctOfBasePrice');
  await expect(page.getByLabel('Second oil differential row 1 differential')).toHaveValue('97');
  await expect(page.getByLabel('Third gas differential period')).toHaveValue('none');
});

test('an engineer creates a reserves category: the class narrows its categories, and it reads back', async ({
  asEngineer: page,
}) => {
  const name = named('reserves category');
  await startNew(page, 'Reserves category', name);
  await expect(page.getByLabel('PRMS class')).toHaveValue('reserves');
  await expect(page.getByLabel('Category', { exact: true }).locator('option')).toHaveText([
    'Proved',
    'Probable',
    'Possible',
  ]);
  // Contingent resources: categories C1–C3 and project maturity sub-classes only.
  await page.getByLabel('PRMS class').selectOption('contingent');
  await expect(page.getByLabel('Category', { exact: true }).locator('option')).toHaveText(['C1', 'C2', 'C3']);
  await expect(page.getByLabel('Sub-category')).toHaveValue('development_pending');
  await page.getByLabel('Category', { exact: true }).selectOption('c2');
  await page.getByLabel('Sub-category').selectOption('development_on_hold');
  await page.getByRole('button', { name: 'Create reserves category model' }).click();
  await created(page, name);

  await page.reload();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.getByLabel('PRMS class')).toHaveValue('contingent');
  await expect(page.getByLabel('Category', { exact: true })).toHaveValue('c2');
  await expect(page.getByLabel('Sub-category')).toHaveValue('development_on_hold');
});

test('an engineer creates a risking: oil by months from the as-of date, a second row follows the first, reads back', async ({
  asEngineer: page,
}) => {
  const name = named('risking');
  await startNew(page, 'Risking', name);
  await page.getByLabel('Oil risk period').selectOption('offsetToAsOf');
  await expect(page.getByLabel('Oil risk row 1 from month')).toHaveValue('1');
  await expect(page.getByLabel('Oil risk row 1 to month')).toHaveValue('12');
  await page.getByLabel('Oil risk row 1 multiplier').fill('80');
  await page.getByRole('button', { name: 'Add oil risk row' }).click();
  await expect(page.getByLabel('Oil risk row 2 from month')).toHaveValue('13');
  await page.getByLabel('Oil risk row 2 multiplier').fill('90');
  // A multiplier out of range is named on its field, nothing saved.
  await page.getByLabel('Oil risk row 2 multiplier').fill('2000');
  await page.getByRole('button', { name: 'Create risking model' }).click();
  await expect(page.getByText('Oil risk row 2 multiplier must be at most 1000')).toBeVisible();
  await page.getByLabel('Oil risk row 2 multiplier').fill('90');
  // The well count: the example's one well from first production; two wells for two years, then one.
  const submit = page.getByRole('button', { name: 'Create risking model' });
  await expect(page.getByLabel('Well count period')).toHaveValue('offsetToFpd');
  await expect(page.getByLabel('Well count row 1 count')).toHaveValue('1');
  await page.getByLabel('Well count row 1 to month').fill('24');
  await page.getByLabel('Well count row 1 count').fill('2');
  await page.getByRole('button', { name: 'Add well count row' }).click();
  await expect(page.getByLabel('Well count row 2 from month')).toHaveValue('25');
  await flagAndFix(
    page,
    page.getByLabel('Well count row 2 count'),
    '0',
    'Well count row 2 count must be at least 1',
    '1',
    submit,
  );
  await submit.click();
  await created(page, name);

  await page.reload();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.getByLabel('Oil risk period')).toHaveValue('offsetToAsOf');
  await expect(page.getByLabel('Oil risk row 1 multiplier')).toHaveValue('80');
  await expect(page.getByLabel('Oil risk row 2 to month')).toHaveValue('24');
  await expect(page.getByLabel('Well count row 1 count')).toHaveValue('2');
  await expect(page.getByLabel('Well count row 2 count')).toHaveValue('1');
  // A new model starts from the example (gas risked by months from the as-of date); water is not risked.
  await expect(page.getByLabel('Gas risk period')).toHaveValue('offsetToAsOf');
  await expect(page.getByLabel('Water risk period')).toHaveValue('none');
});

test('an engineer adds shut-ins to a risking: a yearly one that drops CAPEX, one by months with a multiplier to a date, reads back', async ({
  asEngineer: page,
}) => {
  const name = named('risking shut-ins');
  await startNew(page, 'Risking', name);
  const submit = page.getByRole('button', { name: 'Create risking model' });
  await expect(page.getByText('No shut-ins.')).toBeVisible();
  await page.getByRole('button', { name: 'Add shut-in' }).click();
  await page.getByLabel('Shut-in 1 first day').fill('2027-04-01');
  await page.getByLabel('Shut-in 1 last day').fill('2027-04-14');
  await page.getByLabel('Shut-in 1 repeats').selectOption('yearly');
  await page.getByLabel('Shut-in 1 times').fill('3');
  await page.getByLabel('Shut-in 1 keeps CAPEX inside it').uncheck();

  await page.getByRole('button', { name: 'Add shut-in' }).click();
  await page.getByLabel('Shut-in 2 phase').selectOption('gas');
  await page.getByLabel('Shut-in 2 period').selectOption('months');
  await page.getByLabel('Shut-in 2 from month').fill('6');
  await page.getByLabel('Shut-in 2 to month').fill('7');
  await page.getByLabel('Shut-in 2 multiplier after').fill('1.2');
  await page.getByLabel('Shut-in 2 multiplier until').selectOption('dates');
  // A scale end before the shut-in's own end is named on its field.
  await flagAndFix(
    page,
    page.getByLabel('Shut-in 1 last day'),
    '2027-03-14',
    'Shut-in 1 last day 2027-03-14 must not be before start date 2027-04-01',
    '2027-04-14',
    submit,
  );
  await page.getByLabel('Shut-in 2 multiplier end date').fill('2028-12-31');
  await submit.click();
  await created(page, name);

  await page.reload();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.getByLabel('Shut-in 1 repeats')).toHaveValue('yearly');
  await expect(page.getByLabel('Shut-in 1 times')).toHaveValue('3');
  await expect(page.getByLabel('Shut-in 1 keeps CAPEX inside it')).not.toBeChecked();
  await expect(page.getByLabel('Shut-in 1 keeps fixed expenses')).toBeChecked();
  await expect(page.getByLabel('Shut-in 2 period')).toHaveValue('months');
  await expect(page.getByLabel('Shut-in 2 multiplier after')).toHaveValue('1.2');
  await expect(page.getByLabel('Shut-in 2 multiplier end date')).toHaveValue('2028-12-31');
});

test('an engineer risks water by calendar month: January and February at 50 %, a month named twice is flagged, reads back', async ({
  asEngineer: page,
}) => {
  const name = named('seasonal risking');
  await startNew(page, 'Risking', name);
  await page.getByLabel('Water risk period').selectOption('seasonal');
  await expect(page.getByLabel('Water risk row 1 month')).toHaveValue('Jan');
  await page.getByLabel('Water risk row 1 multiplier').fill('50');
  await page.getByRole('button', { name: 'Add water risk row' }).click();
  // A new row takes the next month no row names, with the last row's multiplier.
  await expect(page.getByLabel('Water risk row 2 month')).toHaveValue('Feb');
  await expect(page.getByLabel('Water risk row 2 multiplier')).toHaveValue('50');
  await page.getByRole('button', { name: 'Add water risk row' }).click();
  const third = page.getByLabel('Water risk row 3 month');
  await expect(third).toHaveValue('Mar');
  // January twice: named on the repeated month, nothing saved; removing the row clears it.
  await third.selectOption('Jan');
  const submit = page.getByRole('button', { name: 'Create risking model' });
  await submit.click();
  await expect(third).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator(`#${await third.getAttribute('id')}-error`)).toHaveText(
    'Each month at most once: row 3 repeats Jan (row 1)',
  );
  await page.getByRole('button', { name: 'Remove water risk row 3' }).click();
  await submit.click();
  await created(page, name);

  await page.reload();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.getByLabel('Water risk period')).toHaveValue('seasonal');
  await expect(page.getByLabel('Water risk row 1 month')).toHaveValue('Jan');
  await expect(page.getByLabel('Water risk row 2 month')).toHaveValue('Feb');
  await expect(page.getByLabel('Water risk row 2 multiplier')).toHaveValue('50');
  await expect(page.getByLabel('Water risk row 3 month')).toHaveCount(0);
  // The well count has no calendar months; every table offers months from the end of history.
  await expect(page.getByLabel('Well count period').locator('option[value="seasonal"]')).toHaveCount(0);
  await expect(page.getByLabel('Gas risk period').locator('option[value="offsetToEndHistory"]')).toHaveText(
    'Months from the end of history',
  );
});

test('an engineer creates an escalation: yearly simple by month periods, a second row follows the first, reads back', async ({
  asEngineer: page,
}) => {
  const name = named('escalation');
  await startNew(page, 'Escalation', name);
  // A new model starts from the example: 3 %/yr over the whole life, compounded monthly.
  await expect(page.getByLabel('Frequency')).toHaveValue('monthly');
  await expect(page.getByLabel('Escalation row 1 rate')).toHaveValue('3');
  await page.getByLabel('Frequency').selectOption('yearly');
  await page.getByLabel('Calculation').selectOption('simple');
  await page.getByLabel('Escalation period').selectOption('monthPeriod');
  await expect(page.getByLabel('Escalation row 1 from month')).toHaveValue('1');
  await expect(page.getByLabel('Escalation row 1 to month')).toHaveValue('12');
  await page.getByLabel('Escalation row 1 rate').fill('5');
  await page.getByRole('button', { name: 'Add escalation row' }).click();
  await expect(page.getByLabel('Escalation row 2 from month')).toHaveValue('13');
  await expect(page.getByLabel('Escalation row 2 rate')).toHaveValue('5');
  const create = page.getByRole('button', { name: 'Create escalation model' });
  // A rate out of range, then a row that leaves a gap: each named on its field, nothing saved.
  await flagAndFix(
    page,
    page.getByLabel('Escalation row 2 rate'),
    '1500',
    'Escalation row 2 rate must be at most 1000',
    '2.5',
    create,
  );
  await flagAndFix(
    page,
    page.getByLabel('Escalation row 2 from month'),
    '20',
    'Month period rows follow one another: row 2 must start at month 13 (the month after row 1’s end), not 20',
    '13',
    create,
  );
  await create.click();
  await created(page, name);

  await page.reload();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.getByLabel('Frequency')).toHaveValue('yearly');
  await expect(page.getByLabel('Calculation')).toHaveValue('simple');
  await expect(page.getByLabel('Escalation period')).toHaveValue('monthPeriod');
  await expect(page.getByLabel('Escalation row 1 rate')).toHaveValue('5');
  await expect(page.getByLabel('Escalation row 2 rate')).toHaveValue('2.5');
  await expect(page.getByLabel('Escalation row 2 to month')).toHaveValue('24');
});

test('an engineer creates expenses: a gas expense by months from first production, a percent flagged, reads back', async ({
  asEngineer: page,
}) => {
  const name = named('expenses');
  await startNew(page, 'Expenses', name);
  const create = page.getByRole('button', { name: 'Create expenses model' });
  // The example: the lease operating cost in the fixed table, other leaves at none.
  const fixed = page.getByRole('table', { name: 'Fixed expenses' });
  await expect(leafRow(fixed, 'Monthly well cost')).toContainText('8,000 $/month, whole well life');
  const gas = page.getByRole('table', { name: 'Gas variable expenses' });
  await expect(leafRow(gas, 'Marketing')).toContainText('None');

  // Gas marketing: $/MMBTU over months 1 to 12 from first production.
  await page.getByRole('button', { name: 'Edit Gas marketing' }).click();
  await page.getByLabel('Gas marketing period').selectOption('offsetToFpd');
  await page.getByLabel('Gas marketing unit').selectOption('dollarPerMmbtu');
  await expect(page.getByLabel('Gas marketing row 1 to month')).toHaveValue('12');
  await page.getByLabel('Gas marketing row 1 value').fill('0.1');
  await expect(leafRow(gas, 'Marketing')).toContainText('0.1 $/MMBTU, months from first production');

  // Oil gathering as a percent of oil revenue: 150 % is refused on its field, 2 % taken.
  await page.getByRole('button', { name: 'Edit Oil gathering' }).click();
  await page.getByLabel('Oil gathering unit').selectOption('pctOfOilRev');
  await flagAndFix(
    page,
    page.getByLabel('Oil gathering row 1 value'),
    '150',
    'Oil gathering row 1 value must be at most 100',
    '2',
    create,
  );
  await page.getByLabel('Oil gathering calculation').selectOption('nri');

  // A second monthly cost, charged before first production too.
  await page.getByRole('button', { name: 'Edit Other monthly cost 1' }).click();
  await page.getByLabel('Other monthly cost 1 period').selectOption('entireWellLife');
  await page.getByLabel('Other monthly cost 1 row 1 value').fill('1500');
  await page.getByLabel('Other monthly cost 1 is charged before first production').check();
  await create.click();
  await created(page, name);

  await page.reload();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(leafRow(gas, 'Marketing')).toContainText('0.1 $/MMBTU, months from first production');
  const oil = page.getByRole('table', { name: 'Oil variable expenses' });
  await expect(leafRow(oil, 'Gathering')).toContainText('2 % of oil revenue, whole well life');
  await expect(leafRow(fixed, 'Other monthly cost 1')).toContainText('1,500 $/month, whole well life');
  await page.getByRole('button', { name: 'Edit Oil gathering' }).click();
  await expect(page.getByLabel('Oil gathering calculation')).toHaveValue('nri');
  await page.getByRole('button', { name: 'Edit Other monthly cost 1' }).click();
  await expect(page.getByLabel('Other monthly cost 1 is charged before first production')).toBeChecked();
});

test('an engineer sets a monthly well cost by oil rate: each row ends where the next starts, monotonic, reads back', async ({
  asEngineer: page,
}) => {
  const name = named('expenses by rate');
  await startNew(page, 'Expenses', name);
  const fixed = page.getByRole('table', { name: 'Fixed expenses' });
  await page.getByRole('button', { name: 'Edit Monthly well cost' }).click();
  await page.getByLabel('Monthly well cost period').selectOption('oilRate');
  await page.getByLabel('Monthly well cost row 1 from rate').fill('0');
  await page.getByLabel('Monthly well cost row 1 value').fill('3000');
  await page.getByRole('button', { name: 'Add monthly well cost row' }).click();
  await expect(page.getByLabel('Monthly well cost row 2 from rate')).toHaveValue('100');
  await page.getByLabel('Monthly well cost row 2 from rate').fill('50');
  // Row 1 now ends where row 2 starts; row 2 runs on.
  await expect(page.getByRole('cell', { name: 'below 50', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'and above', exact: true })).toBeVisible();
  await page.getByLabel('Monthly well cost row 2 value').fill('8000');
  await page.getByLabel('Monthly well cost rate rows').selectOption('monotonic');
  await expect(leafRow(fixed, 'Monthly well cost')).toContainText('2 rows by oil rate (BBL/D), $/month');
  await page.getByRole('button', { name: 'Create expenses model' }).click();
  await created(page, name);

  await page.reload();
  await expect(leafRow(fixed, 'Monthly well cost')).toContainText('2 rows by oil rate (BBL/D), $/month');
  await page.getByRole('button', { name: 'Edit Monthly well cost' }).click();
  await expect(page.getByLabel('Monthly well cost row 2 from rate')).toHaveValue('50');
  await expect(page.getByLabel('Monthly well cost rate rows')).toHaveValue('monotonic');
  await expect(page.getByLabel('Monthly well cost rate type')).toHaveValue('gross_well_head');
});

test('an engineer creates production taxes: gas severance by dates, a $/BBL oil tax, a percent flagged, reads back', async ({
  asEngineer: page,
}) => {
  const name = named('production taxes');
  await startNew(page, 'Production taxes', name);
  const create = page.getByRole('button', { name: 'Create production taxes model' });
  // The example: Texas, five taxes (severance on four phases and ad valorem).
  await expect(page.getByLabel('State', { exact: true })).toHaveValue('texas');
  await expect(page.getByLabel('Tax 2 key')).toHaveValue('gas');
  await expect(page.getByLabel('Tax 5 key')).toHaveValue('ad_valorem_tax');

  // Gas severance from dates: 7.5 %, then 6 % from the next month.
  await page.getByLabel('Tax 2 period', { exact: true }).selectOption('dates');
  await page.getByLabel('Tax 2 period 1', { exact: true }).fill('2027-01-01');
  await page.getByRole('button', { name: 'Add tax 2 period' }).click();
  await expect(page.getByLabel('Tax 2 period 2', { exact: true })).toHaveValue('2027-02-01');
  await page.getByLabel('Tax 2 value 2').fill('6');

  // A second oil severance in $/BBL; a percent above 100 is refused on its field.
  await page.getByRole('button', { name: 'Add a tax' }).click();
  await page.getByLabel('Tax 6 unit').selectOption('dollar_per_bbl');
  await page.getByLabel('Tax 6 value 1').fill('0.0081');
  await flagAndFix(
    page,
    page.getByLabel('Tax 1 value 1'),
    '101',
    'Tax 1 value 1 must be from 0 to 100 (pct_of_revenue)',
    '4.6',
    create,
  );
  await create.click();
  await created(page, name);

  await page.reload();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.getByLabel('Tax 2 period', { exact: true })).toHaveValue('dates');
  await expect(page.getByLabel('Tax 2 period 2', { exact: true })).toHaveValue('2027-02-01');
  await expect(page.getByLabel('Tax 2 value 1')).toHaveValue('7.5');
  await expect(page.getByLabel('Tax 2 value 2')).toHaveValue('6');
  await expect(page.getByLabel('Tax 6 key')).toHaveValue('oil');
  await expect(page.getByLabel('Tax 6 unit')).toHaveValue('dollar_per_bbl');
  await expect(page.getByLabel('Tax 6 value 1')).toHaveValue('0.0081');
});

test('an engineer sets production taxes to Pennsylvania horizontal: the impact fee replaces ad valorem, reads back', async ({
  asEngineer: page,
}) => {
  const name = named('PA impact fee');
  await startNew(page, 'Production taxes', name);
  const state = page.getByLabel('State', { exact: true });
  await expect(page.getByLabel('Impact fee years count from')).toHaveCount(0);
  await state.selectOption('pennsylvania horizontal');
  await expect(page.getByRole('note')).toContainText(
    'Pennsylvania applies the impact fee (Act 13) instead of the ad valorem rows',
  );
  await expect(
    page.getByRole('group', { name: /Tax 5: Ad valorem \(not applied: the impact fee replaces it\)/ }),
  ).toBeVisible();
  await page.getByLabel('Impact fee years count from').selectOption('spud_date_from_headers');
  await page.getByRole('button', { name: 'Create production taxes model' }).click();
  await created(page, name);

  await page.reload();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(state).toHaveValue('pennsylvania horizontal');
  await expect(page.getByLabel('Impact fee years count from')).toHaveValue('spud_date_from_headers');
  // Back to a state without the fee: the choice goes with it.
  await state.selectOption('texas');
  await expect(page.getByLabel('Impact fee years count from')).toHaveCount(0);
  await expect(page.getByRole('note')).toHaveCount(0);
});

test('an engineer creates a fluid model: a gas composition off 100 and a gravity out of range are named, it reads back', async ({
  asEngineer: page,
}) => {
  const name = named('fluid model');
  await startNew(page, 'Fluid', name);
  const submit = page.getByRole('button', { name: 'Create fluid model' });
  // A new model starts from the example: a Permian gas composition summing to 100 mole %.
  await expect(page.getByLabel('Gas C1 mole percent')).toHaveValue('71.1');
  await expect(page.getByLabel('Gas composition total')).toHaveText('100');
  await flagAndFix(
    page,
    page.getByLabel('Gas specific gravity'),
    '0.4',
    'Gas specific gravity must be at least 0.5',
    '0.8',
    submit,
  );
  await page.getByLabel('Gas C1 mole percent').fill('70');
  await expect(page.getByLabel('Gas composition total')).toHaveText('98.9');
  await submit.click();
  await expect(page.getByText('the gas composition sums to 98.9 mole %; it must sum to 100 (± 0.01)')).toBeVisible();
  await page.getByLabel('Gas C1 mole percent').fill('71.1');
  await page.getByLabel('Add to the NGL composition').selectOption('C3');
  await page.getByLabel('NGL C3 mole percent').fill('100');
  await page.getByLabel('Oil API gravity').fill('45');
  await submit.click();
  await created(page, name);

  await page.reload();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.getByLabel('Oil API gravity')).toHaveValue('45');
  await expect(page.getByLabel('Gas specific gravity')).toHaveValue('0.8');
  await expect(page.getByLabel('Gas C1 mole percent')).toHaveValue('71.1');
  await expect(page.getByLabel('NGL C3 mole percent')).toHaveValue('100');
  await expect(page.getByLabel('Water C1 mole percent')).toHaveCount(0);
});

test('an engineer creates emissions: a negative rate is named, a row per MBBL of water and one per well-year read back', async ({
  asEngineer: page,
}) => {
  const name = named('emissions');
  await startNew(page, 'Emission', name);
  const submit = page.getByRole('button', { name: 'Create emission model' });
  // The example: flare per MMCF, equipment leaks per well-month, combustion per MBOE.
  await expect(page.getByLabel('Row 1 category')).toHaveValue('flare');
  await expect(page.getByLabel('Row 3 unit')).toHaveValue('mt_per_mboe');
  await flagAndFix(
    page,
    page.getByLabel('Row 1 CO2', { exact: true }),
    '-1',
    'Row 1 CO2 must be at least 0',
    '1.5',
    submit,
  );
  await page.getByLabel('Row 2 unit').selectOption('mt_per_mbbl');
  await page.getByLabel('Row 2 phase').selectOption('water');
  await page.getByRole('button', { name: 'Add emission row' }).click();
  await page.getByLabel('Row 4 category').selectOption('drilling');
  await page.getByLabel('Row 4 unit').selectOption('mt_per_well_per_year');
  await page.getByLabel('Row 4 CO2e').fill('12');
  await page.getByLabel('Row 3 selected').uncheck();
  await submit.click();
  await created(page, name);

  await page.reload();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.getByLabel('Row 2 phase')).toHaveValue('water');
  await expect(page.getByLabel('Row 4 category')).toHaveValue('drilling');
  await expect(page.getByLabel('Row 4 unit')).toHaveValue('mt_per_well_per_year');
  await expect(page.getByLabel('Row 4 CO2e')).toHaveValue('12');
  await expect(page.getByLabel('Row 3 selected')).not.toBeChecked();
  await expect(page.getByLabel('Row 1 selected')).toBeChecked();
});

test('an engineer creates operations: downtime over 100 % is named, a second shut-in follows the first, a schedule reads back', async ({
  asEngineer: page,
}) => {
  const name = named('operations');
  await startNew(page, 'Operations', name);
  const submit = page.getByRole('button', { name: 'Create operations model' });
  // The example: a 30-day shut-in in June 2027 and 5 % downtime.
  await expect(page.getByLabel('Shut-in 1 from date')).toHaveValue('2027-06-01');
  await expect(page.getByLabel('Shut-in 1 to date')).toHaveValue('2027-06-30');
  await flagAndFix(
    page,
    page.getByLabel('Downtime row 1 downtime'),
    '150',
    'Downtime row 1 downtime must be at most 100',
    '4',
    submit,
  );
  await page.getByLabel('Shut-in 1 resumes').selectOption('calendar');
  await page.getByRole('button', { name: 'Add shut-in' }).click();
  await expect(page.getByLabel('Shut-in 2 from date')).toHaveValue('2027-07-01');
  await expect(page.getByLabel('Shut-in 2 to date')).toHaveValue('2027-07-30');
  await page.getByLabel('Shut-in 2 phase').selectOption('oil');
  await page.getByLabel('Shut-in 2 multiplier', { exact: true }).fill('120');
  await page.getByLabel('Shut-in 2 multiplier months').fill('3');
  await page.getByLabel('Schedule period').selectOption('entireWellLife');
  await page.getByLabel('Schedule unit').selectOption('hoursOnPerDay');
  await page.getByLabel('Schedule row 1 time on').fill('20');
  await submit.click();
  await created(page, name);

  await page.reload();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.getByLabel('Shut-in 1 resumes')).toHaveValue('calendar');
  await expect(page.getByLabel('Shut-in 2 phase')).toHaveValue('oil');
  await expect(page.getByLabel('Shut-in 2 multiplier months')).toHaveValue('3');
  await expect(page.getByLabel('Downtime row 1 downtime')).toHaveValue('4');
  await expect(page.getByLabel('Schedule unit')).toHaveValue('hoursOnPerDay');
  await expect(page.getByLabel('Schedule row 1 time on')).toHaveValue('20');
});
