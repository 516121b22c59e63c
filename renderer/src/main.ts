import { mount } from 'svelte';
import App from './App.svelte';
import { selectApi } from './lib/web-transport.ts';
import './app.css';

const api = selectApi(window, {
  fetch: (url, init) => fetch(url, init),
  openEvents: (url) => new EventSource(url),
});

mount(App, { target: document.getElementById('app')!, props: { api } });
