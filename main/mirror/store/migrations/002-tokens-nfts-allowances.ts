/**
 * What the balances, tokens and account sub-resource endpoints read beyond migration 001:
 * NFTs, custom fee schedules, allowances, staking reward payouts and hooks. Columns follow
 * the reference mirror node's tables; int8range columns become `_lower` / `_upper` pairs and
 * closed ranges live in the `_history` twin, as in migration 001. JSON columns hold the
 * reference's jsonb text unchanged.
 */
const nftColumns = `
  token_id INTEGER NOT NULL,
  serial_number INTEGER NOT NULL,
  account_id INTEGER,
  created_timestamp INTEGER,
  delegating_spender INTEGER,
  deleted INTEGER,
  metadata BLOB,
  spender INTEGER,
  timestamp_range_lower INTEGER NOT NULL,
  timestamp_range_upper INTEGER`;

const customFeeColumns = `
  entity_id INTEGER NOT NULL,
  fixed_fees TEXT,
  fractional_fees TEXT,
  royalty_fees TEXT,
  timestamp_range_lower INTEGER NOT NULL,
  timestamp_range_upper INTEGER`;

const cryptoAllowanceColumns = `
  owner INTEGER NOT NULL,
  spender INTEGER NOT NULL,
  amount INTEGER NOT NULL,
  amount_granted INTEGER NOT NULL,
  payer_account_id INTEGER,
  timestamp_range_lower INTEGER NOT NULL,
  timestamp_range_upper INTEGER`;

const tokenAllowanceColumns = `
  owner INTEGER NOT NULL,
  spender INTEGER NOT NULL,
  token_id INTEGER NOT NULL,
  amount INTEGER NOT NULL,
  amount_granted INTEGER NOT NULL,
  payer_account_id INTEGER,
  timestamp_range_lower INTEGER NOT NULL,
  timestamp_range_upper INTEGER`;

// The reference's token_account.automatic_association is nullable (an association the
// importer saw without its creation); migration 001 made it NOT NULL, so both tables are
// rebuilt with the reference's column. SQLite cannot drop a NOT NULL constraint in place.
const tokenAccountColumns = `
  account_id INTEGER NOT NULL,
  token_id INTEGER NOT NULL,
  associated INTEGER NOT NULL DEFAULT 0,
  automatic_association INTEGER DEFAULT 0,
  balance INTEGER NOT NULL DEFAULT 0,
  balance_timestamp INTEGER,
  created_timestamp INTEGER,
  freeze_status INTEGER,
  kyc_status INTEGER,
  timestamp_range_lower INTEGER NOT NULL,
  timestamp_range_upper INTEGER`;

const rebuildTokenAccount = (table: string, key: string): string => `
CREATE TABLE ${table}_rebuilt (${tokenAccountColumns}, PRIMARY KEY (${key})) WITHOUT ROWID;
INSERT INTO ${table}_rebuilt SELECT account_id, token_id, associated, automatic_association, balance, balance_timestamp,
  created_timestamp, freeze_status, kyc_status, timestamp_range_lower, timestamp_range_upper FROM ${table};
DROP TABLE ${table};
ALTER TABLE ${table}_rebuilt RENAME TO ${table};`;

