/**
 * Uploads of at least this many bytes are read (decoded, parsed, every source hashed) by a helper
 * thread, and the copy of their write from the database's log into its file done by another, so
 * that the server's loop, which answers every port, goes on meanwhile: reading costs about 0.1 s
 * per MiB here (keccak256 in JavaScript), so a 48 MB build-info held the mirror's port too for
 * 5.8 s. Below it a thread's start costs more than the work it would take off the loop.
 */
export const OFF_THREAD_MIN_BYTES = 1024 * 1024;
