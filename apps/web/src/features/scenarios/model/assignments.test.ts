import type { AssignmentMultiStatus, ScenarioAssignmentRow } from '@econ/contract';
import { AssignmentInput, ECON_MODEL_KINDS } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import {
  assignedModel,
  assignToAll,
  assignToWell,
  KIND_COLUMNS,
  qualifiersOf,
  recordFailure,
  unassignQuery,
} from './assignments';

const S = 'a'.repeat(24);
const W1 = 'b'.repeat(24);
const W2 = 'c'.repeat(24);
const M = 'd'.repeat(24);

const row = (well: string, assignments: Partial<ScenarioAssignmentRow['assignments']>): ScenarioAssignmentRow => ({
  well,
  wellName: `Well ${well.slice(0, 2)}`,
  assignments: {
    ...Object.fromEntries(ECON_MODEL_KINDS.map((k) => [k, {}])),
    ...assignments,
  } as ScenarioAssignmentRow['assignments'],
});

describe('KIND_COLUMNS', () => {
  it('has one column per kind, in the registry order, with its title', () => {
    expect(KIND_COLUMNS.map((c) => c.kind)).toEqual([...ECON_MODEL_KINDS]);
    expect(KIND_COLUMNS.find((c) => c.kind === 'capex')?.title).toBe('CAPEX');
  });
});

describe('assignedModel and qualifiersOf', () => {
  const rows = [
    row(W1, {
      capex: {
        default: { id: M, name: 'Base capex', scope: 'project' },
        high: { id: M, name: 'Hi', scope: 'company' },
      },
    }),
    row(W2, { pricing: { Low: { id: M, name: 'Strip', scope: 'company' } } }),
  ];
  it('reads the model of a kind and qualifier, or nothing', () => {
    expect(assignedModel(rows[0]!, 'capex', 'default')?.name).toBe('Base capex');
    expect(assignedModel(rows[0]!, 'capex', 'Low')).toBeUndefined();
    expect(assignedModel(rows[1]!, 'capex', 'default')).toBeUndefined();
  });
  it('lists default first, then the names in use, then a new one, each once', () => {
    expect(qualifiersOf(rows)).toEqual(['default', 'high', 'Low']);
    expect(qualifiersOf(rows, 'mid')).toEqual(['default', 'high', 'Low', 'mid']);
    expect(qualifiersOf([], 'default')).toEqual(['default']);
    expect(qualifiersOf([])).toEqual(['default']);
  });
});

describe('assignment writes', () => {
  it('a cell assigns one well, a column every well; both records pass the contract', () => {
    const one = assignToWell('capex', M, S, 'default', W1);
    expect(one).toEqual({
      kind: 'capex',
      modelId: M,
      record: { scenario: S, qualifierName: 'default', wells: [W1], allWells: false },
    });
    expect(AssignmentInput.safeParse(one.record).success).toBe(true);
    const all = assignToAll('expenses', M, S, 'high');
    expect(all.record).toEqual({ scenario: S, qualifierName: 'high', allWells: true });
    expect(AssignmentInput.safeParse(all.record).success).toBe(true);
  });
  it('an unassign names the scenario, the qualifier and each well', () => {
    const qs = new URLSearchParams(unassignQuery({ scenarioId: S, qualifierName: 'a b', wells: [W1, W2] }));
    expect(qs.get('scenarioId')).toBe(S);
    expect(qs.get('qualifierName')).toBe('a b');
    expect(qs.getAll('wells')).toEqual([W1, W2]);
  });
});

describe('recordFailure', () => {
  const body = (
    results: AssignmentMultiStatus['results'],
    generalErrors: AssignmentMultiStatus['generalErrors'] = [],
  ) => ({
    generalErrors,
    results,
    successCount: results.filter((r) => r.code < 300).length,
    failedCount: results.filter((r) => r.code >= 300).length,
  });
  it('is nothing when the record was applied', () => {
    expect(
      recordFailure(body([{ status: 'Created', code: 201, scenario: S, wells: [W1], allWells: false }])),
    ).toBeUndefined();
  });
  it("is the record's errors in the API's words, with their field", () => {
    const failed = body([
      {
        status: 'BadRequest',
        code: 400,
        errors: [
          {
            name: 'ValidationError',
            message: `wells not in scenario ${S}: ${W2}`,
            location: '[0].wells',
            field: 'wells',
            rule: 'wells of the scenario',
            recordIndex: 0,
          },
          {
            name: 'ValidationError',
            message: 'must not be empty',
            location: '[0].qualifierName',
            field: 'qualifierName',
            rule: 'min',
            recordIndex: 0,
          },
        ],
      },
    ]);
    expect(recordFailure(failed)).toBe(`wells not in scenario ${S}: ${W2}; qualifierName: must not be empty`);
  });
  it('names the status when a failed record has no errors, and reports general errors', () => {
    expect(recordFailure(body([{ status: 'NotFound', code: 404 }]))).toBe('The assignment failed (404 NotFound)');
    expect(recordFailure(body([], [{ name: 'Error', message: 'too many records', location: '' }]))).toBe(
      'too many records',
    );
    expect(recordFailure(body([]))).toBe('The service answered without a result');
  });
});