export const migration002 = {
  version: 2,
  name: 'tokens, nfts, allowances, rewards, hooks',
  sql: `${rebuildTokenAccount('token_account', 'account_id, token_id')}
${rebuildTokenAccount('token_account_history', 'account_id, token_id, timestamp_range_lower')}
CREATE INDEX token_account__token ON token_account (token_id, account_id);

CREATE TABLE nft (${nftColumns}, PRIMARY KEY (token_id, serial_number)) WITHOUT ROWID;
CREATE TABLE nft_history (${nftColumns}, PRIMARY KEY (token_id, serial_number, timestamp_range_lower)) WITHOUT ROWID;
-- An account's NFTs in (token, serial) order, and the NFTs it lets one spender move.
CREATE INDEX nft__account_token_serial ON nft (account_id, token_id, serial_number);

CREATE TABLE custom_fee (${customFeeColumns}, PRIMARY KEY (entity_id)) WITHOUT ROWID;
CREATE TABLE custom_fee_history (${customFeeColumns}, PRIMARY KEY (entity_id, timestamp_range_lower)) WITHOUT ROWID;

CREATE TABLE crypto_allowance (${cryptoAllowanceColumns}, PRIMARY KEY (owner, spender)) WITHOUT ROWID;
CREATE TABLE crypto_allowance_history (${cryptoAllowanceColumns}, PRIMARY KEY (owner, spender, timestamp_range_lower)) WITHOUT ROWID;

CREATE TABLE token_allowance (${tokenAllowanceColumns}, PRIMARY KEY (owner, spender, token_id)) WITHOUT ROWID;
CREATE TABLE token_allowance_history (${tokenAllowanceColumns}, PRIMARY KEY (owner, spender, token_id, timestamp_range_lower)) WITHOUT ROWID;

CREATE TABLE staking_reward_transfer (
  account_id INTEGER NOT NULL,
  amount INTEGER NOT NULL,
  consensus_timestamp INTEGER NOT NULL,
  payer_account_id INTEGER NOT NULL,
  PRIMARY KEY (account_id, consensus_timestamp)
) WITHOUT ROWID;

-- Token name search ("name contains", case-insensitive, at least three characters): a
-- trigram index over token.name, kept in step with the token table by triggers.
CREATE VIRTUAL TABLE token_name_search USING fts5(name, tokenize = 'trigram', content = 'token', content_rowid = 'token_id');
CREATE TRIGGER token_name_search_insert AFTER INSERT ON token BEGIN
  INSERT INTO token_name_search (rowid, name) VALUES (new.token_id, new.name);
END;
CREATE TRIGGER token_name_search_delete AFTER DELETE ON token BEGIN
  INSERT INTO token_name_search (token_name_search, rowid, name) VALUES ('delete', old.token_id, old.name);
END;
CREATE TRIGGER token_name_search_update AFTER UPDATE OF name ON token BEGIN
  INSERT INTO token_name_search (token_name_search, rowid, name) VALUES ('delete', old.token_id, old.name);
  INSERT INTO token_name_search (rowid, name) VALUES (new.token_id, new.name);
END;
INSERT INTO token_name_search (token_name_search) VALUES ('rebuild');
-- A token's holders as of a snapshot, in account order.
CREATE INDEX token_balance__token_timestamp ON token_balance (token_id, account_id, consensus_timestamp);

CREATE TABLE hook (
  owner_id INTEGER NOT NULL,
  hook_id INTEGER NOT NULL,
  admin_key BLOB,
  contract_id INTEGER,
  created_timestamp INTEGER,
  deleted INTEGER NOT NULL DEFAULT 0,
  extension_point TEXT,
  type TEXT,
  timestamp_range_lower INTEGER NOT NULL,
  timestamp_range_upper INTEGER,
  PRIMARY KEY (owner_id, hook_id)
) WITHOUT ROWID;
-- Hook storage slots: keys are 32-byte big-endian words, so byte order is numeric order.
CREATE TABLE hook_storage (
  owner_id INTEGER NOT NULL,
  hook_id INTEGER NOT NULL,
  key BLOB NOT NULL,
  value BLOB,
  created_timestamp INTEGER,
  modified_timestamp INTEGER NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (owner_id, hook_id, key)
) WITHOUT ROWID;
-- Every write to a slot, for storage as of a past time.
CREATE TABLE hook_storage_change (
  owner_id INTEGER NOT NULL,
  hook_id INTEGER NOT NULL,
  key BLOB NOT NULL,
  consensus_timestamp INTEGER NOT NULL,
  value_read BLOB,
  value_written BLOB,
  PRIMARY KEY (owner_id, hook_id, key, consensus_timestamp)
) WITHOUT ROWID;
`,
};
