import { RATE_ROW_PERIODS } from '@econ/contract';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { NumberField, SelectField } from '../components/fields';
import { DatedRowsField } from '../rows/DatedRowsField';
import { RowsMethodField } from '../rows/RateFields';
import type { KindFormProps } from './kindForm';

const REMAINING = [{ key: 'pctRemaining', label: '% remaining' }] as const;
const YIELD = [{ key: 'yield', label: 'BBL/MMCF' }] as const;

const TABLES = [
  { path: 'lossFlare.oilLoss', label: 'Oil loss' },
  { path: 'shrinkage.oil', label: 'Oil shrinkage' },
  { path: 'lossFlare.gasLoss', label: 'Gas loss' },
  { path: 'lossFlare.gasFlare', label: 'Gas flare' },
  { path: 'shrinkage.gas', label: 'Gas shrinkage' },
] as const;

/**
 * Stream properties (the service's kind): how well-head volumes become sales volumes (loss, flare,
 * shrinkage as percent remaining), NGL and drip condensate yields on the gas, BTU content.
 */
export function StreamPropertiesForm({ form, readOnly }: KindFormProps) {
  return (
    <section className="panel" aria-labelledby="sp-title">
      <h2 id="sp-title">Stream properties</h2>
      <p className="muted">
        Oil sold = well-head × loss × shrinkage remaining; gas sold = well-head × loss × flare × shrinkage remaining.
        NGL and drip condensate = yield × the unshrunk (or shrunk) gas. Risk and interests apply as usual.
      </p>
      {TABLES.map((t) => (
        <DatedRowsField
          key={t.path}
          form={form}
          path={t.path}
          label={t.label}
          units={REMAINING}
          valueLabel="Remaining"
          defaultValue={100}
          periods={RATE_ROW_PERIODS}
          readOnly={readOnly}
        />
      ))}
      <fieldset className="oneof-group">
        <legend>Rate rows</legend>
        <p className="muted">Rows by rate read the gross well-head daily rate of their phase.</p>
        <div className="grid-fields">
          {(
            [
              { key: 'lossFlare', label: 'Loss and flare' },
              { key: 'shrinkage', label: 'Shrinkage' },
              { key: 'yields', label: 'Yields' },
            ] as const
          ).map((g) => (
            <RowsMethodField
              key={g.key}
              form={form}
              path={`${g.key}.rowsCalculationMethod`}
              label={g.label}
              readOnly={readOnly}
            />
          ))}
        </div>
      </fieldset>
      {(
        [
          { key: 'ngl', label: 'NGL yield' },
          { key: 'dripCondensate', label: 'Drip condensate yield' },
        ] as const
      ).map((y) => (
        <YieldRows key={y.key} form={form} path={`yields.${y.key}`} label={y.label} readOnly={readOnly} />
      ))}
      <fieldset className="oneof-group">
        <legend>BTU content</legend>
        <div className="grid-fields">
          <NumberField
            form={form}
            path="btuContent.unshrunkGas"
            label="Unshrunk gas BTU"
            unit="MBTU/MCF"
            readOnly={readOnly}
          />
          <NumberField
            form={form}
            path="btuContent.shrunkGas"
            label="Shrunk gas BTU"
            unit="MBTU/MCF"
            readOnly={readOnly}
          />
        </div>
      </fieldset>
    </section>
  );
}

function YieldRows(props: Omit<KindFormProps, 'stored'> & { path: string; label: string }) {
  const { form, path, label, readOnly } = props;
  // The service's other spelling, `shrunkGas: "Shrunk Gas"`, is shown (and saved) as `unshrunkGas`.
  const rows = useWatch({ control: form.control, name: `${path}.rows` }) as Record<string, unknown>[] | undefined;
  useEffect(() => {
    if (!rows?.some((r) => r.shrunkGas !== undefined)) return;
    form.setValue(
      `${path}.rows`,
      rows.map(({ shrunkGas, ...r }) => (shrunkGas === undefined ? r : { ...r, unshrunkGas: shrunkGas })),
    );
  }, [rows, form, path]);
  return (
    <DatedRowsField
      form={form}
      path={path}
      label={label}
      units={YIELD}
      valueLabel="Yield"
      defaultValue={0}
      periods={RATE_ROW_PERIODS}
      readOnly={readOnly}
    >
      <SelectField
        form={form}
        path={`${path}.rows.0.unshrunkGas`}
        label={`${label} on`}
        options={[
          { value: 'Unshrunk Gas', label: 'Unshrunk gas' },
          { value: 'Shrunk Gas', label: 'Shrunk gas' },
        ]}
        hint="The gas of the first row; other rows keep theirs."
        readOnly={readOnly}
      />
    </DatedRowsField>
  );
}
