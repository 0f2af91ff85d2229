/** Text put into the simulated sites' HTML. */

/** Text escaped for an element's content or a double-quoted attribute. */
export const esc = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
