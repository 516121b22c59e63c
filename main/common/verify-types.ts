/**
 * Contract verification as the typed API carries it (the `verify/*` channels and the
 * `verify/compiler-progress` and `verify/session-changed` events). The app's verify session is one
 * per network profile, shared by every window and tab, held in main; the renderer only names
 * contracts by their verification id.
 *
 * Imported by main, preload and renderer: types only.
 */

/** One uploaded file. Binary files (zips, soljson) travel as base64. */
export interface VerifyFileInput {
  /** The file's path inside the dropped folder, e.g. `artifacts/build-info/abc.json`. */
  name: string;
  content: string;
  encoding: 'utf8' | 'base64';
}

export type VerifyContractStatus = 'pending' | 'perfect' | 'partial' | 'error';

/** One way the deployed bytecode differed from the recompiled one, as the matching engine found it. */
export interface VerifyDifference {
  bytecode: 'runtime' | 'creation';
  /** `cborAuxdata` (metadata hash and compiler version trailer), `immutable`, `library`, `constructorArguments`, `callProtection`. */
  kind: string;
  /** Byte offset in the bytecode. */
  offset: number;
  /** In plain words, e.g. "metadata hash differs (the sources or settings differ in a way that does not change the code)". */
  description: string;
  /** Hex as recompiled and as deployed, when the engine reports both. */
  compiled?: string;
  deployed?: string;
}

/** What a verification found, beyond perfect/partial. */
export interface VerifyMatchDetail {
  runtimeMatch: 'perfect' | 'partial' | null;
  creationMatch: 'perfect' | 'partial' | null;
  /** Library placeholder or name → address. */
  libraryMap: Record<string, string>;
  differences: VerifyDifference[];
  /** True when the answer came from the verified repository (this address was verified before). */
  fromRepository: boolean;
  /** The constructor as the metadata's ABI declares it; null when it declares none. */
  constructorAbi: AbiEntry | null;
  /**
   * The ABI-encoded arguments the creation match found after the creation code (0x hex, `0x`
   * for none); null when only the runtime code was compared.
   */
  constructorArguments: string | null;
}

export interface VerifySessionContract {
  verificationId: string;
  name: string;
  compiledPath: string;
  compilerVersion: string;
  /** Whether that compiler is installed here (a missing one can be downloaded or imported). */
  compilerInstalled: boolean;
  found: string[];
  missing: string[];
  /** Uploaded files that stand where the metadata names a source but differ from it (edited since compiled). */
  differing: VerifyDifferingSource[];
  /** What the user last verified this contract against (null: not yet). */
  address: string | null;
  chainId: string | null;
  status: VerifyContractStatus;
  /** Why verifying failed (status `error`), in plain words. */
  message: string | null;
  /** ISO 8601, once stored in the verified repository. */
  verifiedAt: string | null;
  /** Present after a successful verification in this app session. */
  detail: VerifyMatchDetail | null;
  /** Being verified now (by this window or another, or before a reload): its answer is still to come. */
  verifying: boolean;
}

/** An uploaded file whose content is not the source its contract's metadata names at that path. */
export interface VerifyDifferingSource {
  /** The source's path as the metadata names it (and as `found` lists it, when the stored copy is used). */
  path: string;
  /** The uploaded file's name. */
  uploadedPath: string;
  /** The keccak256 the metadata names, and the uploaded file's (0x hex). */
  expectedHash: string;
  calculatedHash: string;
  /** True when the copy verified here before stands in for it: what gets verified is that copy, not the upload. */
  storedCopyUsed: boolean;
}

export interface VerifySessionView {
  contracts: VerifySessionContract[];
  /** Uploaded source files no contract uses. */
  unused: string[];
  /** Every uploaded file. */
  files: string[];
  /** Bytes held by the session, and the most it may hold. */
  bytes: number;
  maxBytes: number;
  /**
   * The number of a change of the app's verify sessions (numbered while the app runs, across
   * profiles) that this view shows, with every change before it; it may show later ones too (the
   * answer of a step another change was numbered behind claims only the number before it). A view
   * numbered below one shown was read before a change shown already: the screen drops it rather
   * than go back in time.
   */
  revision: number;
}

/** A profile's verify session changed (the `verify/session-changed` event); `revision` numbers the change as views number what they show. */
export interface VerifySessionChange {
  profile: string;
  revision: number;
}

/** An uploaded file left out of the session because it cannot be read as what its name says (a zip, JSON). */
export interface VerifyUnreadableFile {
  name: string;
  /** In plain words, e.g. "it is not a zip archive". */
  reason: string;
}

