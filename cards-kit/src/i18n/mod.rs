//! The message catalogue: every word `cards play`, `cards rules` and the page show, one
//! catalogue per language, in Project Fluent's syntax (`cards-kit/i18n/LANG/*.ftl`; the German rules
//! texts beside them). The terminal formats messages with `fluent-bundle`; the page gets a
//! language's messages as JSON (`GET /api/messages`, [`page_messages`]) and formats them with
//! the small `t()` of `cards-serve/assets/i18n-catalogue.js`, so both read the same files.
//!
//! Besides English and German there is a pseudo-locale, `qps`: English with every letter of
//! the catalogue's own text accented and every formatted message wrapped in `⟦ ⟧`, so that a
//! test can find a word that bypassed the catalogue (it stands outside the marks).

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use cards_core::text::{Arg, Message};
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use fluent_syntax::ast;

/// A language of the catalogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lang {
    /// English.
    En,
    /// German.
    De,
    /// The pseudo-locale of the tests: English, accented and marked.
    Qps,
}

impl Lang {
    /// The languages a reader may choose (the pseudo-locale is for tests, but may be chosen).
    pub const ALL: [Lang; 3] = [Lang::En, Lang::De, Lang::Qps];

    /// The code of the language: `en`, `de` or `qps`.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Qps => "qps",
        }
    }

    /// The language of a locale name such as `de`, `de-AT`, `de_DE.UTF-8` or `en-GB`; `None`
    /// for a language the catalogue does not have.
    pub fn of_locale(locale: &str) -> Option<Lang> {
        let primary = locale
            .split(['-', '_', '.', '@'])
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase();
        match primary.as_str() {
            "en" | "c" | "posix" => Some(Lang::En),
            "de" => Some(Lang::De),
            "qps" => Some(Lang::Qps),
            _ => None,
        }
    }

    /// The language of the terminal's environment, read through `var`: the first of
    /// `LC_ALL`, `LC_MESSAGES` and `LANG` that is set and not empty decides (as POSIX orders
    /// them); English when it names a language the catalogue lacks, or none is set.
    pub fn from_env(var: impl Fn(&str) -> Option<String>) -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|name| var(name).filter(|v| !v.is_empty()))
            .map(|v| Lang::of_locale(&v).unwrap_or(Lang::En))
            .next()
            .unwrap_or(Lang::En)
    }

    /// The language an HTTP `Accept-Language` header prefers: the catalogue's language of the
    /// highest `q` (the first among equals), English when it names none of them. The
    /// pseudo-locale is never chosen this way.
    pub fn from_accept_language(header: &str) -> Lang {
        let mut best: Option<(f32, Lang)> = None;
        for part in header.split(',') {
            let mut pieces = part.split(';');
            let tag = pieces.next().unwrap_or("").trim();
            let q = pieces
                .filter_map(|p| p.trim().strip_prefix("q="))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            let lang = match Lang::of_locale(tag) {
                Some(Lang::Qps) | None => continue,
                Some(lang) => lang,
            };
            if q > 0.0 && best.is_none_or(|(b, _)| q > b) {
                best = Some((q, lang));
            }
        }
        best.map_or(Lang::En, |(_, lang)| lang)
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A language code the catalogue does not have.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown language {0:?}: the catalogue has en, de and qps (the pseudo-locale of the tests)"
)]
pub struct UnknownLang(pub String);

impl FromStr for Lang {
    type Err = UnknownLang;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Lang::of_locale(s).ok_or_else(|| UnknownLang(s.to_owned()))
    }
}

/// The catalogue's files of one language: its name and text.
type Sources = &'static [(&'static str, &'static str)];

/// The English catalogue.
const EN: Sources = &[
    ("cli.ftl", include_str!("../../i18n/en/cli.ftl")),
    ("rules.ftl", include_str!("../../i18n/en/rules.ftl")),
    ("cego.ftl", include_str!("../../i18n/en/cego.ftl")),
    (
        "grosse-kleine-a.ftl",
        include_str!("../../i18n/en/grosse-kleine-a.ftl"),
    ),
    (
        "einer-ist-immer.ftl",
        include_str!("../../i18n/en/einer-ist-immer.ftl"),
    ),
    (
        "contract-rummy.ftl",
        include_str!("../../i18n/en/contract-rummy.ftl"),
    ),
    ("big-a.ftl", include_str!("../../i18n/en/big-a.ftl")),
    ("page.ftl", include_str!("../../i18n/en/page.ftl")),
    ("serve.ftl", include_str!("../../i18n/en/serve.ftl")),
];

