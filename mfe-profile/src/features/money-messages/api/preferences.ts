import { http } from 'shared-api';
import type { paths } from 'shared-api/api-schema';
import type { MoneyEventType } from 'portal-rules';

type PreferencesWire =
  paths['/api/v1/notification_preferences']['get']['responses'][200]['content']['application/json'];
export type MoneyMessagePreferences = Record<MoneyEventType, boolean>;

/** Which money events the customer is told about (beyond spec section 7; a 404 is a server without them). */
export function getPreferences(): Promise<MoneyMessagePreferences> {
  return http
    .get<PreferencesWire>('/api/v1/notification_preferences')
    .then(({ data }) => data.notification_preferences);
}

/** Turns one type on or off; answers every setting as the server now has it. */
export function setPreference(type: MoneyEventType, enabled: boolean): Promise<MoneyMessagePreferences> {
  return http
    .put<PreferencesWire>('/api/v1/notification_preferences', { notification_preferences: { [type]: enabled } })
    .then(({ data }) => data.notification_preferences);
}
