# The words of `cards play`, `cards rules` and the screen every game shares, in English.
# Every key here is in ../de/cli.ftl too (a test fails otherwise). Layout (indentation, the
# padding of numbers) is the program's; the words are here.

## Games by their rule books' names

game-title-grosse-kleine-a = Das Grosse und das kleine A
game-title-big-a = Big A (打大A)
game-title-einer-ist-immer = Einer ist immer der ...
game-title-contract-rummy = 3 to 13
game-title-cego = Cego

## Counts

count-cards = { $count ->
    [one] { $count } card
   *[other] { $count } cards
}
count-tricks = { $count ->
    [one] { $count } trick
   *[other] { $count } tricks
}
count-points = { $count ->
    [one] { $count } point
   *[other] { $count } points
}

## The screen (cards_core::text::Screen)

screen-heading = { $heading } | you are { $seat }
screen-table-empty = Table: -
screen-table = Table:
screen-seats = Seats:
screen-seat = { $seat }
screen-you = { $seat } (you)
screen-to-move = <- to move
screen-hand-empty = Your hand: empty
screen-hand = Your hand ({ $count ->
    [one] { $count } card
   *[other] { $count } cards
}): { $cards }

## cards play

play-intro-resumed = { $title } — you are { $seat } of { $players }; the saved game goes on
play-intro-seed = { $title } — you are { $seat } of { $players }; seed { $seed } (chosen: the same seed deals the same cards)
play-intro-fresh = { $title } — you are { $seat } of { $players }; a fresh deal (its seed is shown at the end)
play-seed-passed = Seed { $passed } deals a hand in which the bots end the deal before you have a choice to make: seed { $seed } is played instead.
play-seats = Seats: { $seating }
play-seat-you = { $seat } you
play-seat-bot = { $seat } { $bot }
play-help = Enter an action in the game's notation (cards as numbers mean cards: `4` plays a 4 where cards are numbers), or `#N` for entry N of the list; a bare number that is not notation in this game also means entry N. Commands: `help` shows this and the list again, `all` every entry of a long list, `find TEXT` the entries containing TEXT, `quit` ends.
play-resumed = Resumed: the { $count } actions of the saved log are replayed; the match goes on.
play-forced = { $seat } (you): your only legal action, { $action }, is taken.
play-prompt = { $seat }>
play-input-ended = Input ended before the match did; the game is abandoned.
play-line-refused = { $why }; type `help` for what you can enter.
play-line-too-long = that line is longer than { $max } bytes and was not read
play-line-not-utf8 = that line is not valid UTF-8 and was not read
play-find-what = find needs a text to look for, e.g. `find 7h`: it lists the legal actions containing it
play-left = You left the table; the game is abandoned.
play-legal-head = Your legal actions:
play-list-entry = { $number }. { $action }
play-list-more = ... and { $count } more: `all` lists every one, `find TEXT` the ones containing TEXT.
play-list-none = no legal action contains { $text }.
play-cannot-read-long = cannot read the { $length } characters starting { $start }: that is no action in this game's notation (type `help` for the list)
play-cannot-read = cannot read { $notation }: { $reason } (type `help` for the list)
play-not-allowed = not allowed: { $reason }
play-not-entry-number = #{ $text } is not an entry number: write #1 to #{ $count }
play-no-entry = there is no entry #{ $number }: choose #1 to #{ $count }
play-over = The match is over.
play-scores-final = Final scores
play-scores-so-far = Scores so far, the match unfinished
play-scores-penalties = { $title }, in penalty points (lower is better):
play-scores-points = { $title }, in points (higher is better):
play-score-line = { $seat }: { $score }
play-seed-again = Seed { $seed }: `--seed { $seed }` deals these cards again.
play-saved = Saved to { $path }.
play-saved-unfinished = Saved to { $path }, marked unfinished.
play-run = { $head }: { $told }.
play-run-bare = { $head }.
play-run-head-play = { $moves } moves taken at once
play-run-head-phase = the { $phase }, { $moves } moves taken at once
play-run-head-forced = { $head } ({ $forced })
play-run-forced = { $count ->
    [one] your only legal action was taken for you once
   *[other] your only legal action was taken for you { $count } times
}
phase-draw = draw

## cards rules

rules-options-head = Variant options (`--option KEY=VALUE` in play, simulate and tournament; each with its default, its name and what it takes, then what it changes):
rules-bots-head = Bots (`--bots kind[:key=value,...]` in play, simulate and tournament; each kind with its keys, what each takes and what it sets):

## Refusals

untold = { $text }

## Errors of the command (CliError)

cli-error = error: { $message }
cli-error-caused-by = caused by: { $reason }
cli-error-unknown-game = unknown game { $name } (known games: { $known })
cli-error-config = bad configuration for { $game }: { $reason }
cli-error-too-many-bots = { $given } bots for { $seats } seats: at most one bot per seat
cli-error-bad-seat = seat { $seat } is not at a table of { $players }
cli-error-unknown-example = { $game } has no example { $name } (examples: { $known })
cli-error-io = { $path }: { $reason }
cli-error-output = output failed: { $reason }
cli-error-bad-log = invalid log: { $reason }
cli-error-engine = engine error: { $reason }

## Why a typed action is no action in a game's notation (the terminal's and the server's
## "cannot read"): what the notation expects, or the rule a reason cites.

notation-grosse-kleine-a = not a play (expected 1 to 13, J, a, A or pass, e.g. `5 5`, `7 J`)
notation-grosse-kleine-a-one-rank = all number cards of a play must be of one rank (A4)
notation-grosse-kleine-a-a-alone = an A card may only be played alone, as a single card (A6)
notation-grosse-kleine-a-too-many = too many cards: the pack has eight of each number and four jokers (A1)
notation-big-a = cannot read as an action: expected pass, expose Ah, capture with Fours, or cards (4-10, J, Q, K, A, 2, 3, BA, RJ, BJ)
notation-big-a-capture = a capture is played with Fours (B9)
notation-big-a-capture-two = a capture is played with two or more Fours (B9)
notation-big-a-too-many = too many cards for one combination
notation-einer-ist-immer = invalid action (expected pass, or a play like 1x7, 3xK, 2x9+1jk, 2jk)
notation-contract-rummy = invalid action: expected draw, pass, done, a meld like `7h 8h Jk=9h` (cards like 7h, 10s, Qd, As, Jk), or `add N card [low|high]`
notation-cego = cannot read action: expected pass, hold, a contract (solo, cego, one-blank, ...), expose CARD, discard CARD, a card (Kc, T21, Gs) or a pair (8s+7s)
# A bot program's faults (`exec:` bots), told in the narration; the log keeps the English.
exec-fault = bot { $bot } ({ $seat }): { $why }; a random action instead (fault { $count } of { $max })
exec-stopped = bot { $bot } ({ $seat }): stopped after { $max } faults; its seat plays at random
exec-why-no-answer = no answer within { $ms } ms
exec-why-exited = it has exited
exec-why-garbage = { $text } is not an answer
exec-why-illegal = { $text } is not a legal action
exec-why-cannot-write = cannot write to it ({ $reason })
exec-why-input-closed = its input is closed
exec-why-not-running = not running
exec-why-encode = { $reason }
exec-why-not-asked = no decision was asked