/// The German catalogue.
const DE: Sources = &[
    ("cli.ftl", include_str!("../../i18n/de/cli.ftl")),
    ("rules.ftl", include_str!("../../i18n/de/rules.ftl")),
    ("cego.ftl", include_str!("../../i18n/de/cego.ftl")),
    (
        "grosse-kleine-a.ftl",
        include_str!("../../i18n/de/grosse-kleine-a.ftl"),
    ),
    (
        "einer-ist-immer.ftl",
        include_str!("../../i18n/de/einer-ist-immer.ftl"),
    ),
    (
        "contract-rummy.ftl",
        include_str!("../../i18n/de/contract-rummy.ftl"),
    ),
    ("big-a.ftl", include_str!("../../i18n/de/big-a.ftl")),
    ("page.ftl", include_str!("../../i18n/de/page.ftl")),
    ("serve.ftl", include_str!("../../i18n/de/serve.ftl")),
];

/// The German rules texts (`cards rules GAME`), by game; English ones are the games' own
/// (`Catalog::rules`, their READMEs' "Rules" sections).
const DE_RULES: &[(&str, &str)] = &[
    ("cego", include_str!("../../i18n/de/rules/cego.md")),
    (
        "grosse-kleine-a",
        include_str!("../../i18n/de/rules/grosse-kleine-a.md"),
    ),
    (
        "einer-ist-immer",
        include_str!("../../i18n/de/rules/einer-ist-immer.md"),
    ),
    (
        "contract-rummy",
        include_str!("../../i18n/de/rules/contract-rummy.md"),
    ),
    ("big-a", include_str!("../../i18n/de/rules/big-a.md")),
];

/// The files of a language (the pseudo-locale's are English).
pub fn sources(lang: Lang) -> Sources {
    match lang {
        Lang::De => DE,
        Lang::En | Lang::Qps => EN,
    }
}

/// A fault in a catalogue file (found by the tests, which parse every file).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CatalogueError {
    /// A file is not valid Fluent.
    #[error("{file} ({lang}): {errors}")]
    Syntax {
        /// The language.
        lang: Lang,
        /// The file.
        file: &'static str,
        /// The parser's complaints.
        errors: String,
    },
    /// A message or term is defined twice.
    #[error("{lang}: {errors}")]
    Duplicate {
        /// The language.
        lang: Lang,
        /// The bundle's complaints.
        errors: String,
    },
}

/// One language's messages, ready to format.
pub struct Catalogue {
    lang: Lang,
    bundle: FluentBundle<FluentResource>,
}

impl fmt::Debug for Catalogue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Catalogue")
            .field("lang", &self.lang)
            .finish_non_exhaustive()
    }
}

/// The resources of a language's files.
fn resources(lang: Lang) -> Result<Vec<FluentResource>, CatalogueError> {
    sources(lang)
        .iter()
        .map(|(file, text)| {
            FluentResource::try_new((*text).to_owned()).map_err(|(_, errors)| {
                CatalogueError::Syntax {
                    lang,
                    file,
                    errors: format!("{errors:?}"),
                }
            })
        })
        .collect()
}

