/*
 * The well headers clients of the service send (issue 21; names from the service's public client
 * documentation, see `shared/design/service-shapes.md`): ONE table, name → kind, label, unit and
 * range. The write schemas, the read schema, the list filters and sorts (resources.ts) and the API's
 * storage (apps/api/src/resources/wellHeaderSql.ts) are all derived from it. Rules the service does
 * not publish are ours (docs/decisions/047-well-headers.md): coordinates within their degrees,
 * lengths, volumes, pressures and counts 0 or more, percentages 0 to 100, strings up to 1,000
 * characters, dates `YYYY-MM-DD` as every date of the API.
 */

/** Where a company's wells come from; with `chosenID`, the natural key of a well in the company. */
export const WELL_DATA_SOURCES = ['di', 'ihs', 'phdwin', 'aries', 'internal', 'other'] as const;

/** How a header is typed. */
export type WellHeaderKind = 'string' | 'number' | 'date' | 'boolean' | 'enum';

/** One header: its kind, what the console shows (label, unit) and its rules. */
export interface WellHeaderDef {
  kind: WellHeaderKind;
  label: string;
  unit?: string;
  /** Numbers: inclusive bounds; `integer` for counts. */
  min?: number;
  max?: number;
  integer?: boolean;
  /** Strings: at most this many characters (default 1,000) and, for identifiers, a pattern. */
  maxLength?: number;
  pattern?: { regex: RegExp; rule: string };
  /** Enumerations: the values. */
  values?: readonly string[];
  /** Required on create and replace (`chosenID`, `dataSource`, `wellName`). */
  required?: boolean;
}

type Def = WellHeaderDef;
/** A header of kind `K` (the kind kept in the table's type, so values are typed by it). */
type Of<K extends WellHeaderKind> = WellHeaderDef & { kind: K };
const str = (label: string, more: Partial<Def> = {}): Of<'string'> => ({ ...more, kind: 'string', label });
const num = (label: string, unit?: string, more: Partial<Def> = {}): Of<'number'> => ({
  ...more,
  kind: 'number',
  label,
  ...(unit ? { unit } : {}),
});
const date = (label: string): Of<'date'> => ({ kind: 'date', label });
const digits = (n: number) => ({ regex: new RegExp(`^\\d{${n}}$`), rule: `${n} digits` });

/** 0 or more. */
const POS = { min: 0 };
/** A count: a whole number, 0 or more. */
const COUNT = { min: 0, integer: true };
const PCT = { min: 0, max: 100 };
/** Lengths along the hole, as the API has always ruled them. */
const LENGTH = { min: 0, max: 100_000 };
const lat = (label: string) => num(label, 'DEG', { min: -90, max: 90 });
const lon = (label: string) => num(label, 'DEG', { min: -180, max: 180 });

/** Headers `prefix0` … `prefix{n-1}` of one kind. */
function numbered<P extends string, D extends Def>(
  prefix: P,
  n: number,
  make: (i: number) => D,
): Record<`${P}${number}`, D> {
  return Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, make(i)])) as Record<
    `${P}${number}`,
    D
  >;
}

/** First treatment, refrac and total completion figures share their names after the prefix. */
const STIMULATION = [
  'AdditiveVolume',
  'ClusterCount',
  'FluidVolume',
  'PropWeight',
  'StageCount',
  'FluidPerPerforatedInterval',
  'ProppantPerFluid',
  'ProppantPerPerforatedInterval',
] as const;
function stimulation<P extends 'first' | 'refrac' | 'total'>(
  prefix: P,
  title: string,
): Record<`${P}${(typeof STIMULATION)[number]}`, Of<'number'>> {
  return {
    [`${prefix}AdditiveVolume`]: num(`${title} additive volume`, 'GAL', POS),
    [`${prefix}ClusterCount`]: num(`${title} cluster count`, undefined, COUNT),
    [`${prefix}FluidVolume`]: num(`${title} fluid volume`, 'BBL', POS),
    [`${prefix}PropWeight`]: num(`${title} proppant weight`, 'LB', POS),
    [`${prefix}StageCount`]: num(`${title} stage count`, undefined, COUNT),
    [`${prefix}FluidPerPerforatedInterval`]: num(`${title} fluid per perforated interval`, 'BBL/FT', POS),
    [`${prefix}ProppantPerFluid`]: num(`${title} proppant per fluid`, 'LB/BBL', POS),
    [`${prefix}ProppantPerPerforatedInterval`]: num(`${title} proppant per perforated interval`, 'LB/FT', POS),
  } as Record<`${P}${(typeof STIMULATION)[number]}`, Of<'number'>>;
}

