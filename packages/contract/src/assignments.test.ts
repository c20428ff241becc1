import { describe, expect, it } from 'vitest';
import {
  ASSIGNMENT_DELETE_WELLS_MAX,
  ASSIGNMENT_WELLS_MAX,
  AssignmentDeleteQuery,
  AssignmentInput,
  AssignmentReplaceInput,
  ScenarioAssignmentRow,
} from './assignments';
import { ECON_MODEL_KINDS } from './econModels/envelope';
import { issuesOf } from './econModels/testing';

const S = '6523f1a2b4c5d6e7f8091a2d';
const W1 = '6523f1a2b4c5d6e7f8091a31';
const W2 = '6523f1a2b4c5d6e7f8091a32';

describe('AssignmentInput (POST record)', () => {
  it('defaults qualifierName to "default" and allWells to false', () => {
    expect(AssignmentInput.parse({ scenario: S, wells: [W1] })).toEqual({
      scenario: S,
      qualifierName: 'default',
      wells: [W1],
      allWells: false,
    });
  });
  it('takes allWells without wells, or with an empty list', () => {
    expect(issuesOf(AssignmentInput, { scenario: S, allWells: true })).toEqual([]);
    expect(issuesOf(AssignmentInput, { scenario: S, allWells: true, wells: [] })).toEqual([]);
  });
  it('refuses wells beside allWells: true', () => {
    expect(issuesOf(AssignmentInput, { scenario: S, allWells: true, wells: [W1] })).toEqual([
      { path: 'wells', message: 'wells must be absent or empty when allWells is true', rule: 'empty when allWells' },
    ]);
  });
  it('needs wells unless allWells', () => {
    for (const body of [{ scenario: S }, { scenario: S, wells: [] }, { scenario: S, allWells: false }]) {
      expect(issuesOf(AssignmentInput, body)).toEqual([
        {
          path: 'wells',
          message: 'wells must list at least one well unless allWells is true',
          rule: 'required unless allWells',
        },
      ]);
    }
  });
  it.each([
    ['scenario missing', { wells: [W1] }, 'scenario'],
    ['scenario not an id', { scenario: 'abc', wells: [W1] }, 'scenario'],
    ['a well not an id', { scenario: S, wells: [W1, 'x'] }, 'wells[1]'],
    ['wells not an array', { scenario: S, wells: W1 }, 'wells'],
    ['allWells not a boolean', { scenario: S, allWells: 'yes' }, 'allWells'],
    ['an empty qualifier', { scenario: S, wells: [W1], qualifierName: '  ' }, 'qualifierName'],
    ['a long qualifier', { scenario: S, wells: [W1], qualifierName: 'q'.repeat(101) }, 'qualifierName'],
    ['a NUL in the qualifier', { scenario: S, wells: [W1], qualifierName: 'a\u0000' }, 'qualifierName'],
    ['an unknown field', { scenario: S, wells: [W1], well: W2 }, ''],
  ])('refuses %s', (_, body, path) => {
    const issues = issuesOf(AssignmentInput, body);
    expect(issues.length).toBeGreaterThan(0);
    expect(issues[0]!.path).toBe(path);
  });
  it(`takes at most ${ASSIGNMENT_WELLS_MAX} wells`, () => {
    const wells = Array.from({ length: ASSIGNMENT_WELLS_MAX + 1 }, () => W1);
    expect(issuesOf(AssignmentInput, { scenario: S, wells })[0]).toMatchObject({ path: 'wells', rule: 'too_big' });
  });
  it('trims the qualifier name', () => {
    expect(AssignmentInput.parse({ scenario: S, wells: [W1], qualifierName: ' high ' }).qualifierName).toBe('high');
  });
});

describe('AssignmentReplaceInput (PUT record)', () => {
  it('may send no wells (clears the scenario and qualifier)', () => {
    expect(issuesOf(AssignmentReplaceInput, { scenario: S })).toEqual([]);
    expect(issuesOf(AssignmentReplaceInput, { scenario: S, wells: [] })).toEqual([]);
  });
  it('still refuses wells beside allWells: true', () => {
    expect(issuesOf(AssignmentReplaceInput, { scenario: S, allWells: true, wells: [W1] })[0]!.rule).toBe(
      'empty when allWells',
    );
  });
});

describe('AssignmentDeleteQuery', () => {
  it('needs scenarioId and defaults qualifierName', () => {
    expect(issuesOf(AssignmentDeleteQuery, { wells: [W1] })[0]!.path).toBe('scenarioId');
    expect(AssignmentDeleteQuery.parse({ scenarioId: S, wells: [W1] })).toEqual({
      scenarioId: S,
      qualifierName: 'default',
      wells: [W1],
      allWells: 'false',
    });
  });
  it('needs wells or allWells=true, not both', () => {
    expect(issuesOf(AssignmentDeleteQuery, { scenarioId: S })[0]!.rule).toBe('required unless allWells');
    expect(issuesOf(AssignmentDeleteQuery, { scenarioId: S, allWells: 'true' })).toEqual([]);
    expect(issuesOf(AssignmentDeleteQuery, { scenarioId: S, allWells: 'true', wells: [W1] })[0]!.rule).toBe(
      'empty when allWells',
    );
    expect(issuesOf(AssignmentDeleteQuery, { scenarioId: S, allWells: 'yes' })[0]!.path).toBe('allWells');
  });
  it(`takes at most ${ASSIGNMENT_DELETE_WELLS_MAX} wells`, () => {
    const wells = Array.from({ length: ASSIGNMENT_DELETE_WELLS_MAX + 1 }, () => W1);
    expect(issuesOf(AssignmentDeleteQuery, { scenarioId: S, wells })[0]!.path).toBe('wells');
  });
});

describe('ScenarioAssignmentRow', () => {
  it('has a key for every kind of the registry', () => {
    const assignments = Object.fromEntries(ECON_MODEL_KINDS.map((k) => [k, {}]));
    expect(issuesOf(ScenarioAssignmentRow, { well: W1, wellName: 'A', assignments })).toEqual([]);
    const { [ECON_MODEL_KINDS[0]]: _, ...missing } = assignments;
    expect(issuesOf(ScenarioAssignmentRow, { well: W1, wellName: 'A', assignments: missing }).length).toBe(1);
  });
});