/// The pseudo-locale's letters: each ASCII letter accented, so that text from the catalogue
/// differs from text that bypassed it.
fn accent(text: &str) -> Cow<'_, str> {
    const LOWER: [char; 26] = [
        'á', 'ƀ', 'ç', 'đ', 'é', 'ƒ', 'ĝ', 'ĥ', 'í', 'ĵ', 'ķ', 'ĺ', 'ɱ', 'ñ', 'ó', 'þ', 'ǫ', 'ŕ',
        'š', 'ţ', 'ú', 'ṽ', 'ŵ', 'ẋ', 'ý', 'ž',
    ];
    const UPPER: [char; 26] = [
        'Á', 'Ɓ', 'Ç', 'Đ', 'É', 'Ƒ', 'Ĝ', 'Ĥ', 'Í', 'Ĵ', 'Ķ', 'Ĺ', 'Ṁ', 'Ñ', 'Ó', 'Þ', 'Ǫ', 'Ŕ',
        'Š', 'Ţ', 'Ú', 'Ṽ', 'Ŵ', 'Ẋ', 'Ý', 'Ž',
    ];
    if !text.bytes().any(|b| b.is_ascii_alphabetic()) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars()
            .map(|c| match c {
                'a'..='z' => LOWER[(c as u8 - b'a') as usize],
                'A'..='Z' => UPPER[(c as u8 - b'A') as usize],
                c => c,
            })
            .collect(),
    )
}

/// The key of text the catalogue does not say, carried as it is (`untold = { $text }`): a
/// reason from a library that is told in English only, a system's error.
pub const UNTOLD: &str = "untold";

/// The marks the pseudo-locale puts around untold text ([`UNTOLD`]): what stands between them
/// bypassed the catalogue, however deep inside other messages it stands.
pub const UNTOLD_MARKS: (char, char) = ('⸢', '⸣');

/// The marks around every message the pseudo-locale formats.
pub const PSEUDO_MARKS: (char, char) = ('⟦', '⟧');

impl Catalogue {
    /// Reads a language's files.
    ///
    /// # Errors
    /// A file that is not valid Fluent, or a message defined twice (the tests read every
    /// language, so a build that passed them never fails here).
    pub fn load(lang: Lang) -> Result<Catalogue, CatalogueError> {
        let code = if lang == Lang::De { "de" } else { "en" };
        let id: unic_langid::LanguageIdentifier = code.parse().unwrap_or_default();
        let mut bundle = FluentBundle::new_concurrent(vec![id]);
        bundle.set_use_isolating(false);
        if lang == Lang::Qps {
            bundle.set_transform(Some(accent));
        }
        for resource in resources(lang)? {
            bundle
                .add_resource(resource)
                .map_err(|errors| CatalogueError::Duplicate {
                    lang,
                    errors: format!("{errors:?}"),
                })?;
        }
        Ok(Catalogue { lang, bundle })
    }

    /// The catalogue of a language, read once. English stands in (and then a bare key) should
    /// a file be faulty, which the tests rule out.
    pub fn get(lang: Lang) -> &'static Catalogue {
        static CATALOGUES: [OnceLock<Option<Catalogue>>; 3] =
            [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        static EMPTY: OnceLock<Catalogue> = OnceLock::new();
        let i = Lang::ALL.iter().position(|&l| l == lang).unwrap_or(0);
        let loaded = CATALOGUES[i].get_or_init(|| Catalogue::load(lang).ok());
        match loaded {
            Some(c) => c,
            None if lang != Lang::En => Catalogue::get(Lang::En),
            None => EMPTY.get_or_init(|| Catalogue {
                lang: Lang::En,
                bundle: FluentBundle::new_concurrent(vec!["en".parse().unwrap_or_default()]),
            }),
        }
    }

    /// Its language.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Whether the catalogue has a message of this key.
    pub fn has(&self, key: &str) -> bool {
        self.bundle.has_message(key)
    }

    /// Formats a message; a key the catalogue lacks shows as itself (the tests make sure
    /// every key a program uses is there).
    pub fn format(&self, message: &Message) -> String {
        self.format_args(message.key, &message.args)
    }

    /// Formats the message `key` with `args`.
    pub fn tr(&self, key: &str, args: &[(&str, Arg)]) -> String {
        self.format_args(key, args)
    }

    /// Formats the message `key` with no arguments.
    pub fn word(&self, key: &str) -> String {
        self.format_args(key, &[])
    }

