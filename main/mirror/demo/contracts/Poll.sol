// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.20;

import {VoteMath} from "./VoteMath.sol";

/// @title Poll
/// @notice One vote per address on a fixed number of options, open until a deadline.
contract Poll {
    using VoteMath for uint256;

    string public question;
    mapping(uint256 => uint256) public votes;
    mapping(address => bool) public hasVoted;
    uint256 public totalVotes;

    uint256 public immutable optionCount;
    uint256 public immutable closesAt;

    event Voted(address indexed voter, uint256 indexed option);

    error PollClosed(uint256 closesAt);
    error AlreadyVoted(address voter);
    error NoSuchOption(uint256 option);

    constructor(string memory question_, uint256 optionCount_, uint256 durationSeconds) {
        question = question_;
        optionCount = optionCount_;
        closesAt = block.timestamp + durationSeconds;
    }

    function vote(uint256 option) external {
        if (block.timestamp >= closesAt) revert PollClosed(closesAt);
        if (hasVoted[msg.sender]) revert AlreadyVoted(msg.sender);
        if (option >= optionCount) revert NoSuchOption(option);
        hasVoted[msg.sender] = true;
        votes[option] += 1;
        totalVotes += 1;
        emit Voted(msg.sender, option);
    }

    /// @notice The option ahead and its share of the votes in basis points.
    function standing() external view returns (uint256 option, uint256 shareBps) {
        uint256[] memory counts = new uint256[](optionCount);
        for (uint256 i = 0; i < optionCount; i++) counts[i] = votes[i];
        (uint256 index, uint256 best) = VoteMath.leader(counts);
        return (index, best.shareBps(totalVotes));
    }
}
