/** Depth of each path in a tree given as (path, parent path) pairs; 0 for roots. */
export function treeDepths(nodes: ReadonlyArray<{ p: string; pp?: string | null }>): Map<string, number> {
  const parents = new Map(nodes.map((node) => [node.p, node.pp ?? null]));
  const depths = new Map<string, number>();
  for (const node of nodes) {
    let depth = 0;
    const seen = new Set([node.p]);
    for (let parent = node.pp ?? null; parent && parents.has(parent) && !seen.has(parent); parent = parents.get(parent) ?? null) {
      seen.add(parent);
      depth++;
    }
    depths.set(node.p, depth);
  }
  return depths;
}
