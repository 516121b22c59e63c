import type { Component } from 'svelte';
import type { MirrordeskApi, NetworkInfo } from '../../main/common/api-contract.ts';
import AccountsScreen from './screens/accounts/AccountsScreen.svelte';
import NetworkScreen from './screens/network/NetworkScreen.svelte';
import ContractsScreen from './screens/contracts/ContractsScreen.svelte';
import TokensScreen from './screens/tokens/TokensScreen.svelte';
import StatusScreen from './screens/status/StatusScreen.svelte';
import AccountScreen from './screens/accounts/AccountScreen.svelte';
import ContractResultScreen from './screens/contracts/ContractResultScreen.svelte';
import ContractScreen from './screens/contracts/ContractScreen.svelte';
import EntityScreen from './screens/search/EntityScreen.svelte';
import TokenScreen from './screens/tokens/TokenScreen.svelte';
import NftScreen from './screens/tokens/NftScreen.svelte';
import ScheduleScreen from './screens/schedules/ScheduleScreen.svelte';
import SchedulesScreen from './screens/schedules/SchedulesScreen.svelte';
import BlockScreen from './screens/blocks/BlockScreen.svelte';
import BlocksScreen from './screens/blocks/BlocksScreen.svelte';
import TopicScreen from './screens/topics/TopicScreen.svelte';
import TransactionScreen from './screens/transactions/TransactionScreen.svelte';
import TransactionsScreen from './screens/transactions/TransactionsScreen.svelte';
import VerifyScreen from './screens/verify/VerifyScreen.svelte';
import SyncScreen from './screens/sync/SyncScreen.svelte';

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
  /** False for pages reached by links and search (one entity), which have no navigation tab. */
  nav?: boolean;
}

/** The screens in navigation order; the first is the default route. */
export const SCREENS: ScreenEntry[] = [
  { id: 'accounts', label: 'Accounts', component: AccountsScreen },
  { id: 'transactions', label: 'Transactions', component: TransactionsScreen },
  { id: 'blocks', label: 'Blocks', component: BlocksScreen },
  { id: 'tokens', label: 'Tokens', component: TokensScreen },
  { id: 'contracts', label: 'Contracts', component: ContractsScreen },
  { id: 'network', label: 'Network', component: NetworkScreen },
  { id: 'verify', label: 'Verify', component: VerifyScreen },
  { id: 'status', label: 'Status', component: StatusScreen },
];

/** The ledger explorer's entity pages (`#/account?id=0.0.1234`, …), opened by links and the search box. */
SCREENS.push(
  { id: 'account', label: 'Account', component: AccountScreen, nav: false },
  { id: 'transaction', label: 'Transaction', component: TransactionScreen, nav: false },
  { id: 'token', label: 'Token', component: TokenScreen, nav: false },
  { id: 'nft', label: 'NFT', component: NftScreen, nav: false },
  { id: 'contract', label: 'Contract', component: ContractScreen, nav: false },
  { id: 'contract-result', label: 'Contract result', component: ContractResultScreen, nav: false },
  { id: 'topic', label: 'Topic', component: TopicScreen, nav: false },
  { id: 'schedule', label: 'Schedule', component: ScheduleScreen, nav: false },
  // A list without a navigation tab (the bar is full): the Transactions screen and each schedule link to it.
  { id: 'schedules', label: 'Schedules', component: SchedulesScreen, nav: false },
  { id: 'block', label: 'Block', component: BlockScreen, nav: false },
  { id: 'entity', label: 'Entity', component: EntityScreen, nav: false },
);

/** The upstream sync panel, opened from the sync chip beside the network menu. */
SCREENS.push({ id: 'sync', label: 'Sync', component: SyncScreen, nav: false });

export const DEFAULT_SCREEN = SCREENS[0]!.id;
