// The message catalogue on the page: the same Fluent files `cards play` formats
// (cards-kit/i18n/LANG/*.ftl), as `GET /api/messages?lang=LANG` sends them (without `lang`, the
// browser's Accept-Language chooses). A message is a list of parts: a string; {var: NAME}, an
// argument; {ref: KEY}, another message; {select: NAME, variants: {KEY: PARTS}, default: KEY},
// the variant of the argument's exact value, else of its plural category in the language
// (Intl.PluralRules), else the default. Plain JavaScript, no build step.

/** Fetches a language's catalogue: {lang, messages}. `lang` left out: the browser's choice. */
export async function loadCatalogue(lang) {
  const query = lang ? `?lang=${encodeURIComponent(lang)}` : "";
  const response = await fetch(`/api/messages${query}`);
  if (!response.ok) {
    throw new Error(`the catalogue could not be loaded (${response.status})`);
  }
  return response.json();
}

/** Formats `key` of `catalogue` with the arguments `vars`; a missing key shows as itself. Text
 * the catalogue does not say (`untold`) is shown as it is, between ⸢ ⸣ in the pseudo-locale. */
export function formatMessage(catalogue, key, vars = {}) {
  if (key === "untold" && "text" in vars) return catalogue.lang === "qps" ? `⸢${vars.text}⸣` : String(vars.text);
  const plural = new Intl.PluralRules(catalogue.lang === "qps" ? "en" : catalogue.lang);
  const seen = new Set();
  const parts = (list) => list.map(part).join("");
  const part = (p) => {
    if (typeof p === "string") return p;
    if ("var" in p) return p.var in vars ? String(vars[p.var]) : `{$${p.var}}`;
    if ("ref" in p) return message(p.ref);
    if ("select" in p) {
      const value = vars[p.select];
      const exact = value === undefined ? undefined : p.variants[String(value)];
      if (exact) return parts(exact);
      const category = typeof value === "number" ? plural.select(value) : undefined;
      const chosen = (category && p.variants[category]) || p.variants[p.default] || [];
      return parts(chosen);
    }
    return "";
  };
  const message = (k) => {
    const found = catalogue.messages[k];
    if (!found || seen.has(k)) return k;
    seen.add(k);
    const text = parts(found);
    seen.delete(k);
    return text;
  };
  return message(key);
}

/** A `t(key, vars)` over a loaded catalogue. */
export function translator(catalogue) {
  return (key, vars) => formatMessage(catalogue, key, vars);
}
