/**
 * The Solidity source the verify benchmark compiles: a deterministic contract whose size grows
 * with `functions`, with the things real contracts have (storage, mappings, events, an immutable,
 * a constructor argument, a library call), so matching does real work too.
 */
export function benchContractSource(functions: number): string {
  const lines = [
    '// SPDX-License-Identifier: MIT',
    'pragma solidity >=0.8.0;',
    '',
    'library BenchMath {',
    '  function mix(uint256 a, uint256 b) internal pure returns (uint256) { return (a ^ (b << 3)) + (a % (b + 1)); }',
    '}',
    '',
    'contract VerifyBench {',
    '  using BenchMath for uint256;',
    '  address public immutable owner;',
    '  uint256 public total;',
    '  mapping(address => uint256) public balances;',
    '  mapping(uint256 => bytes32) public notes;',
    '  event Changed(uint256 indexed slot, uint256 value, address by);',
    '',
    '  constructor(uint256 start) { owner = msg.sender; total = start; }',
    '',
  ];
  for (let i = 0; i < functions; i++) {
    lines.push(
      `  function step${i}(uint256 x, address to) external returns (uint256 r) {`,
      `    r = x.mix(${i + 7}) + total;`,
      `    if (r % ${(i % 5) + 2} == 0) { balances[to] += r; } else { notes[${i}] = keccak256(abi.encode(r, to, ${i})); }`,
      `    for (uint256 k = 0; k < (x % ${(i % 3) + 2}); k++) { r = r.mix(k + ${i}); }`,
      '    total = r;',
      `    emit Changed(${i}, r, msg.sender);`,
      '  }',
      '',
    );
  }
  lines.push('}', '');
  return lines.join('\n');
}

/** Standard JSON input for the deployment compile (what a developer's tool would have run). */
export function benchJsonInput(source: string): string {
  return JSON.stringify({
    language: 'Solidity',
    sources: { 'contracts/VerifyBench.sol': { content: source } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['metadata', 'evm.bytecode.object', 'evm.deployedBytecode.object', 'evm.deployedBytecode.immutableReferences'] } },
    },
  });
}
