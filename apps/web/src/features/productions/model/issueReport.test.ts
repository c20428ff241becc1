import { describe, expect, it } from 'vitest';
import { guessMapping } from './columns';
import { readHead } from './csvRows';
import { issueReport } from './issueReport';
import { WellIndex } from './wellIndex';

const wells = new WellIndex([{ id: 'a'.repeat(24), wellName: 'Alpha', chosenID: 'ALPHA', dataSource: 'internal' }]);

describe('issueReport', () => {
  it('lists every reason of every bad row as CSV, across chunks, quoting cells that need it', async () => {
    const lines = ['Chosen ID,Date,Oil', 'ALPHA,2024-01-01,1'];
    for (let i = 0; i < 50; i++) lines.push(`NOPE,2024-01-${String((i % 28) + 1).padStart(2, '0')},1`);
    lines.push('ALPHA,"Jan 2, 2024",-1');
    const source = lines.join('\n');
    const head = await readHead(source, 5);
    const plan = {
      source,
      delimiter: head.delimiter,
      headers: head.headers,
      mapping: guessMapping(head.headers, 'daily'),
      resolution: 'daily' as const,
      wells,
      chunkSize: 64,
    };
    const csv = await issueReport(plan);
    const out = csv.trimEnd().split('\r\n');
    expect(out[0]).toBe('row,column,value,rule,reason');
    expect(out.length).toBe(1 + 50 + 2);
    expect(out[1]).toBe('3,Chosen ID,NOPE,unknown well,no well of the project has this chosen ID');
    expect(out.slice(-2)).toEqual([
      '53,Date,"Jan 2, 2024",date,"not a date (YYYY-MM-DD, M/D/YYYY, YYYY/MM/DD or an Excel date)"',
      '53,Oil,-1,min 0,oil must be 0 or more',
    ]);
  });
});
