/**
 * The registered nodes a consensus node names as its own (HIP-1137), as the reference keeps them
 * on its node table (a bigint[] there): the JSON array of their ids, or NULL for a node that
 * names none (every node from before the field).
 */
export const migration011 = {
  version: 11,
  name: 'node associated registered nodes',
  sql: `
ALTER TABLE node ADD COLUMN associated_registered_nodes TEXT;
ALTER TABLE node_history ADD COLUMN associated_registered_nodes TEXT;
`,
};
