/**
 * Token airdrops, NFT allowances and registered nodes, as the reference mirror node keeps them
 * (its token_airdrop, nft_allowance and registered_node tables; int8range columns become
 * `_lower` / `_upper` pairs as in migration 001). An airdrop's `state` is the reference's enum
 * as text (PENDING, CLAIMED, CANCELLED); a fungible airdrop has serial number 0, an NFT airdrop
 * amount NULL. A registered node's `service_endpoints` is the reference's jsonb text, and its
 * `type` (a smallint[] there) the JSON array of the endpoint type numbers it offers.
 */
export const migration010 = {
  version: 10,
  name: 'token airdrops, nft allowances, registered nodes',
  sql: `
CREATE TABLE token_airdrop (
  sender_account_id INTEGER NOT NULL,
  receiver_account_id INTEGER NOT NULL,
  token_id INTEGER NOT NULL,
  serial_number INTEGER NOT NULL,
  amount INTEGER,
  state TEXT NOT NULL,
  timestamp_range_lower INTEGER NOT NULL,
  timestamp_range_upper INTEGER,
  PRIMARY KEY (sender_account_id, receiver_account_id, token_id, serial_number)
) WITHOUT ROWID;
-- What an account was sent (pending airdrops), in the same (other party, token, serial) order.
CREATE INDEX token_airdrop__receiver ON token_airdrop (receiver_account_id, sender_account_id, token_id, serial_number);

CREATE TABLE nft_allowance (
  owner INTEGER NOT NULL,
  spender INTEGER NOT NULL,
  token_id INTEGER NOT NULL,
  approved_for_all INTEGER NOT NULL,
  payer_account_id INTEGER,
  timestamp_range_lower INTEGER NOT NULL,
  timestamp_range_upper INTEGER,
  PRIMARY KEY (owner, spender, token_id)
) WITHOUT ROWID;
-- The allowances granted to a spender (owner=false), in (owner, token) order.
CREATE INDEX nft_allowance__spender ON nft_allowance (spender, owner, token_id);

CREATE TABLE registered_node (
  registered_node_id INTEGER PRIMARY KEY,
  admin_key BLOB,
  created_timestamp INTEGER,
  deleted INTEGER NOT NULL DEFAULT 0,
  description TEXT,
  service_endpoints TEXT,
  type TEXT NOT NULL DEFAULT '[]',
  timestamp_range_lower INTEGER NOT NULL,
  timestamp_range_upper INTEGER
);
`,
};
