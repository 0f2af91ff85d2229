/**
 * A provider's own on/off setting (HEYZO_ENGLISH, TOKYO_HOT_ENGLISH: read each title's English
 * page too), declared once: checked by the config's on/off parser when read, and asked with
 * `isOn` by the provider.
 */
import { onOff } from "../config/parsers.js";
import type { ProviderContext, ProviderSetting } from "./types.js";

export function switchSetting(env: string, help: string, on = true): ProviderSetting {
  return { env, default: on ? "on" : "off", help, parse: (raw) => (onOff(raw) ? "on" : "off") };
}

/** Whether the setting is on; a context built without the registry (a test's) may hold any spelling onOff takes. */
export function isOn(ctx: ProviderContext, setting: ProviderSetting): boolean {
  return onOff(ctx.settings[setting.env] ?? setting.default);
}