    fn format_args(&self, key: &str, args: &[(&str, Arg)]) -> String {
        // Text the catalogue does not say (a reason from elsewhere) is shown as it is, unmarked
        // in the pseudo-locale too, so that a test sees that it bypassed the catalogue.
        if key == UNTOLD {
            let text = args.iter().find_map(|(name, arg)| match arg {
                Arg::Text(text) if *name == "text" => Some(text.clone()),
                Arg::Number(n) if *name == "text" => Some(n.to_string()),
                _ => None,
            });
            if let Some(text) = text {
                return if self.lang == Lang::Qps {
                    let (open, close) = UNTOLD_MARKS;
                    format!("{open}{text}{close}")
                } else {
                    text
                };
            }
        }
        let Some(pattern) = self.bundle.get_message(key).and_then(|m| m.value()) else {
            return key.to_owned();
        };
        let mut fluent = FluentArgs::new();
        for (name, value) in args {
            let value = match value {
                Arg::Text(s) => FluentValue::from(s.clone()),
                Arg::Number(n) => FluentValue::from(*n),
                Arg::Message(m) => FluentValue::from(self.format(m)),
                Arg::List { items, sep } => FluentValue::from(
                    items
                        .iter()
                        .map(|m| self.format(m))
                        .collect::<Vec<_>>()
                        .join(sep),
                ),
            };
            fluent.set((*name).to_owned(), value);
        }
        let mut errors = Vec::new();
        let text = self
            .bundle
            .format_pattern(pattern, Some(&fluent), &mut errors)
            .into_owned();
        if self.lang == Lang::Qps {
            format!("{}{text}{}", PSEUDO_MARKS.0, PSEUDO_MARKS.1)
        } else {
            text
        }
    }

    /// The rules text of a game in this language, `english` (the game's own) where the
    /// catalogue has none. The pseudo-locale marks it whole, accented, only when the catalogue
    /// has it in every language, so that a rules text not yet translated shows unmarked.
    pub fn rules(&self, game: &str, english: &str) -> String {
        match (self.lang, german_rules(game)) {
            (Lang::De, Some(german)) => german.to_owned(),
            (Lang::Qps, Some(_)) => {
                let (open, close) = PSEUDO_MARKS;
                format!("{open}{}{close}", accent(english))
            }
            _ => english.to_owned(),
        }
    }
}

/// The German rules text of a game, if the catalogue has one.
pub fn german_rules(game: &str) -> Option<&'static str> {
    DE_RULES
        .iter()
        .find(|(g, _)| *g == game)
        .map(|(_, text)| text.trim())
}

/// The prefix of a game's own keys in the catalogue (`cards-kit/i18n/LANG/GAME.ftl`): the first word
/// of its file's first message (`gka` for `gka-dealt`), which every key of the file shares (a
/// test checks it). The page labels a game's actions by `PREFIX-action-WORD` with it.
pub fn key_prefix(game: &str) -> Option<&'static str> {
    let file = format!("{game}.ftl");
    let (_, text) = EN.iter().find(|(name, _)| *name == file)?;
    text.lines()
        .find(|l| l.starts_with(|c: char| c.is_ascii_lowercase()) && l.contains(" = "))
        .and_then(|l| l.split_once('-'))
        .map(|(prefix, _)| prefix)
}

/// The keys of a language's messages (terms left out), sorted.
///
/// # Errors
/// A file that is not valid Fluent.
pub fn keys(lang: Lang) -> Result<Vec<String>, CatalogueError> {
    let mut keys = Vec::new();
    for resource in resources(lang)? {
        for entry in resource.entries() {
            if let ast::Entry::Message(m) = entry {
                keys.push(m.id.name.to_owned());
            }
        }
    }
    keys.sort();
    Ok(keys)
}

/// A construct of Fluent the page's `t()` does not format (a function call, an attribute).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{lang} message {key:?}: {what} is not formatted by the page's t()")]
pub struct Unsupported {
    /// The language.
    pub lang: Lang,
    /// The message.
    pub key: String,
    /// What it uses.
    pub what: &'static str,
}

