// Rune globals ($state, $derived, ...) and `*.svelte` modules for tsc; vite compiles the rest.
/// <reference types="svelte" />
