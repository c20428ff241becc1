import { PRMS_CATEGORIES, PRMS_CLASSES, PRMS_SUB_CATEGORIES, type PrmsClass } from '@econ/contract';
import { useWatch } from 'react-hook-form';
import { SelectField } from '../components/fields';
import type { KindFormProps } from './kindForm';

const words = (v: string) => {
  const s = v.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
};
const CLASS_LABEL: Record<PrmsClass, string> = {
  reserves: 'Reserves',
  contingent: 'Contingent resources',
  prospective: 'Prospective resources',
};

/**
 * Reserves category (PRMS): the class, then the categories and sub-categories of that class only.
 * Changing the class moves the two others to its first values, so the body stays valid.
 */
export function ReservesCategoryForm({ form, readOnly }: KindFormProps) {
  const prmsClass = (useWatch({ control: form.control, name: 'reservesCategory.prmsClass' }) ??
    'reserves') as PrmsClass;
  const categories = PRMS_CATEGORIES[prmsClass] ?? PRMS_CATEGORIES.reserves;
  const subCategories = PRMS_SUB_CATEGORIES[prmsClass] ?? PRMS_SUB_CATEGORIES.reserves;
  return (
    <section className="panel" aria-labelledby="rc-title">
      <h2 id="rc-title">Reserves category</h2>
      <div className="grid-fields">
        <SelectField
          form={form}
          path="reservesCategory.prmsClass"
          label="PRMS class"
          readOnly={readOnly}
          options={PRMS_CLASSES.map((c) => ({ value: c, label: CLASS_LABEL[c] }))}
          onChange={(value) => {
            const c = value as PrmsClass;
            form.setValue('reservesCategory.prmsCategory', PRMS_CATEGORIES[c][0], { shouldDirty: true });
            form.setValue('reservesCategory.prmsSubCategory', PRMS_SUB_CATEGORIES[c][0], { shouldDirty: true });
          }}
        />
        <SelectField
          form={form}
          path="reservesCategory.prmsCategory"
          label="Category"
          readOnly={readOnly}
          options={categories.map((c) => ({ value: c, label: c.length === 2 ? c.toUpperCase() : words(c) }))}
        />
        <SelectField
          form={form}
          path="reservesCategory.prmsSubCategory"
          label="Sub-category"
          readOnly={readOnly}
          options={subCategories.map((c) => ({ value: c, label: words(c) }))}
          hint="Reserves status, or the project maturity of contingent and prospective resources"
        />
      </div>
    </section>
  );
}