/// A language's messages for the page, as JSON: `{"lang": "de", "messages": {KEY: PATTERN}}`,
/// where a pattern is a list of parts, each a string, `{"var": NAME}` (an argument), `{"ref":
/// KEY}` (another message), or `{"select": NAME, "variants": {KEY: PATTERN}, "default": KEY}`
/// (a variant chosen by the argument: its exact value, else its plural category in the
/// language, else the default). Terms (`-legage`) are written out where they are used. The
/// page's `t(key, vars)` (`cards-serve/assets/i18n-catalogue.js`) formats these.
///
/// # Errors
/// A faulty file, or a message using what the page cannot format.
pub fn page_messages(lang: Lang) -> Result<serde_json::Value, PageError> {
    let resources = resources(lang)?;
    let mut terms: BTreeMap<&str, &ast::Pattern<&str>> = BTreeMap::new();
    for resource in &resources {
        for entry in resource.entries() {
            if let ast::Entry::Term(t) = entry {
                terms.insert(t.id.name, &t.value);
            }
        }
    }
    let mut messages = serde_json::Map::new();
    for resource in &resources {
        for entry in resource.entries() {
            if let ast::Entry::Message(m) = entry {
                let Some(value) = &m.value else { continue };
                let key = m.id.name;
                let mut parts = Vec::new();
                pattern_json(value, &terms, lang == Lang::Qps, &mut parts).map_err(|what| {
                    Unsupported {
                        lang,
                        key: key.to_owned(),
                        what,
                    }
                })?;
                let parts = if lang == Lang::Qps {
                    let mut marked = vec![serde_json::Value::from("⟦")];
                    marked.extend(parts);
                    marked.push("⟧".into());
                    marked
                } else {
                    parts
                };
                messages.insert(key.to_owned(), serde_json::Value::Array(parts));
            }
        }
    }
    Ok(serde_json::json!({ "lang": lang.code(), "messages": messages }))
}

/// Why a language's messages cannot go to the page.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PageError {
    /// A faulty file.
    #[error(transparent)]
    Catalogue(#[from] CatalogueError),
    /// A construct the page's `t()` does not format.
    #[error(transparent)]
    Unsupported(#[from] Unsupported),
}

/// Appends the parts of `pattern` to `out` (see [`page_messages`]).
fn pattern_json(
    pattern: &ast::Pattern<&str>,
    terms: &BTreeMap<&str, &ast::Pattern<&str>>,
    pseudo: bool,
    out: &mut Vec<serde_json::Value>,
) -> Result<(), &'static str> {
    for element in &pattern.elements {
        match element {
            ast::PatternElement::TextElement { value } => {
                let text = if pseudo {
                    accent(value).into_owned()
                } else {
                    (*value).to_owned()
                };
                out.push(text.into());
            }
            ast::PatternElement::Placeable { expression } => {
                expression_json(expression, terms, pseudo, out)?;
            }
        }
    }
    Ok(())
}

fn expression_json(
    expression: &ast::Expression<&str>,
    terms: &BTreeMap<&str, &ast::Pattern<&str>>,
    pseudo: bool,
    out: &mut Vec<serde_json::Value>,
) -> Result<(), &'static str> {
    match expression {
        ast::Expression::Inline(inline) => inline_json(inline, terms, pseudo, out),
        ast::Expression::Select { selector, variants } => {
            let ast::InlineExpression::VariableReference { id } = selector else {
                return Err("a selector that is not an argument");
            };
            let mut map = serde_json::Map::new();
            let mut default = String::new();
            for v in variants {
                let key = match &v.key {
                    ast::VariantKey::Identifier { name } => (*name).to_owned(),
                    ast::VariantKey::NumberLiteral { value } => (*value).to_owned(),
                };
                let mut parts = Vec::new();
                pattern_json(&v.value, terms, pseudo, &mut parts)?;
                if v.default {
                    default.clone_from(&key);
                }
                map.insert(key, serde_json::Value::Array(parts));
            }
            out.push(serde_json::json!({
                "select": id.name, "variants": map, "default": default
            }));
            Ok(())
        }
    }
}

