/**
 * Smart contracts: bytecode, execution results and what hangs off them (logs, actions, state
 * changes), current storage, and Ethereum transactions. Columns follow the reference mirror
 * node's tables; array and jsonb columns hold JSON text.
 *
 * The reference also keeps `contract_transaction` and `contract_transaction_hash`, both
 * derived from the tables here. This store answers the same questions from indexes on the
 * source tables (a result by its hash, the contracts involved at a timestamp), so there is
 * no second copy to keep in step.
 */
export const migration004 = {
  version: 4,
  name: 'contracts',
  sql: `
CREATE TABLE contract (
  id INTEGER PRIMARY KEY,
  file_id INTEGER,
  initcode BLOB,
  runtime_bytecode BLOB
);
-- The contracts list walks contract entities only, not every account before them.
CREATE INDEX entity__contract ON entity (id) WHERE type = 'CONTRACT';
-- A contract as of a time, by EVM address, also searches its history.
CREATE INDEX entity_history__evm_address ON entity_history (evm_address) WHERE evm_address IS NOT NULL;

CREATE TABLE contract_result (
  consensus_timestamp INTEGER NOT NULL,
  contract_id INTEGER,
  amount INTEGER,
  bloom BLOB,
  call_result BLOB,
  created_contract_ids TEXT,
  error_message TEXT,
  failed_initcode BLOB,
  function_parameters BLOB,
  function_result BLOB,
  gas_consumed INTEGER,
  gas_limit INTEGER,
  gas_used INTEGER,
  payer_account_id INTEGER,
  sender_id INTEGER,
  transaction_hash BLOB,
  transaction_index INTEGER,
  transaction_nonce INTEGER NOT NULL DEFAULT 0,
  transaction_result INTEGER
);
-- The global list walks time; per contract and per sender lists walk their own index in time order.
CREATE INDEX contract_result__timestamp ON contract_result (consensus_timestamp);
CREATE INDEX contract_result__contract_timestamp ON contract_result (contract_id, consensus_timestamp);
CREATE INDEX contract_result__sender_timestamp ON contract_result (sender_id, consensus_timestamp);
CREATE INDEX contract_result__hash ON contract_result (transaction_hash);

CREATE TABLE contract_log (
  consensus_timestamp INTEGER NOT NULL,
  "index" INTEGER NOT NULL,
  bloom BLOB,
  contract_id INTEGER,
  data BLOB,
  payer_account_id INTEGER,
  root_contract_id INTEGER,
  topic0 BLOB,
  topic1 BLOB,
  topic2 BLOB,
  topic3 BLOB,
  transaction_hash BLOB,
  transaction_index INTEGER,
  PRIMARY KEY (consensus_timestamp, "index")
) WITHOUT ROWID;
CREATE INDEX contract_log__contract_timestamp ON contract_log (contract_id, consensus_timestamp, "index");

CREATE TABLE contract_action (
  consensus_timestamp INTEGER NOT NULL,
  "index" INTEGER NOT NULL,
  call_depth INTEGER,
  call_operation_type INTEGER,
  call_type INTEGER,
  caller INTEGER,
  caller_type TEXT,
  gas INTEGER,
  gas_used INTEGER,
  input BLOB,
  payer_account_id INTEGER,
  recipient_account INTEGER,
  recipient_address BLOB,
  recipient_contract INTEGER,
  result_data BLOB,
  result_data_type INTEGER,
  value INTEGER,
  PRIMARY KEY (consensus_timestamp, "index")
) WITHOUT ROWID;

CREATE TABLE contract_state (
  contract_id INTEGER NOT NULL,
  slot BLOB NOT NULL,
  created_timestamp INTEGER,
  modified_timestamp INTEGER,
  value BLOB,
  PRIMARY KEY (contract_id, slot)
) WITHOUT ROWID;

CREATE TABLE contract_state_change (
  consensus_timestamp INTEGER NOT NULL,
  contract_id INTEGER NOT NULL,
  slot BLOB NOT NULL,
  migration INTEGER NOT NULL DEFAULT 0,
  payer_account_id INTEGER,
  value_read BLOB,
  value_written BLOB
);
CREATE INDEX contract_state_change__timestamp ON contract_state_change (consensus_timestamp);
CREATE INDEX contract_state_change__contract_slot ON contract_state_change (contract_id, slot, consensus_timestamp);

CREATE TABLE ethereum_transaction (
  consensus_timestamp INTEGER PRIMARY KEY,
  access_list BLOB,
  authorization_list TEXT,
  call_data BLOB,
  call_data_id INTEGER,
  chain_id BLOB,
  data BLOB,
  gas_limit INTEGER,
  gas_price BLOB,
  hash BLOB,
  max_fee_per_gas BLOB,
  max_gas_allowance INTEGER,
  max_priority_fee_per_gas BLOB,
  nonce INTEGER,
  payer_account_id INTEGER,
  recovery_id INTEGER,
  signature_r BLOB,
  signature_s BLOB,
  signature_v BLOB,
  to_address BLOB,
  type INTEGER,
  value BLOB
);
CREATE INDEX ethereum_transaction__hash ON ethereum_transaction (hash);

-- Contract result filters name a block by its hash (a prefix of it, for 32-byte hashes).
CREATE INDEX record_file__hash ON record_file (hash);
`,
};
