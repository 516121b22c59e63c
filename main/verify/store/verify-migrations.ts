import type { Migration } from '../../mirror/store/migrations/index.ts';

/**
 * Schema of the verification database (one file for all networks: a verified contract is keyed
 * by chain id, address and the code there, and compile results do not depend on the network at all).
 */
export const VERIFY_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'compile cache, sessions, verified contracts',
    sql: `
-- Compile results by (sha256 of the standard-JSON input, compiler long version); output gzipped.
CREATE TABLE compile_cache (
  input_hash TEXT NOT NULL,
  compiler_version TEXT NOT NULL,
  output BLOB NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (input_hash, compiler_version)
) WITHOUT ROWID;

-- Verification sessions: the cookie holds a random id; only its sha256 is stored.
CREATE TABLE verify_session (
  id_hash TEXT PRIMARY KEY,
  last_seen INTEGER NOT NULL,
  bytes INTEGER NOT NULL DEFAULT 0,
  state TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX verify_session__last_seen ON verify_session (last_seen);

CREATE TABLE verify_session_file (
  session_id_hash TEXT NOT NULL REFERENCES verify_session (id_hash) ON DELETE CASCADE,
  path TEXT NOT NULL,
  content BLOB NOT NULL,
  PRIMARY KEY (session_id_hash, path)
) WITHOUT ROWID;

-- The repository of verified contracts; one row per (chain, address), the best match kept.
CREATE TABLE verified_contract (
  chain_id TEXT NOT NULL,
  address TEXT NOT NULL,
  verification_id TEXT NOT NULL,
  name TEXT NOT NULL,
  compiled_path TEXT NOT NULL,
  compiler_version TEXT NOT NULL,
  runtime_match TEXT,
  creation_match TEXT,
  library_map TEXT NOT NULL,
  metadata TEXT NOT NULL,
  creator_tx_hash TEXT,
  verified_at TEXT NOT NULL,
  PRIMARY KEY (chain_id, address)
) WITHOUT ROWID;
CREATE INDEX verified_contract__address ON verified_contract (address);

CREATE TABLE verified_file (
  chain_id TEXT NOT NULL,
  address TEXT NOT NULL,
  path TEXT NOT NULL,
  content TEXT NOT NULL,
  PRIMARY KEY (chain_id, address, path)
) WITHOUT ROWID;
`,
  },
  {
    version: 2,
    name: 'constructor arguments of verified contracts',
    // The ABI-encoded arguments the creation bytecode was deployed with, as the creation match found
    // them (0x hex, '0x' for none); NULL when the creation bytecode was not matched or the contract
    // was verified before this column existed.
    sql: 'ALTER TABLE verified_contract ADD COLUMN constructor_arguments TEXT;',
  },
  {
    version: 3,
    name: 'compile cache kept within a size, least recently used out first',
    // An entry's time is when it was last stored or read, and evictions go oldest first.
    sql: `
ALTER TABLE compile_cache RENAME COLUMN created_at TO used_at;
CREATE INDEX compile_cache__used ON compile_cache (used_at);
`,
  },
  {
    version: 4,
    name: 'match ids of verified contracts',
    // Sourcify APIv2's matchId: a number given to a contract when it is first verified, kept when
    // a better match replaces it, never given again (rows are never deleted), so that a client
    // pages through GET /v2/contracts/{chainId} with it as the cursor. Contracts already stored are
    // numbered in the order they were verified.
    sql: `
ALTER TABLE verified_contract ADD COLUMN match_id INTEGER;
UPDATE verified_contract SET match_id = numbered.n
FROM (SELECT chain_id, address, ROW_NUMBER() OVER (ORDER BY verified_at, chain_id, address) AS n FROM verified_contract) AS numbered
WHERE numbered.chain_id = verified_contract.chain_id AND numbered.address = verified_contract.address;
CREATE UNIQUE INDEX verified_contract__match_id ON verified_contract (match_id);
CREATE INDEX verified_contract__chain_match_id ON verified_contract (chain_id, match_id);
`,
  },
  {
    version: 5,
    name: 'verification jobs of APIv2',
    // Sourcify APIv2's jobs (POST /v2/verify… answers an id, GET /v2/verify/{id} its state), kept
    // here as Sourcify keeps them in its database, so that a client polling across a restart of the
    // app still finds its job. Times are epoch milliseconds; a running job has neither finish time
    // nor outcome, a finished one both. The outcome is the JSON of what the job came to: the
    // contract as GET answers it, or Sourcify's error body. Finished jobs are pruned by age and
    // count (verification-jobs.ts), the rowid breaking ties of finish time in start order; a job
    // left running by a process that stopped is ended at the next start.
    sql: `
CREATE TABLE verification_job (
  id TEXT PRIMARY KEY,
  chain_id TEXT NOT NULL,
  address TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  finished_at INTEGER,
  outcome TEXT,
  CHECK ((finished_at IS NULL) = (outcome IS NULL))
);
CREATE INDEX verification_job__finished ON verification_job (finished_at);
CREATE INDEX verification_job__running ON verification_job (chain_id, address) WHERE finished_at IS NULL;
`,
  },
  {
    version: 6,
    name: 'immutable references of verified contracts, verified sources by hash',
    // immutable_references: the compiler's immutableReferences of the verified contract (JSON), which
    // Sourcify serves as immutable-references.json; NULL when it has none or was verified before
    // this column existed. keccak256: of each verified source's content (0x hex), as metadata names
    // a source, so that a request lacking a source the metadata lists finds it among those verified
    // here; rows stored before are hashed when the repository opens (verified-repository.ts).
    sql: `
ALTER TABLE verified_contract ADD COLUMN immutable_references TEXT;
ALTER TABLE verified_file ADD COLUMN keccak256 TEXT;
CREATE INDEX verified_file__keccak256 ON verified_file (keccak256);
`,
  },
  {
    version: 7,
    name: 'the on-chain runtime code each verified contract was matched against',
    // sha256 of the runtime code read at the address when the match was made (hex). A ledger
    // rebuilt under the same addresses (the demo regenerated, a local network reset) puts other code
    // there, and the stored match no longer holds (repository/still-deployed.ts). NULL for contracts
    // verified before: the code is not among what was stored, so they are held to their metadata's
    // IPFS hash, which the code compiled from it names.
    sql: 'ALTER TABLE verified_contract ADD COLUMN runtime_code_sha256 TEXT;',
  },
  {
    version: 8,
    name: 'verified contracts keyed by their code too',
    // A verification is of a chain, an address and the code there: ledgers sharing a chain id (the
    // demo, a local node, a custom profile without its own: 298) put other contracts at the same
    // long-zero addresses, and a match made on one must not replace another's, nor delete its files.
    // The code's sha256 joins both keys; '' for a contract stored before it was kept (migration 7's
    // NULL), held to its metadata instead (repository/still-deployed.ts). Every row and file is
    // carried over, a file taking the key of its contract (one per address until now).
    sql: `
CREATE TABLE verified_contract_keyed (
  chain_id TEXT NOT NULL,
  address TEXT NOT NULL,
  runtime_code_sha256 TEXT NOT NULL DEFAULT '',
  verification_id TEXT NOT NULL,
  match_id INTEGER,
  name TEXT NOT NULL,
  compiled_path TEXT NOT NULL,
  compiler_version TEXT NOT NULL,
  runtime_match TEXT,
  creation_match TEXT,
  library_map TEXT NOT NULL,
  metadata TEXT NOT NULL,
  creator_tx_hash TEXT,
  constructor_arguments TEXT,
  immutable_references TEXT,
  verified_at TEXT NOT NULL,
  PRIMARY KEY (chain_id, address, runtime_code_sha256)
) WITHOUT ROWID;
INSERT INTO verified_contract_keyed (chain_id, address, runtime_code_sha256, verification_id, match_id, name, compiled_path, compiler_version,
  runtime_match, creation_match, library_map, metadata, creator_tx_hash, constructor_arguments, immutable_references, verified_at)
SELECT chain_id, address, COALESCE(runtime_code_sha256, ''), verification_id, match_id, name, compiled_path, compiler_version,
  runtime_match, creation_match, library_map, metadata, creator_tx_hash, constructor_arguments, immutable_references, verified_at
FROM verified_contract;

CREATE TABLE verified_file_keyed (
  chain_id TEXT NOT NULL,
  address TEXT NOT NULL,
  runtime_code_sha256 TEXT NOT NULL DEFAULT '',
  path TEXT NOT NULL,
  content TEXT NOT NULL,
  keccak256 TEXT,
  PRIMARY KEY (chain_id, address, runtime_code_sha256, path)
) WITHOUT ROWID;
INSERT INTO verified_file_keyed (chain_id, address, runtime_code_sha256, path, content, keccak256)
SELECT f.chain_id, f.address, COALESCE(c.runtime_code_sha256, ''), f.path, f.content, f.keccak256
FROM verified_file AS f LEFT JOIN verified_contract AS c ON c.chain_id = f.chain_id AND c.address = f.address;

DROP TABLE verified_file;
DROP TABLE verified_contract;
ALTER TABLE verified_contract_keyed RENAME TO verified_contract;
ALTER TABLE verified_file_keyed RENAME TO verified_file;
CREATE INDEX verified_contract__address ON verified_contract (address);
CREATE UNIQUE INDEX verified_contract__match_id ON verified_contract (match_id);
CREATE INDEX verified_contract__chain_match_id ON verified_contract (chain_id, match_id);
CREATE INDEX verified_file__keccak256 ON verified_file (keccak256);
`,
  },
];
