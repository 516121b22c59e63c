// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.20;

/// @title VoteMath
/// @notice Tally helpers for Poll. Internal functions only, so they are compiled into the caller.
library VoteMath {
    /// @notice `part` of `total` in basis points (1/100 of a percent), rounded down.
    function shareBps(uint256 part, uint256 total) internal pure returns (uint256) {
        return total == 0 ? 0 : (part * 10_000) / total;
    }

    /// @notice Index of the largest count; the lowest index wins a tie.
    function leader(uint256[] memory counts) internal pure returns (uint256 index, uint256 best) {
        for (uint256 i = 0; i < counts.length; i++) {
            if (counts[i] > best) {
                best = counts[i];
                index = i;
            }
        }
    }
}
