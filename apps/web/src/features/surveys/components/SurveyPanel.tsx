import type { DirectionalSurvey } from '@econ/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { CartesianGrid, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from 'recharts';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { wellSurveyQuery } from '../api/surveys';
import { bearing, surveyDrawing } from '../model/drawing';
import './surveys.css';

const feet = (v: number) => Math.round(v).toLocaleString('en-US');
const AXIS = { fontSize: 12 };
const PATH_COLOR = '#1f6feb';
const SURFACE = [{ ew: 0, ns: 0 }];

/** The survey's path as a line through its points (no markers: a lateral has hundreds). */
function Path(props: { data: object[]; name: string }) {
  return (
    <Scatter
      data={props.data}
      name={props.name}
      line={{ stroke: PATH_COLOR, strokeWidth: 2 }}
      shape={() => <g />}
      fill={PATH_COLOR}
      isAnimationActive={false}
    />
  );
}

/** Plan view: east/west against north/south, on one scale. */
function PlanView({ drawing }: { drawing: ReturnType<typeof surveyDrawing> }) {
  return (
    <figure className="survey-figure">
      <figcaption>Plan view (the red dot: surface location)</figcaption>
      <div className="chart" role="img" aria-label="Plan view of the survey: east-west against north-south offsets, FT">
        <ResponsiveContainer width="100%" height={380}>
          <ScatterChart margin={{ top: 8, right: 16, bottom: 24, left: 16 }}>
            <CartesianGrid stroke="#e6e9ef" />
            <XAxis
              type="number"
              dataKey="ew"
              domain={drawing.planAxes.ew.domain}
              ticks={drawing.planAxes.ew.ticks}
              tickFormatter={feet}
              {...AXIS}
              allowDataOverflow
              label={{ value: 'West (−) / East (+), FT', position: 'bottom', offset: 4, ...AXIS }}
            />
            <YAxis
              type="number"
              dataKey="ns"
              domain={drawing.planAxes.ns.domain}
              ticks={drawing.planAxes.ns.ticks}
              tickFormatter={feet}
              {...AXIS}
              width={72}
              allowDataOverflow
              label={{ value: 'South (−) / North (+), FT', angle: -90, position: 'insideLeft', dy: 70, ...AXIS }}
            />
            <Tooltip formatter={(v) => (typeof v === 'number' ? `${feet(v)} FT` : String(v))} />
            <Path data={drawing.plan} name="Plan" />
            <Scatter data={SURFACE} name="Surface location" fill="#c62828" isAnimationActive={false} />
          </ScatterChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

/** Vertical section: TVD (down) against the displacement along the section azimuth. */
function VerticalSection({ drawing }: { drawing: ReturnType<typeof surveyDrawing> }) {
  return (
    <figure className="survey-figure">
      <figcaption>Vertical section ({bearing(drawing.sectionAzimuth)})</figcaption>
      <div
        className="chart"
        role="img"
        aria-label="Vertical section of the survey: true vertical depth against horizontal displacement, FT"
      >
        <ResponsiveContainer width="100%" height={380}>
          <ScatterChart margin={{ top: 8, right: 16, bottom: 24, left: 16 }}>
            <CartesianGrid stroke="#e6e9ef" />
            <XAxis
              type="number"
              dataKey="displacement"
              domain={['auto', 'auto']}
              tickFormatter={feet}
              {...AXIS}
              label={{
                value: `Horizontal displacement along ${drawing.sectionAzimuth.toFixed(1)}°, FT`,
                position: 'bottom',
                offset: 4,
                ...AXIS,
              }}
            />
            <YAxis
              type="number"
              dataKey="tvd"
              reversed
              domain={[0, 'auto']}
              tickFormatter={feet}
              {...AXIS}
              width={72}
              label={{ value: 'TVD, FT', angle: -90, position: 'insideLeft', dy: 20, ...AXIS }}
            />
            <Tooltip formatter={(v) => (typeof v === 'number' ? `${feet(v)} FT` : String(v))} />
            <Path data={drawing.section} name="Section" />
          </ScatterChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

const COLUMNS = [
  ['measuredDepth', 'MD (FT)', 1],
  ['trueVerticalDepth', 'TVD (FT)', 1],
  ['inclination', 'Inclination (°)', 2],
  ['azimuth', 'Azimuth (°)', 2],
  ['deviationNS', 'N/S (FT)', 1],
  ['deviationEW', 'E/W (FT)', 1],
  ['latitude', 'Latitude', 6],
  ['longitude', 'Longitude', 6],
] as const;

/** The survey's points, one row each, in a box that scrolls. */
function PointTable({ survey }: { survey: DirectionalSurvey }) {
  return (
    <div className="survey-scroll">
      <table className="survey-points" aria-label="Survey points">
        <thead>
          <tr>
            {COLUMNS.map(([f, label]) => (
              <th key={f} className="num">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {survey.measuredDepth.map((md, i) => (
            <tr key={md}>
              {COLUMNS.map(([f, , digits]) => (
                <td key={f} className="num">
                  {survey[f][i]!.toLocaleString('en-US', { maximumFractionDigits: digits })}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A well's directional survey: plan view, vertical section and points; or a note that it has none. */
export function SurveyPanel({ wellId }: { wellId: string }) {
  const survey = useQuery(wellSurveyQuery(wellId));
  const drawing = useMemo(() => (survey.data ? surveyDrawing(survey.data) : undefined), [survey.data]);
  const s = survey.data;
  return (
    <section className="panel" aria-labelledby="survey-title">
      <h2 id="survey-title">Directional survey</h2>
      <ErrorBanner error={survey.error} />
      {survey.isPending ? (
        <p className="muted">Loading the survey…</p>
      ) : !s || !drawing ? (
        !survey.error && (
          <p className="muted">
            No directional survey is stored for this well. Clients add one with POST /v1/directional-surveys.
          </p>
        )
      ) : (
        <>
          <p className="muted">
            {s.measuredDepth.length.toLocaleString('en-US')} points, MD {feet(s.measuredDepth[0]!)}–
            {feet(s.measuredDepth.at(-1)!)} FT, TVD to {feet(Math.max(...s.trueVerticalDepth))} FT; coordinates{' '}
            {s.spatialDataType}.
          </p>
          {s.measuredDepth.length < 2 ? (
            <p className="muted">One point only: nothing to draw.</p>
          ) : (
            <div className="survey-views">
              <PlanView drawing={drawing} />
              <VerticalSection drawing={drawing} />
            </div>
          )}
          <PointTable survey={s} />
        </>
      )}
    </section>
  );
}
