import type { Component } from 'svelte';
import type { MirrordeskApi, NetworkInfo } from '../../main/common/api-contract.ts';
import AccountsScreen from './screens/accounts/AccountsScreen.svelte';
import StatusScreen from './screens/status/StatusScreen.svelte';

/** What every screen receives from the shell. */
export interface ScreenProps {
  api: MirrordeskApi;
  network: NetworkInfo | null;
  /** The screen's part of the URL hash, after `?`. */
  query: string;
  /** Replaces the screen's query, adding a history entry. */
  navigate: (query: string) => void;
}

export interface ScreenEntry {
  id: string;
  label: string;
  component: Component<ScreenProps>;
}

/** The screens in navigation order; the first is the default route. Verify and Status come next. */
export const SCREENS: ScreenEntry[] = [
  { id: 'accounts', label: 'Accounts', component: AccountsScreen },
  { id: 'status', label: 'Status', component: StatusScreen },
];

export const DEFAULT_SCREEN = SCREENS[0]!.id;
