/**
 * Text a spreadsheet must show as text: a cell starting with = + - @ (or a tab or carriage return,
 * which some programs strip first) could be taken for a formula when a user edits it or saves the
 * file as CSV (OWASP "CSV injection"). Such text gets a leading apostrophe, as a user would type it.
 */
export function neutralisedText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
