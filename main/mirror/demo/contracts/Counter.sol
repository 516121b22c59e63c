// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.20;

/// @title Counter
/// @notice A shared counter: anyone can count up, the owner can reset it.
contract Counter {
    uint256 public count;
    address public lastCaller;
    address public owner;

    event Incremented(address indexed caller, uint256 by, uint256 count);
    event Reset(address indexed owner, uint256 previous);

    error NotOwner(address caller);

    constructor() {
        owner = msg.sender;
    }

    function increment() external {
        incrementBy(1);
    }

    function incrementBy(uint256 by) public {
        count += by;
        lastCaller = msg.sender;
        emit Incremented(msg.sender, by, count);
    }

    function reset() external {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        emit Reset(msg.sender, count);
        count = 0;
    }
}
