import { messages } from '../../../shared/messages.js';

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari", iPhones also say "Mac OS X".
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/Chrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];
/** An agent that is neither a known browser nor a known system (curl, an app) is shown this long, at most. */
const RAW_MAX = 40;

const find = (table: [RegExp, string][], userAgent: string) => table.find(([pattern]) => pattern.test(userAgent))?.[1];

/** A session's device in a few words, from its user agent: "Chrome on Windows", "Safari on iPhone". */
export function deviceName(userAgent: string): string {
  const agent = userAgent.trim();
  if (!agent) return messages.ui.unknownDevice;
  const browser = find(BROWSERS, agent);
  const system = find(SYSTEMS, agent);
  if (browser && system) return `${browser} on ${system}`;
  if (browser ?? system) return (browser ?? system)!;
  return agent.length > RAW_MAX ? `${agent.slice(0, RAW_MAX - 1)}…` : agent;
}
