import { flattenWhitelabel, type WhitelabelNode } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import {
  addNode,
  isEffectivelyEnabled,
  listNodes,
  removeNode,
  setNodeEnabled,
  unusedModuleIds,
} from './whitelabel-tree';

const tree: WhitelabelNode[] = [
  {
    modId: 'REG3',
    enabled: '1',
    childrenNodes: [
      { modId: 'USERNAMEREG3', enabled: '1', childrenNodes: [] },
      { modId: 'MOBILENUMREG3', enabled: '0', childrenNodes: [] },
    ],
  },
  { modId: 'VIP3', enabled: '1', childrenNodes: [] },
];

describe('whitelabel tree editing', () => {
  it('switching a parent off turns its children off in effect but keeps their own flags', () => {
    const next = setNodeEnabled(tree, [0], false);
    expect(next[0]?.enabled).toBe('0');
    expect(next[0]?.childrenNodes[0]?.enabled).toBe('1');
    expect(isEffectivelyEnabled(next, [0, 0])).toBe(false);
    expect(flattenWhitelabel(next).USERNAMEREG3).toBe(false);
    const back = setNodeEnabled(next, [0], true);
    expect(isEffectivelyEnabled(back, [0, 0])).toBe(true);
    expect(isEffectivelyEnabled(back, [0, 1])).toBe(false);
  });

  it('does not change the input tree', () => {
    const copy = structuredClone(tree);
    setNodeEnabled(tree, [0, 1], true);
    removeNode(tree, [1]);
    addNode(tree, [0], 'REGMOBVERF3');
    expect(tree).toEqual(copy);
  });

  it('adds a module under a parent, switched on, and removes a node with its children', () => {
    const added = addNode(tree, [0], 'REGMOBVERF3');
    expect(added[0]?.childrenNodes.map((n) => n.modId)).toEqual(['USERNAMEREG3', 'MOBILENUMREG3', 'REGMOBVERF3']);
    expect(added[0]?.childrenNodes[2]?.enabled).toBe('1');
    const removed = removeNode(added, [0]);
    expect(listNodes(removed).map((n) => n.modId)).toEqual(['VIP3']);
  });

  it('lists nodes depth first with their depth, and the modules not yet used', () => {
    expect(listNodes(tree).map((n) => [n.modId, n.depth])).toEqual([
      ['REG3', 0],
      ['USERNAMEREG3', 1],
      ['MOBILENUMREG3', 1],
      ['VIP3', 0],
    ]);
    const unused = unusedModuleIds(tree);
    expect(unused).not.toContain('REG3');
    expect(unused).toContain('COMM3');
  });
});
