import { describe, expect, it } from 'vitest';
import { listQueryOf, paramsOfQuery, queryOfParams, queryProblem } from './document-query';

describe('the document query and the address', () => {
  it('reads the drill-down parameters of reports', () => {
    const { values, sort } = queryOfParams(new URLSearchParams('from=2026-01-01&to=2026-01-31&location=7&terminal=12&operator=Anna&article=A-1&tenant=3'), [{ name: 'article', maxLength: 32 }]);
    expect(values).toEqual({ from: '2026-01-01', to: '2026-01-31', location: 7, terminal: 12, operator: 'Anna', article: 'A-1', tenant: 3 });
    expect(sort).toBe('-date');
  });

  it('reads only the text filters the server names, within their length', () => {
    const params = new URLSearchParams('line=A-1&other=x&long=123456');
    expect(queryOfParams(params, [{ name: 'line', maxLength: 32 }, { name: 'long', maxLength: 5 }]).values).toEqual({ line: 'A-1' });
    expect(queryOfParams(params).values).toEqual({});
  });

  it('leaves out what the form cannot hold', () => {
    const { values, sort } = queryOfParams(new URLSearchParams('from=2026-13-45&to=yesterday&location=-1&terminal=1e3&operator=%00x&amountMin=abc&amountMax=5&orderBy=drop'));
    expect(values).toEqual({ amountMax: 5 });
    expect(sort).toBe('-date');
  });

  it('writes the query back to the address and to the list call', () => {
    const params = paramsOfQuery({ from: '2026-01-01', operator: 'Anna', amountMin: 0 }, 'amount', 'u-1');
    expect(params.toString()).toBe('from=2026-01-01&operator=Anna&amountMin=0&orderBy=amount&uid=u-1');
    expect(queryOfParams(params).values).toEqual({ from: '2026-01-01', operator: 'Anna', amountMin: 0 });
    expect(listQueryOf({ from: '2026-01-01' }, '-date', 50, 51)).toEqual({ from: '2026-01-01', orderBy: '-date', skip: 50, take: 51 });
  });

  it('names a range whose ends are swapped', () => {
    expect(queryProblem({ from: '2026-02-01', to: '2026-01-01' })).toBe('dates');
    expect(queryProblem({ amountMin: 5, amountMax: 1 })).toBe('amounts');
    expect(queryProblem({ from: '2026-01-01', to: '2026-01-01', amountMin: 1, amountMax: 1 })).toBeUndefined();
  });
});
