import { mount } from 'svelte';
import App from './App.svelte';
import { guardBusyButtons } from './lib/busy-button-guard.ts';
import { selectApi } from './lib/web-transport.ts';
import './app.css';

const api = selectApi(window, {
  fetch: (url, init) => fetch(url, init),
  openEvents: (url) => new EventSource(url),
});

// Before the app mounts, so that the guard's listener runs ahead of every one the app adds.
guardBusyButtons(window);
mount(App, { target: document.getElementById('app')!, props: { api } });
