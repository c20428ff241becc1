/** The seeded source of the synthetic wells in tests and benchmarks: the package's own (../random.ts). */
export { seededRandom } from '../random';
