// The page's words, in one place: every string the table, watch and review pages show that is
// drawn by felt.js (and what table.js adds for the table, its alerts, help, sorting and
// takeback) goes through `t(key, vars)`. The English texts are the object below; a catalogue
// of another language is the same keys with its words.

const EN = {
  // Hints at a table opened with them.
  "hint.ask": "Suggest a move",
  "hint.thinking": "The expert is thinking…",
  "hint.said": "The expert suggests: {action}",
  "hint.failed": "No suggestion now.",
  // Seats around the table.
  "seat.you": "{seat} (you)",
  "seat.person": "person",
  "seat.bot": "bot",
  "seat.bot.level": "bot, {level} ({spec})",
  "seat.bot.spec": "bot ({spec})",
  "seat.to-move": "to move",
  "seat.region": "{name}: {kind}",
  "seat.hand": "hand ({count})",
  "seat.hand.empty": "hand: empty",
  // What lies on the table.
  "felt.label": "The table",
  "felt.laid": "{seat} laid {cards}",
  "felt.said": "{seat}: {word}",
  "felt.middle": "middle of the table",
  "felt.face-down": "{count} face down",
  "felt.took": "taken by {seat}",
  "felt.last": "Last trick",
  "felt.last.show": "Show the last trick",
  "felt.last.hide": "Hide the last trick",
  "felt.last.none": "No trick has been taken yet.",
  "felt.last.title": "{label}, taken by {seat}",
  "felt.last.title.open": "{label}",
  "felt.last.previous": "the pile before this one",
  "felt.in-words": "The table in words",
  // Card names a screen reader reads.
  "card.of": "{rank} of {suit}",
  "card.big_ace": "{name}, a Big Ace",
  "card.stands": "{name} standing for {stands}",
  "card.trump": "Trock {rank}",
  "card.skus": "Sküs",
  "card.joker": "joker",
  "card.red-joker": "red joker",
  "card.black-joker": "black joker",
  "card.number": "number {rank}",
  "card.rank-only": "{rank}, any suit",
  "card.wild": "wild",
  "card.hidden": "a card face down",
  "rank.A": "ace", "rank.K": "king", "rank.Q": "queen", "rank.J": "jack", "rank.R": "knight",
  "suit.c": "clubs", "suit.d": "diamonds", "suit.h": "hearts", "suit.s": "spades",
  // The turn alert.
  "alert.title": "▶ Your turn: {title}",
  "alert.sound.on": "Sound on your turn: on",
  "alert.sound.off": "Sound on your turn: off",
  "alert.sound.explain": "A short tone when it is your turn (remembered in this browser)",
  // Help on the game's words.
  "help.button": "What do the words mean?",
  "help.title": "The game's words",
  "help.close": "Close",
  "help.none": "The rules say nothing more of {word}.",
  "help.of": "{word}: {text}",
  "help.from": "From the rules (cards rules {game}):",
  // The score sheet.
  "scores.deal": "deal {number}",
  "scores.total": "total",
  // Sorting the hand.
  "sort.game": "Sort: the game's order",
  "sort.suit": "Sort: by suit",
  "sort.rank": "Sort: by rank",
  "sort.explain": "Lay the hand out another way (the cards stay yours; only their order changes)",
  // Wild cards.
  "wild.mark": "wild",
  "wild.hint": "Wild cards are marked ★",
  // Takeback.
  "takeback.button": "Take back my last move",
  "takeback.explain": "At a practice table you may take back your last move while no other person has moved since",
  "takeback.confirm": "Take back your last move ({action})?",
  // The end of a deal.
  "ended.caption": "The table as the deal ended, its last card laid where it was played:",
  // Keyboard.
  "keys.hint": "Keys: Tab to a card, Space or Enter selects it; Enter on a button plays.",
  // h-table2
  "takeback.label": "Take back my last move ({action}) and the bots' moves after it",
  "takeback.failed": "the takeback was refused (the server answered {status})",
  "takeback.unreachable": "the server cannot be reached: {reason}",
  "options.head": "This table's rules:",
  "options.none": "This table plays the rule book's rules (no option changed).",
  "options.word": "{label}: {value}",
  "options.said": "{label}: {explain}",
  "options.unexplained": "the rules say nothing more of it",
  "felt.group": "{seat}, {group}",
  "review.first": "First step (Home)",
  "review.back": "Back one step (Left arrow)",
  "review.forward": "Forward one step (Right arrow)",
  "review.last": "Last step (End)",
  "review.keys": "Keys: Left and Right arrows step back and forward, Home and End go to the first and last step.",
};

/** The text of `key` with `{name}` replaced by `vars.name`; the key itself when it is unknown. */
export function t(key, vars = {}) {
  const text = Object.prototype.hasOwnProperty.call(EN, key) ? EN[key] : key;
  return text.replace(/\{(\w+)\}/g, (m, k) => (Object.prototype.hasOwnProperty.call(vars, k) ? String(vars[k]) : m));
}

/** Every key of the English catalogue (for a test that another language has them all). */
export const KEYS = Object.keys(EN);
