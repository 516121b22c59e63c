/**
 * Uploads of at least this many bytes are read (decoded, parsed, every source hashed) by a helper
 * thread, and the copy of their write from the database's log into its file done by another, so
 * that the server's loop, which answers every port, goes on meanwhile: reading costs about 0.1 s
 * per MiB here (splitting the files a few ms of it, keccak256 in JavaScript the rest), so a 48 MB
 * build-info held the mirror's port too for 5.8 s. A thread is no free lunch for the upload
 * itself: starting one and handing the files over took 0.5 to 1 s with the machine under load
 * (little of it on the loop), so the request is answered later than it would be read here. Below
 * this size the loop's pause (under 0.1 s) is taken instead of that delay.
 */
export const OFF_THREAD_MIN_BYTES = 1024 * 1024;