const GAS_COMPONENTS = [
  'C1',
  'C2',
  'C3',
  'Co2',
  'H2',
  'H2o',
  'H2s',
  'He',
  'Ic4',
  'Ic5',
  'N2',
  'O2',
  'Nc4',
  'Nc5',
  'Nc6',
  'Nc7',
  'Nc8',
  'Nc9',
  'Nc10',
] as const;
/** Gas composition, mole percent of each component. */
const gasComposition = () =>
  Object.fromEntries(GAS_COMPONENTS.map((c) => [`gas${c}`, num(`Gas ${c.toUpperCase()}`, 'MOL %', PCT)])) as Record<
    `gas${(typeof GAS_COMPONENTS)[number]}`,
    Of<'number'>
  >;

/** The headers with a name of their own. */
const NAMED = {
  // Identifiers
  chosenID: str('Chosen ID', { maxLength: 64, required: true }),
  dataSource: { kind: 'enum', label: 'Data source', values: WELL_DATA_SOURCES, required: true } as Of<'enum'>,
  chosenKeyID: str('Chosen key ID', { maxLength: 64 }),
  dataSourceCustomName: str('Data source custom name'),
  api10: str('API 10', { pattern: digits(10) }),
  api12: str('API 12', { pattern: digits(12) }),
  api14: str('API 14', { pattern: digits(14) }),
  ariesId: str('ARIES ID'),
  phdwinId: str('PHDwin ID'),
  inptID: str('INPT ID'),
  ihsId: str('IHS ID'),
  drillinginfoId: str('Drillinginfo ID'),
  tgsId: str('TGS ID'),
  spgciId: str('S&P Global ID'),
  rsegId: str('RSEG ID'),
  // Names, status and operators
  wellName: str('Well name', { maxLength: 200, required: true }),
  wellNumber: str('Well number'),
  wellType: str('Well type'),
  status: str('Status'),
  primaryProduct: str('Primary product'),
  productionMethod: str('Production method'),
  recoveryMethod: str('Recovery method'),
  flowPath: str('Flow path'),
  fluidType: str('Fluid type'),
  holeDirection: str('Hole direction'),
  allocationType: str('Allocation type'),
  leaseName: str('Lease name'),
  leaseNumber: str('Lease number'),
  padName: str('Pad name'),
  rig: str('Rig'),
  typeCurveArea: str('Type curve area'),
  currentOperator: str('Current operator'),
  currentOperatorAlias: str('Current operator alias'),
  currentOperatorCode: str('Current operator code'),
  currentOperatorTicker: str('Current operator ticker'),
  previousOperator: str('Previous operator'),
  previousOperatorAlias: str('Previous operator alias'),
  previousOperatorCode: str('Previous operator code'),
  previousOperatorTicker: str('Previous operator ticker'),
  gasGatherer: str('Gas gatherer'),
  oilGatherer: str('Oil gatherer'),
  nglGatherer: str('NGL gatherer'),
  // Location
  surfaceLatitude: lat('Surface latitude'),
  surfaceLongitude: lon('Surface longitude'),
  heelLatitude: lat('Heel latitude'),
  heelLongitude: lon('Heel longitude'),
  toeLatitude: lat('Toe latitude'),
  toeLongitude: lon('Toe longitude'),
  basin: str('Basin'),
  play: str('Play'),
  subplay: str('Subplay'),
  field: str('Field'),
  county: str('County', { maxLength: 100 }),
  state: str('State', { maxLength: 100 }),
  country: str('Country'),
  district: str('District'),
  section: str('Section'),
  township: str('Township'),
  range: str('Range'),
  block: str('Block'),
  abstract: str('Abstract'),
  survey: str('Survey'),
  elevation: num('Elevation', 'FT'),
  elevationType: str('Elevation type'),
  groundElevation: num('Ground elevation', 'FT'),
  // Dates
  permitDate: date('Permit date'),
  spudDate: date('Spud date'),
  drillStartDate: date('Drill start date'),
  drillEndDate: date('Drill end date'),
  dateRigRelease: date('Rig release date'),
  completionStartDate: date('Completion start date'),
  completionEndDate: date('Completion end date'),
  til: date('Turned in line'),
  firstProdDate: date('First production date'),
  refracDate: date('Refrac date'),
  gasAnalysisDate: date('Gas analysis date'),
  // Lengths, depths and the wellbore
  perfLateralLength: num('Perforated lateral length', 'FT', LENGTH),
  lateralLength: num('Lateral length', 'FT', LENGTH),
  measuredDepth: num('Measured depth', 'FT', LENGTH),
  trueVerticalDepth: num('True vertical depth', 'FT', LENGTH),
  grossPerforatedInterval: num('Gross perforated interval', 'FT', LENGTH),
  upperPerforation: num('Upper perforation', 'FT', LENGTH),
  lowerPerforation: num('Lower perforation', 'FT', LENGTH),
  tubingDepth: num('Tubing depth', 'FT', POS),
  tubingId: num('Tubing inner diameter', 'IN', POS),
  casingId: num('Casing inner diameter', 'IN', POS),
  chokeSize: num('Choke size', '1/64 IN', POS),
  azimuth: num('Azimuth', 'DEG', { min: 0, max: 360 }),
  toeUp: str('Toe up'),
  // Landing zone and spacing
  targetFormation: str('Target formation'),
  landingZone: str('Landing zone'),
  landingZoneBase: num('Landing zone base', 'FT'),
  landingZoneTop: num('Landing zone top', 'FT'),
  toeInLandingZone: str('Toe in landing zone'),
  footageInLandingZone: num('Footage in landing zone', 'FT', POS),
  percentInZone: num('Percent in zone', '%', PCT),
  distanceFromBaseOfZone: num('Distance from base of zone', 'FT'),
  distanceFromTopOfZone: num('Distance from top of zone', 'FT'),
  formationThicknessMean: num('Formation thickness (mean)', 'FT', POS),
  thickness: num('Thickness', 'FT', POS),
  acreSpacing: num('Acre spacing', 'ACRE', POS),
  drainageArea: num('Drainage area', 'ACRE', POS),
  horizontalSpacing: num('Horizontal spacing', 'FT', POS),
  verticalSpacing: num('Vertical spacing', 'FT', POS),
  hzWellSpacingAnyZone: num('Horizontal well spacing (any zone)', 'FT', POS),
  hzWellSpacingSameZone: num('Horizontal well spacing (same zone)', 'FT', POS),
  vtWellSpacingAnyZone: num('Vertical well spacing (any zone)', 'FT', POS),
  vtWellSpacingSameZone: num('Vertical well spacing (same zone)', 'FT', POS),
  parentChildAnyZone: str('Parent/child (any zone)'),
  parentChildSameZone: str('Parent/child (same zone)'),
  // Completion and stimulation
  completionDesign: str('Completion design'),
  firstFracVendor: str('First frac vendor'),
  firstTreatmentType: str('First treatment type'),
  firstMaxInjectionPressure: num('First max injection pressure', 'PSI', POS),
  firstMaxInjectionRate: num('First max injection rate', 'BBL/MIN', POS),
  ...stimulation('first', 'First'),
  refracFracVendor: str('Refrac frac vendor'),
  refracTreatmentType: str('Refrac treatment type'),
  refracMaxInjectionPressure: num('Refrac max injection pressure', 'PSI', POS),
  refracMaxInjectionRate: num('Refrac max injection rate', 'BBL/MIN', POS),
  ...stimulation('refrac', 'Refrac'),
  ...stimulation('total', 'Total'),
  numTreatmentRecords: num('Treatment records', undefined, COUNT),
  proppantMeshSize: str('Proppant mesh size'),
  proppantType: str('Proppant type'),
  stageSpacing: num('Stage spacing', 'FT', POS),
  fractureConductivity: num('Fracture conductivity', 'MD-FT', POS),
  // First test
  firstTestFlowTbgPress: num('First test flowing tubing pressure', 'PSI', POS),
  firstTestGasVol: num('First test gas volume', 'MCF', POS),
  firstTestGor: num('First test GOR', 'CF/BBL', POS),
  firstTestOilVol: num('First test oil volume', 'BBL', POS),
  firstTestWaterVol: num('First test water volume', 'BBL', POS),
  // Reservoir, PVT and gas composition
  initialRespress: num('Initial reservoir pressure', 'PSI', POS),
  initialRestemp: num('Initial reservoir temperature', 'F'),
  bubblePointPress: num('Bubble point pressure', 'PSI', POS),
  dewPointPress: num('Dew point pressure', 'PSI', POS),
  porosity: num('Porosity', '%', PCT),
  matrixPermeability: num('Matrix permeability', 'MD', POS),
  so: num('Oil saturation', '%', PCT),
  sw: num('Water saturation', '%', PCT),
  sg: num('Gas saturation', '%', PCT),
  bo: num('Oil formation volume factor', 'RB/STB', POS),
  bg: num('Gas formation volume factor', 'RCF/SCF', POS),
  rs: num('Solution gas-oil ratio', 'SCF/STB', POS),
  zi: num('Initial gas deviation factor', undefined, POS),
  oilApiGravity: num('Oil API gravity', 'API'),
  oilSpecificGravity: num('Oil specific gravity', undefined, POS),
  gasSpecificGravity: num('Gas specific gravity', undefined, POS),
  ...gasComposition(),
  // Reserves
  prmsReservesCategory: str('PRMS reserves category'),
  prmsReservesSubCategory: str('PRMS reserves subcategory'),
  prmsResourcesClass: str('PRMS resources class'),
} as const satisfies Record<string, WellHeaderDef>;

