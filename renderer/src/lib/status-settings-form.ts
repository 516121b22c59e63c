import type { NotificationSettings } from '../../../main/common/status-types.ts';
import { IMPACTS } from './status-view.ts';

/** The settings form as checkboxes: every impact and component listed, each on or off. */
export interface SettingsForm {
  quiet: boolean;
  impacts: Record<string, boolean>;
  components: Record<string, boolean>;
}

/** `null` in the settings means "all": every box starts checked, including components added later. */
export function settingsToForm(settings: NotificationSettings, componentIds: readonly string[]): SettingsForm {
  const impacts: Record<string, boolean> = {};
  for (const impact of IMPACTS) impacts[impact] = settings.impacts === null || settings.impacts.includes(impact);
  const components: Record<string, boolean> = {};
  for (const id of componentIds) components[id] = settings.componentIds === null || settings.componentIds.includes(id);
  return { quiet: settings.quiet, impacts, components };
}

/**
 * Back to settings. All boxes checked saves `null`, so components the page adds later notify too;
 * ids saved earlier for components this page no longer lists are kept, not silently dropped.
 */
export function formToSettings(form: SettingsForm, previous: NotificationSettings): NotificationSettings {
  const impacts = IMPACTS.filter((impact) => form.impacts[impact]);
  const listed = Object.keys(form.components);
  const checked = listed.filter((id) => form.components[id]);
  const unlisted = (previous.componentIds ?? []).filter((id) => !listed.includes(id));
  return {
    quiet: form.quiet,
    impacts: impacts.length === IMPACTS.length ? null : [...impacts],
    componentIds: checked.length === listed.length && unlisted.length === 0 ? null : [...checked, ...unlisted],
  };
}

/** Whether two settings mean the same, whatever order their lists are in (the form's "unsaved" check). */
export function sameSettings(a: NotificationSettings, b: NotificationSettings): boolean {
  const list = (value: string[] | null): string => (value === null ? 'all' : [...value].sort().join('\n'));
  return a.quiet === b.quiet && list(a.impacts) === list(b.impacts) && list(a.componentIds) === list(b.componentIds);
}
