/**
 * Fitting benchmark (issue 18; target: wells per second ≥ 10× SciPy's on one core, median EUR error
 * no worse than SciPy's): 1,000 synthetic wells, 60 monthly points each, Arps (q0 200–2,000 BBL/D,
 * dEff 0.3–0.9, b 0.3–1.6) times 10 % log-normal noise, seeded. Our `fitDecline` (arps, soft_l1,
 * from the first point) against SciPy's `curve_fit` (trf, soft_l1, the same model, bounds and first
 * guess; bench/fit/scipy_fit.py), both single-threaded, each well's EUR over 30 years compared with
 * the true one. SciPy comes from `python3` when it imports scipy, else Debian's `python3-scipy`
 * (installed with apt-get when run as root).
 *
 *   npm run bench:fit
 *   BENCH_WELLS=200 npm run bench:fit
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { arpsNominalFromEffective, arpsRate, fitDecline } from '@econ/decline';
import { seededRandom } from '../../packages/decline/src/test/random';
import { reportSummary } from '../summary';

const WELLS = Number(process.env.BENCH_WELLS ?? 1000);
const POINTS = 60;
const SIGMA = 0.1;
const TARGET = 10;
const END_DELTA = Math.ceil(30 * 365.25) - 1;
const START = 43_829; // 2020-01-01
const B_RANGE = [0.01, 2] as const;

const { next: u, normal } = seededRandom(0xf17);

interface Well {
  t: number[];
  q: number[];
  eur: number;
}
const wells: Well[] = Array.from({ length: WELLS }, () => {
  const q0 = 200 + 1800 * u();
  const dEff = 0.3 + 0.6 * u();
  const b = 0.3 + 1.3 * u();
  const D = arpsNominalFromEffective(dEff, b);
  const t = Array.from({ length: POINTS }, (_, i) => Math.round(i * 30.4375));
  const q = t.map((d) => arpsRate(q0, D, b, d) * Math.exp(SIGMA * normal()));
  let eur = 0;
  for (let d = 0; d <= END_DELTA; d++) eur += arpsRate(q0, D, b, d);
  return { t, q, eur };
});

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : Number.NaN;
};

// Ours: warm up on a few wells, then time all of them.
const fitOne = (w: Well) =>
  fitDecline(
    w.t.map((d, i) => ({ day: START + d, rate: w.q[i]! })),
    { model: 'arps', start: 'first', endDay: START + END_DELTA, bRange: B_RANGE },
  );
for (const w of wells.slice(0, 50)) fitOne(w);
const t0 = performance.now();
const ours = wells.map(fitOne);
const oursSeconds = (performance.now() - t0) / 1000;
const oursErrors = ours.flatMap((f, i) => (f.ok ? [Math.abs(f.eur / wells[i]!.eur - 1)] : []));
const oursFailed = ours.filter((f) => !f.ok).length;

function python(): string {
  const probe = (bin: string) => spawnSync(bin, ['-c', 'import scipy'], { stdio: 'ignore' }).status === 0;
  if (probe('python3')) return 'python3';
  if (probe('/usr/bin/python3')) return '/usr/bin/python3';
  console.log('SciPy not found: installing Debian python3-scipy (apt-get)…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'python3-scipy'], { stdio: 'inherit' });
  return '/usr/bin/python3';
}
const py = python();
const out = execFileSync(py, [fileURLToPath(new URL('./scipy_fit.py', import.meta.url))], {
  input: JSON.stringify({ wells: wells.map(({ t, q }) => ({ t, q })), bRange: B_RANGE, endDelta: END_DELTA }),
  env: { ...process.env, OMP_NUM_THREADS: '1', OPENBLAS_NUM_THREADS: '1', MKL_NUM_THREADS: '1' },
  maxBuffer: 64 * 1024 * 1024,
});
const scipy = JSON.parse(out.toString()) as { seconds: number; eur: (number | null)[]; failed: number };
const scipyErrors = scipy.eur.flatMap((e, i) => (e === null ? [] : [Math.abs(e / wells[i]!.eur - 1)]));

const oursRate = WELLS / oursSeconds;
const scipyRate = WELLS / scipy.seconds;
const ratio = oursRate / scipyRate;
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
console.log(`fit benchmark: ${WELLS} wells × ${POINTS} monthly points, Arps × ${SIGMA * 100} % log-normal noise`);
console.log(
  `  ours (fitDecline, arps, soft_l1): ${oursRate.toFixed(0)} wells/s; median EUR error ${pct(median(oursErrors))}; refused ${oursFailed}`,
);
console.log(
  `  SciPy curve_fit (trf, soft_l1, ${py}): ${scipyRate.toFixed(0)} wells/s; median EUR error ${pct(median(scipyErrors))}; failed ${scipy.failed}`,
);
console.log(
  `  ratio ours / SciPy = ${ratio.toFixed(1)} (target ≥ ${TARGET}: ${ratio >= TARGET ? 'met' : 'NOT met'}); EUR error ${median(oursErrors) <= median(scipyErrors) ? 'no worse than' : 'WORSE than'} SciPy's`,
);
reportSummary({
  bench: `fit (${WELLS} wells × ${POINTS} monthly points)`,
  figure: `fitDecline ${oursRate.toFixed(0)} wells/s, median EUR error ${pct(median(oursErrors))}`,
  baseline: `SciPy curve_fit ${scipyRate.toFixed(0)} wells/s, ${pct(median(scipyErrors))}`,
  ratio,
  target: `≥ ${TARGET}`,
  met: ratio >= TARGET && median(oursErrors) <= median(scipyErrors),
});