/** Custom fields: their labels are the company's (custom-columns routes). */
const CUSTOM = {
  ...numbered('customString', 35, (i) => str(`Custom string ${i}`)),
  ...numbered('customNumber', 20, (i) => num(`Custom number ${i}`)),
  ...numbered('customDate', 20, (i) => date(`Custom date ${i}`)),
  ...numbered('customBool', 5, (i): Of<'boolean'> => ({ kind: 'boolean', label: `Custom boolean ${i}` })),
};

/** Every header a well may carry, by name (the custom ones typed by their name patterns). */
export const WELL_HEADERS = { ...NAMED, ...CUSTOM } as typeof NAMED &
  Record<`customString${number}`, Of<'string'>> &
  Record<`customNumber${number}`, Of<'number'>> &
  Record<`customDate${number}`, Of<'date'>> &
  Record<`customBool${number}`, Of<'boolean'>>;

export type WellHeaderName = keyof typeof WELL_HEADERS;
/** Every header name, in the table's order. */
export const WELL_HEADER_NAMES = Object.keys(WELL_HEADERS) as WellHeaderName[];
/** The header names of a kind. */
export const wellHeadersOfKind = (kind: WellHeaderKind): WellHeaderName[] =>
  WELL_HEADER_NAMES.filter((n) => (WELL_HEADERS[n] as WellHeaderDef).kind === kind);
/** The definition of a header (typed as the interface, so optional rules read as such). */
export const wellHeader = (name: WellHeaderName): WellHeaderDef => WELL_HEADERS[name] as WellHeaderDef;

type KindOf<N extends WellHeaderName> = (typeof WELL_HEADERS)[N]['kind'];
/** The value type of a header of kind `K`. */
export type WellHeaderValue<K extends WellHeaderKind> = K extends 'number'
  ? number
  : K extends 'boolean'
    ? boolean
    : K extends 'enum'
      ? (typeof WELL_DATA_SOURCES)[number]
      : string;
/** The headers a well may carry, each typed by its kind. */
export type WellHeaderValues = { [N in WellHeaderName]?: WellHeaderValue<KindOf<N>> };
