/** The shapes of /api/pos-settings/* (docs/settings.md), declared once for the server and the page. */
export type { Configuration, GroupView, ScopeLevel, ScopeRef, SettingType, SettingView } from '../../../schemas/pos-settings-wire';
