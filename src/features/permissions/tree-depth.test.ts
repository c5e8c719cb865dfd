import { describe, expect, it } from 'vitest';
import { treeDepths } from './tree-depth';

describe('treeDepths', () => {
  it('counts parents up to a root, and treats an unknown parent as a root', () => {
    const depths = treeDepths([
      { p: '/', pp: null },
      { p: '/data', pp: '/' },
      { p: '/data/x', pp: '/data' },
      { p: '/orphan', pp: '/missing' },
    ]);
    expect(Object.fromEntries(depths)).toEqual({ '/': 0, '/data': 1, '/data/x': 2, '/orphan': 0 });
  });
});