/** The session after `verify/files/add`, with the files of that call it left out. */
export interface VerifyFilesAdded extends VerifySessionView {
  unreadable: VerifyUnreadableFile[];
  /** Loose JSON files (metadata) kept under a name of their own: the session held another file of that name. */
  renamed: Array<{ name: string; as: string }>;
  /** Loose files that replaced a file of the same name with other content (a source edited since it was added). */
  replaced: string[];
}

export interface VerifyContractTarget {
  verificationId: string;
  address: string;
  chainId: string;
  creatorTxHash?: string | null;
}

/** One input of an ABI entry, as far as its canonical type goes (`components` for tuples). */
export interface AbiParameter {
  type: string;
  /** The parameter's name in the source, when it has one. */
  name?: string;
  components?: AbiParameter[];
  /** An event's parameter carried in a topic rather than in the log's data. */
  indexed?: boolean;
}

/**
 * A named function or event of an ABI: what the explorer names calls and logs with, and for a
 * function, what it returns and whether it changes state (the contract page calls `view` and
 * `pure` ones in the local EVM).
 */
export interface AbiEntry {
  /**
   * `error`: a custom error a revert may carry (`revert NotOwner(caller)`), named like a function.
   * `constructor`: the arguments the creation code takes (named `constructor`; the ABI gives it no name).
   */
  type: 'function' | 'event' | 'error' | 'constructor';
  name: string;
  inputs: AbiParameter[];
  outputs?: AbiParameter[];
  stateMutability?: 'pure' | 'view' | 'nonpayable' | 'payable';
  anonymous?: boolean;
}

/** An address's stored verification on one chain. */
export interface VerifiedOnChain {
  chainId: string;
  status: 'perfect' | 'partial';
  runtimeMatch: 'perfect' | 'partial' | null;
  creationMatch: 'perfect' | 'partial' | null;
  name: string;
  compilerVersion: string;
  verifiedAt: string;
  /** From the verified metadata: lets the explorer name the functions called and the events logged. */
  abi: AbiEntry[] | null;
  /**
   * The ABI-encoded arguments the contract was created with (0x hex, `0x` for none), as its
   * creation match found them; null when the creation bytecode was not matched.
   */
  constructorArguments: string | null;
}

/**
 * The verification that counts for a contract on one chain, with the files it was verified with:
 * the contract page's Source tab. The sources are listed with their sizes; each one's content is
 * asked for on its own (`verify/source-file`), so a large project does not travel whole.
 */
export interface VerifiedSourcesReply {
  chainId: string;
  /** Lower-case 0x hex, the address the verification is stored under. */
  address: string;
  name: string;
  compiledPath: string;
  compilerVersion: string;
  status: 'perfect' | 'partial';
  runtimeMatch: 'perfect' | 'partial' | null;
  creationMatch: 'perfect' | 'partial' | null;
  /** ISO 8601. */
  verifiedAt: string;
  /** Source paths as the metadata names them, with their size in UTF-8 bytes. */
  sources: Array<{ path: string; bytes: number }>;
  /** The Solidity metadata JSON it was verified with (its ABI among it). */
  metadata: string;
}

export interface VerifyCheckReply {
  /** Lower-case 0x hex. */
  address: string;
  /**
   * One a chain, the verification that counts there (main/services/verification-that-counts.ts),
   * best first: the contract page's badge and Source tab show the first. Empty: not verified on the chains asked about.
   */
  verified: VerifiedOnChain[];
}

export interface InstalledCompiler {
  longVersion: string;
  /** `bundled`: ships with the app. */
  source: 'folder' | 'bundled';
  bytes: number;
}

export interface VerifyCompilersReply {
  compilers: InstalledCompiler[];
  /** The solc-bin mirror downloads come from; null: downloading is off. */
  downloadMirror: string | null;
}

/** A deployed contract of the local mirror, offered as an address to verify against. */
export interface ContractSuggestion {
  /** `shard.realm.num`. */
  contractId: string;
  /** The address verification uses: the EVM alias when there is one, else the long-zero form. */
  address: string;
  memo: string;
  /** Stored verification on the profile's chain, if any. */
  verified: 'perfect' | 'partial' | null;
}

export interface ContractSuggestionsReply {
  chainId: string;
  contracts: ContractSuggestion[];
}

/** Download progress of a compiler (a few events a second at most, then one with `done`). */
export interface CompilerProgress {
  longVersion: string;
  received: number;
  /** 0 when the server did not say. */
  total: number;
  done: boolean;
  /** Set when the download failed. */
  error: string | null;
}
