/**
 * A URL as an error message may show it: without the user name and password before the host, and
 * with its query (and fragment) cut to `?…` (`#…`), where tokens and keys travel. Works on any
 * text, a URL that does not parse included: messages quote what the user typed, and their lines
 * end up in terminals, logs and bug reports.
 */
export function urlForMessage(text: string): string {
  return text
    .replace(/^([^:/?#]*:\/\/)[^/?#]*@/, '$1…@')
    .replace(/\?.*$/s, '?…')
    .replace(/#.*$/s, '#…');
}
