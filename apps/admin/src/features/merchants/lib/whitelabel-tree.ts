import { type ModuleId, moduleIds, type WhitelabelNode } from '@tessera/contracts';

/** A node's position: child indexes from the top of the tree. */
export type NodePath = readonly number[];

const updateAt = (
  nodes: readonly WhitelabelNode[],
  path: NodePath,
  update: (node: WhitelabelNode) => WhitelabelNode | null,
): WhitelabelNode[] => {
  const [index, ...rest] = path;
  if (index === undefined) return [...nodes];
  const result: WhitelabelNode[] = [];
  nodes.forEach((node, i) => {
    if (i !== index) {
      result.push(node);
      return;
    }
    const next =
      rest.length === 0 ? update(node) : { ...node, childrenNodes: updateAt(node.childrenNodes, rest, update) };
    if (next) result.push(next);
  });
  return result;
};

/**
 * Switches one node on or off. Its children keep their own flags: while the parent is off they are off in
 * effect (see `flattenWhitelabel`), and switching the parent back on restores them as they were.
 */
export const setNodeEnabled = (nodes: readonly WhitelabelNode[], path: NodePath, enabled: boolean): WhitelabelNode[] =>
  updateAt(nodes, path, (node) => ({ ...node, enabled: enabled ? '1' : '0' }));

export const removeNode = (nodes: readonly WhitelabelNode[], path: NodePath): WhitelabelNode[] =>
  updateAt(nodes, path, () => null);

/** Adds a module, switched on, at the top level (`parent` null) or under the node at `parent`. */
export const addNode = (
  nodes: readonly WhitelabelNode[],
  parent: NodePath | null,
  modId: ModuleId,
): WhitelabelNode[] => {
  const node: WhitelabelNode = { modId, enabled: '1', childrenNodes: [] };
  if (parent === null) return [...nodes, node];
  return updateAt(nodes, parent, (target) => ({ ...target, childrenNodes: [...target.childrenNodes, node] }));
};

/** Every modId in the tree, depth first, with its path. */
export const listNodes = (
  nodes: readonly WhitelabelNode[],
  parent: NodePath = [],
): { modId: string; path: NodePath; depth: number }[] =>
  nodes.flatMap((node, index) => {
    const path = [...parent, index];
    return [{ modId: node.modId, path, depth: parent.length }, ...listNodes(node.childrenNodes, path)];
  });

/** Known module ids not yet in the tree (each module appears once). */
export const unusedModuleIds = (nodes: readonly WhitelabelNode[]): ModuleId[] => {
  const used = new Set(listNodes(nodes).map((entry) => entry.modId));
  return moduleIds.filter((id) => !used.has(id));
};

/** Whether a node is on in effect: on itself and every ancestor on. */
export const isEffectivelyEnabled = (nodes: readonly WhitelabelNode[], path: NodePath): boolean => {
  let level: readonly WhitelabelNode[] = nodes;
  for (const index of path) {
    const node = level[index];
    if (node?.enabled !== '1') return false;
    level = node.childrenNodes;
  }
  return true;
};
