import { useMemo } from 'react';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { alignedAxes, type CashFlowChart as Chart, type Discount, discountLabel } from '../model/cashFlow';
import { formatMoney, formatMoneyTick, moneyAxisWidth } from '../model/format';

/**
 * A well's monthly net cash flow (bars, left axis) and cumulative discounted cash flow (line, right
 * axis), with the economic limit marked by a vertical line at its month.
 */
export function CashFlowChart(props: { chart: Chart; wellName: string; discount: Discount; rate: number | undefined }) {
  const { chart, wellName, discount, rate } = props;
  const lineName = discountLabel(discount, rate);
  const axes = useMemo(() => alignedAxes(chart.points), [chart.points]);
  const name = useMemo(
    () =>
      `Monthly net cash flow and ${lineName.toLowerCase()} of ${wellName}` +
      (chart.econLimitMonth ? `, economic limit ${chart.econLimitMonth}` : ''),
    [lineName, wellName, chart.econLimitMonth],
  );
  return (
    <div className="chart cash-flow-chart" role="img" aria-label={name}>
      <ResponsiveContainer width="100%" height={360}>
        <ComposedChart data={chart.points} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid stroke="#e6e9ef" />
          <XAxis dataKey="month" ticks={chart.ticks} interval={0} fontSize={12} />
          <YAxis
            yAxisId="net"
            domain={axes.net.domain}
            ticks={axes.net.ticks}
            tickFormatter={formatMoneyTick}
            fontSize={12}
            width={moneyAxisWidth(axes.net.ticks)}
            label={{ value: 'Net cash flow, $/month', angle: -90, position: 'insideLeft', fontSize: 12, dy: 70 }}
          />
          <YAxis
            yAxisId="cum"
            orientation="right"
            domain={axes.cum.domain}
            ticks={axes.cum.ticks}
            tickFormatter={formatMoneyTick}
            fontSize={12}
            width={moneyAxisWidth(axes.cum.ticks)}
            label={{ value: 'Cumulative, $', angle: 90, position: 'insideRight', fontSize: 12, dy: -40 }}
          />
          <Tooltip formatter={(v) => (typeof v === 'number' ? formatMoney(v) : String(v))} />
          <Legend verticalAlign="top" height={28} />
          <ReferenceLine yAxisId="net" y={0} stroke="#9aa5b8" />
          <Bar yAxisId="net" dataKey="net" name="Net cash flow (monthly)" fill="#1f6feb" isAnimationActive={false} />
          <Line
            yAxisId="cum"
            dataKey="cumDiscounted"
            name={lineName}
            stroke="#b26a00"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
          {chart.econLimitMonth && (
            <ReferenceLine
              yAxisId="net"
              x={chart.econLimitMonth}
              stroke="#c62828"
              strokeDasharray="6 4"
              className="econ-limit"
              label={{
                value: `Economic limit ${chart.econLimitMonth}`,
                position: 'insideBottomRight',
                fontSize: 12,
                fill: '#c62828',
              }}
            />
          )}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
