// Translations for the browser table, from the same gettext catalogs as the terminal game.
//
// The server sends a language's catalog as JSON (msgid → text, or → [singular, plural]); strings keep
// Python's "%(name)s" placeholders so one catalog serves both. Every string the page shows goes
// through t() or tn(), and scripts/catalogs.py extracts those calls into the catalogs.

export const LANGUAGE_KEY = "idoubtit.language";

let current = "en";
let messages = {};
let names = { en: "English" };
let sheets = [];

/** The language to use: the one chosen before, else the first of the browser's that we have, else English. */
export function pickLanguage(saved, browserLanguages, known) {
  if (saved && known.includes(saved)) return saved;
  for (const tag of browserLanguages || []) {
    const code = String(tag).toLowerCase().split(/[-_]/)[0];
    if (known.includes(code)) return code;
  }
  return "en";
}

/** Fill "%(name)s" and "%(count)d" placeholders from values; "%%" is a percent sign, as in Python. */
export function format(text, values = {}) {
  return text.replace(/%%|%\((\w+)\)([sd])/g, (whole, key, kind) => {
    if (whole === "%%") return "%";
    if (!(key in values)) return whole;
    const value = values[key];
    return kind === "d" ? String(Math.trunc(Number(value))) : String(value);
  });
}

export function use(language, catalog, languageNames, characterSheets) {
  current = language;
  messages = catalog || {};
  if (languageNames) names = languageNames;
  if (characterSheets) sheets = characterSheets;
}

/** The characters a host may seat, as this language presents them: key, name, description, difficulty. */
export function characters() {
  return sheets;
}

/** The character a bot spec seats ("bluffer", "rock[...]"), or undefined for any other bot. */
export function characterOf(level) {
  const key = String(level || "").split("[")[0];
  return sheets.find((sheet) => sheet.key === key);
}

export function language() {
  return current;
}

export function languageNames() {
  return names;
}

/** The translation of msgid (the msgid itself when the catalog has none), with values filled in. */
export function t(msgid, values = {}) {
  const found = messages[msgid];
  const text = typeof found === "string" && found ? found : Array.isArray(found) ? found[0] : msgid;
  return format(text, values);
}

/**
 * Text that stands at the start of a line, its first letter a capital: a rank's name may begin it, and some
 * languages write those small ("koninginne is aan die beurt" in Afrikaans).
 */
export function sentence(text) {
  return text ? text.charAt(0).toLocaleUpperCase() + text.slice(1) : text;
}

/** Singular or plural by count; values get "count" as well. */
export function tn(singular, plural, count, values = {}) {
  const found = messages[singular];
  const index = count === 1 ? 0 : 1; // every language here has the two forms of "n != 1"
  let text = index === 0 ? singular : plural;
  if (Array.isArray(found) && found[index]) text = found[index];
  return format(text, { count, ...values });
}

/** Load a language from the server, remember it, and mark the page with it. */
export async function load(code, fetcher = fetch) {
  const response = await fetcher(`/api/i18n/${code}`);
  if (!response.ok) throw new Error(`no language ${code}`);
  const body = await response.json();
  use(body.language, body.messages, body.languages, body.characters);
  try {
    localStorage.setItem(LANGUAGE_KEY, body.language);
  } catch {
    // private browsing: the choice lasts for this page only
  }
  if (typeof document !== "undefined") document.documentElement.lang = body.language;
  return body;
}