fn inline_json(
    inline: &ast::InlineExpression<&str>,
    terms: &BTreeMap<&str, &ast::Pattern<&str>>,
    pseudo: bool,
    out: &mut Vec<serde_json::Value>,
) -> Result<(), &'static str> {
    match inline {
        ast::InlineExpression::StringLiteral { value } => {
            out.push((*value).to_owned().into());
        }
        ast::InlineExpression::NumberLiteral { value } => out.push((*value).to_owned().into()),
        ast::InlineExpression::VariableReference { id } => {
            out.push(serde_json::json!({ "var": id.name }));
        }
        ast::InlineExpression::MessageReference {
            id,
            attribute: None,
        } => {
            out.push(serde_json::json!({ "ref": id.name }));
        }
        ast::InlineExpression::TermReference {
            id,
            attribute: None,
            arguments: None,
        } => {
            let term = terms.get(id.name).ok_or("a term that is not defined")?;
            pattern_json(term, terms, pseudo, out)?;
        }
        ast::InlineExpression::Placeable { expression } => {
            expression_json(expression, terms, pseudo, out)?;
        }
        ast::InlineExpression::FunctionReference { .. } => return Err("a function call"),
        ast::InlineExpression::MessageReference { .. }
        | ast::InlineExpression::TermReference { .. } => {
            return Err("an attribute or a parameterised term");
        }
    }
    Ok(())
}

/// The catalogue keys of the games' titles, by game: `game-title-NAME`.
const TITLE_KEYS: [&str; 5] = [
    "game-title-grosse-kleine-a",
    "game-title-big-a",
    "game-title-einer-ist-immer",
    "game-title-contract-rummy",
    "game-title-cego",
];

/// The title of the game named `game` as a catalogue message (`game-title-NAME`); a name the
/// catalogue lacks is told as it is (`untold`).
pub fn title_message(game: &str) -> Message {
    TITLE_KEYS
        .iter()
        .find(|k| k.strip_prefix("game-title-") == Some(game))
        .map_or_else(
            || Message::new("untold").text("text", game),
            |key| Message::new(key),
        )
}

/// The catalogue keys of what each game's notation expects, by game: `notation-NAME`.
const NOTATION_KEYS: [&str; 5] = [
    "notation-grosse-kleine-a",
    "notation-big-a",
    "notation-einer-ist-immer",
    "notation-contract-rummy",
    "notation-cego",
];

/// A game's reasons for text it cannot read that cite a rule, told by their own keys: the
/// game, the reason's English (as the game's error ends with it), the key.
const NOTATION_REASONS: [(&str, &str, &str); 6] = [
    (
        "grosse-kleine-a",
        "all number cards of a play must be of one rank (A4)",
        "notation-grosse-kleine-a-one-rank",
    ),
    (
        "grosse-kleine-a",
        "an A card may only be played alone, as a single card (A6)",
        "notation-grosse-kleine-a-a-alone",
    ),
    (
        "grosse-kleine-a",
        "too many cards: the pack has eight of each number and four jokers (A1)",
        "notation-grosse-kleine-a-too-many",
    ),
    (
        "big-a",
        "a capture is played with two or more Fours (B9)",
        "notation-big-a-capture-two",
    ),
    (
        "big-a",
        "a capture is played with Fours (B9)",
        "notation-big-a-capture",
    ),
    (
        "big-a",
        "too many cards for one combination",
        "notation-big-a-too-many",
    ),
];

/// Why text is no action in the notation of the game named `game`, as a catalogue message,
/// from the game's English `reason`: a reason that cites a rule by its own key (its English
/// as the game says it), any other as what the game's notation expects (`notation-NAME`).
/// The games give their parse errors as text, so the one token they name is not repeated. A
/// game the catalogue lacks tells its reason as it is (`untold`).
pub fn notation_reason(game: &str, reason: &str) -> Message {
    if let Some((_, _, key)) = NOTATION_REASONS
        .iter()
        .find(|(g, said, _)| *g == game && reason.ends_with(said))
    {
        return Message::new(key);
    }
    NOTATION_KEYS
        .iter()
        .find(|k| k.strip_prefix("notation-") == Some(game))
        .map_or_else(
            || Message::new(UNTOLD).text("text", reason),
            |key| Message::new(key),
        )
}

pub mod words;

#[cfg(test)]
mod tests;
