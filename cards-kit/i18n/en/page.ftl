# The words of the pages `cards serve` shows (the lobby, a seat's table, the watch and review
# pages), in English. The pages' `t("seat.you")` is the key `page-seat-you` here: `page-` and
# the page's key with `.` written `-`. Every key here is in ../de/page.ftl too (a test fails
# otherwise). The games' own words (titles, rule options, bot kinds, screens and refusals)
# are the other files'.

## The pages' titles and frames

page-frame-lobby = cards: open a table
page-frame-table = cards: table
page-frame-watch = cards: watching a table
page-frame-review = cards: review
page-frame-connecting = Connecting…
page-frame-loading = Loading…
page-frame-narration = What happens
page-frame-scores = Scores
page-frame-hand = Your hand
page-frame-all-actions = Every legal action
page-frame-take-it = Take it
page-frame-typed = or type one in the game's notation
page-frame-send = Send

## The language switch

page-lang-label = Language
page-lang-en = English
page-lang-de = Deutsch

## Errors the page meets

page-error-status = the server answered { $status }
page-error-unreachable = the server cannot be reached: { $why }
page-error-unreachable-retry = the server cannot be reached ({ $why }); retrying…
page-error-unreachable-short = the server cannot be reached

## Hints at a table opened with them

page-hint-ask = Suggest a move
page-hint-thinking = The expert is thinking…
page-hint-said = The expert suggests: { $action }
page-hint-failed = No suggestion now.

## Seats around the table

page-seat-you = { $seat } (you)
page-seat-person = person
page-seat-bot = bot
page-seat-bot-level = bot, { $level } ({ $spec })
page-seat-bot-spec = bot ({ $spec })
page-seat-to-move = to move
page-seat-region = { $name }: { $kind }
page-seat-hand = hand ({ $count })
page-seat-hand-empty = hand: empty

## What lies on the table

page-felt-label = The table
page-felt-laid = { $seat } laid { $cards }
page-felt-said = { $seat }: { $word }
page-felt-middle = middle of the table
page-felt-face-down = { $count } face down
page-felt-took = taken by { $seat }
page-felt-last = Last trick
page-felt-last-show = Show the last trick
page-felt-last-hide = Hide the last trick
page-felt-last-none = No trick has been taken yet.
page-felt-last-title = { $label }, taken by { $seat }
page-felt-last-title-open = { $label }
page-felt-last-previous = the pile before this one
page-felt-in-words = The table in words

## The words the games' layouts name what lies on the table by

page-layout-trick = trick { $number }
page-layout-meld = meld { $number }
page-layout-stock = stock
page-layout-the-cego = the cego
page-layout-the-legage = the Legage
page-layout-exposed = exposed
page-layout-set-aside = set aside
page-layout-penalty-pile = penalty pile
page-layout-in-the-middle = in the middle
page-layout-out-of-play = out of play
page-layout-pass = pass
page-layout-exposed-why = exposed ({ $why })
page-layout-why-declares = declares
page-layout-why-overcall-alone = overcall, alone
page-layout-why-the-second-copy-alone = the second copy, alone
page-layout-why-forced-heart-ace-declares = forced heart Ace, declares
page-layout-why-reveals-as-partner = reveals as partner

## Card names a screen reader reads

page-card-of = { $rank } of { $suit }
page-card-big_ace = { $name }, a Big Ace
page-card-stands = { $name } standing for { $stands }
page-card-trump = Trock { $rank }
page-card-skus = Sküs
page-card-mond = Trock 21, the Mond
page-card-geiss = Trock 1, the Geiß
page-card-joker = joker
page-card-red-joker = red joker
page-card-black-joker = black joker
page-card-number = number { $rank }
page-card-rank-only = { $rank }, any suit
page-card-wild = wild
page-card-hidden = a card face down
page-card-big = Big A
page-card-little = little a
page-card-noted = { $name }, { $note }
page-card-note-big-ace = Big Ace
page-rank-A = ace
page-rank-K = king
page-rank-Q = queen
page-rank-J = jack
page-rank-R = knight
page-suit-c = clubs
page-suit-d = diamonds
page-suit-h = hearts
page-suit-s = spades

## The turn

page-turn-match-over = The match is over.
page-turn-deal-over = The deal is over.
page-turn-yours = Your turn.
page-turn-bot = { $seat } (bot) is thinking…
page-turn-forced = Your move is taken for you…
page-turn-waiting = Waiting for { $seat }…
page-alert-title = ▶ Your turn: { $title }
page-alert-sound-on = Sound on your turn: on
page-alert-sound-off = Sound on your turn: off
page-alert-sound-explain = A short tone when it is your turn (remembered in this browser)

## Help on the game's words

page-help-button = What do the words mean?
page-help-title = The game's words
page-help-close = Close
page-help-none = The rules say nothing more of { $word }.
page-help-of = { $word }: { $text }
page-help-from = From the rules (cards rules { $game }):

## Scores

page-scores-deal = deal { $number }
page-scores-total = total
page-scores-this-deal = this deal
page-score-penalties = { $count ->
    [one] { $count } penalty point
   *[other] { $count } penalty points
}
page-score-points = { $count ->
    [one] { $score } point
   *[other] { $score } points
}
page-score-better-penalties = penalty points, lower is better
page-score-better-points = points, higher is better
page-score-title = { $better }: { $explain }
page-score-units = Scored in { $better }: { $explain }.
page-score-units-bare = Scored in { $better }.
page-scores-explain-big-a = each hand's points come from the score tables (the declarer's side against the rest); the highest total wins
page-scores-explain-cego = each deal the soloist and the defenders pay each other; the highest total wins
page-scores-explain-contract-rummy = cards left in hand count penalty points (2-10 face value, J Q K 10, Ace and joker 25); the lowest total wins
page-scores-explain-einer-ist-immer = each hand scores from +1 for the Boss to -1 for the Ass; the highest total wins
page-scores-explain-grosse-kleine-a = cards left in hand and little-a piles count penalty points; the lowest total wins

## The hand and choosing

page-hand-title = { $count ->
    [one] Your hand ({ $count } card)
   *[other] Your hand ({ $count } cards)
}
page-hand-empty = No cards in hand.
page-sort-game = Sort: the game's order
page-sort-suit = Sort: by suit
page-sort-rank = Sort: by rank
page-sort-explain = Lay the hand out another way (the cards stay yours; only their order changes)
page-wild-mark = wild
page-wild-hint = Wild cards are marked ★
page-select-click = Click cards to select them, then play.
page-select-tap = Tap cards to select them, then play.
page-select-discards = { $count } cards selected to discard.
page-select-discard-these = Discard these { $count } cards
page-select-several = These cards make several plays: choose one.
page-select-play = Play { $action }
page-select-more = Select more cards for a legal play.
page-select-none = No legal play uses exactly these cards.
page-select-clear = Clear selection
page-select-discards-stopped = { $taken } of { $count } discards taken; { $action } is not a legal discard now.
page-keys-hint = Keys: Tab to a card, Space or Enter selects it; Enter on a button plays.

## Takeback

page-takeback-button = Take back my last move
page-takeback-explain = At a practice table you may take back your last move while no other person has moved since
page-takeback-confirm = Take back your last move ({ $action })?

## The table's header and how it was dealt

page-table-whoami = You are { $seat } · { $dealing }
page-table-cannot-open = This seat cannot be opened
page-table-review-link = Review the match: every hand shown, the log to download
page-table-no-token = this link has no seat token: open the link the table's creator sent you
page-dealing-opened = seed { $seed }, salt { $salt }: they open the commitment { $commitment } (cards replay checks it)
page-dealing-practice-seed = practice table, seed { $seed }
page-dealing-fair = fair deal: commitment { $commitment } (seed revealed at the end)
page-dealing-practice = practice table: its opener chose the seed and knows every hand
page-dealing-commitment-title = SHA-256 commitment to the secret seed: { $commitment }

## The end of a deal

page-ended-caption = The table as the deal ended, its last card laid where it was played:
page-ended-match = The match is over
page-ended-deal = Deal { $number } is over
page-ended-hand = your hand: { $cards }
page-ended-last-move = The deal's last move:
page-ended-new-table = Open a new table
page-ended-waits-for = { $count ->
    [one] The next deal starts when { $seats } asks for it too.
   *[other] The next deal starts when { $seats } ask for it too.
}
page-ended-next = Next deal
page-ended-look = Look at the table
page-log-download = Download the log
page-log-replays = The log replays with `cards replay FILE`.

## The seats' controls

page-host-to-person = Give { $seat } to a person
page-host-to-bot = Give { $seat } to a bot
page-host-to-person-explain = The bot leaves this seat: you get a new link to send to a person
page-host-to-bot-explain = A bot plays this seat from now on
page-host-new-link = { $seat }'s new link: send it to the person who takes the seat
page-name-button = Name your seat
page-name-explain = The name every seat and the watch page show for you
page-name-prompt = Your name at this table (letters, digits, spaces, - _ . ' &; at most 24)
page-agree-button = Let the host re-seat me
page-agree-explain = The host may give your seat to a bot or to someone else for the next 10 minutes
page-agree-confirm = Let the host give your seat (and your hand) to a bot or to someone else?
page-agree-done = The host may re-seat you
page-close-button = Close the table
page-close-explain = End this table for every seat: its bots stop and its place on the server is freed
page-close-confirm = Close the table for every seat? The game cannot be resumed.
page-close-done = You closed the table. Its links no longer open it.
page-close-heading = The table is closed

## The watch page

page-watch-whoami = watching: public information only
page-watch-heading = { $heading } (watching)
page-watch-title = cards: watching { $title }
page-watch-bot = bot { $spec }
page-watch-who = { $seat } ({ $kind })
page-watch-to-move = { $who } to move
page-watch-deal-over = The deal is over; the next starts when its people ask.
page-watch-practice = Practice table: its opener chose the seed and knows every hand.
page-watch-practice-seed = Practice table: its opener chose the seed ({ $seed }) and knows every hand.
page-watch-fair-opened = Fair deal: seed { $seed }, salt { $salt } open the commitment { $commitment } (the review checks it).
page-watch-fair = Fair deal: commitment { $commitment } to a secret seed, revealed at the end.
page-watch-over = The match is over:
page-watch-review = review it, every hand shown

## The review page

page-review-heading = { $title }: review
page-review-title = cards: review of { $title }
page-review-where = step { $step } of { $steps }
page-review-before = Before the first action
page-review-action = { $seat }: { $action }
page-review-steps = Steps
page-review-first = First step
page-review-last = Last step
page-review-back = Back
page-review-forward = Forward
page-review-table = The table, every hand shown
page-review-lines = What the action did
page-review-practice = Practice table: its opener chose the seed { $seed } and knew every hand.
page-review-fair = Fair deal: the seed was secret until the end; the commitment was shown from the first deal.
page-review-seed = seed { $seed }
page-review-salt = salt { $salt }
page-review-commitment = commitment { $commitment }
page-review-opens = ✓ Checked: the SHA-256 of cards-deal:{ "{" }seed{ "}" }:{ "{" }salt{ "}" } is the commitment, so these are the cards that were promised.
page-review-opens-not = ✗ The seed and salt do not open the commitment: these are not the cards that were promised.
page-review-by-hand = By hand: { $command }
page-analysis-head = Analysis
page-analysis-about = Each decision of a seat weighed from what that seat knew: the move played against the expert's, in the deal's points.
page-analysis-seat = Seat
page-analysis-button = Analyse
page-analysis-list = The decisions weighed
page-analysis-done = { $count } decisions weighed ({ $worlds } worlds each), { $marked } marked
page-analysis-running = weighing… { $count } decisions so far
page-analysis-taken = action { $number }: { $taken } { $value }
page-analysis-expert = (the expert: { $expert } { $value })
page-analysis-best = (best of the rollouts { $best } { $value })
page-analysis-step = Step to the position before action { $number }
page-analysis-mark-inaccuracy = inaccuracy
page-analysis-mark-mistake = mistake
page-analysis-mark-blunder = blunder

## The lobby

page-lobby-heading = Open a table
page-lobby-game = Game
page-lobby-players = Players
page-lobby-seats = Seats
page-lobby-seats-hint = A person plays through a secret link: keep one for yourself, send the others to friends.
page-lobby-caps = Bots this server seats
page-lobby-caps-hint = A bot's spec is kind:key=value,…; a search bot that names no ms thinks { $ms } ms a move. Within these caps:
page-lobby-caps-none = no options
page-lobby-rules = Rules
page-lobby-table = Table
page-lobby-seed = Seed
page-lobby-seed-placeholder = secret (drawn by the server)
page-lobby-seed-explain = Leave empty for a fair deal: the server draws a secret seed and shows a commitment to it. A seed typed here makes a practice table whose opener knows every hand.
page-lobby-single-deal = A single deal instead of a whole match
page-lobby-hints = Hints allowed (a practice table: anyone may ask the expert for a move)
page-lobby-hints-explain = Every seat is told from the start; each player may ask the expert bot for a move at their own turn.
page-lobby-listed = In the lobby
page-lobby-listed-explain = A listed table is shown in the lobby: anyone may watch it (no hand is shown) and review it once it is over. An unlisted table is watched only by those given its address.
page-lobby-listed-auto = listed if only bots play
page-lobby-listed-yes = listed: anyone may watch
page-lobby-listed-no = not listed
page-lobby-pace = Bot pace
page-lobby-pace-slow = slow
page-lobby-pace-normal = normal
page-lobby-pace-fast = fast
page-lobby-pace-very-fast = very fast
page-lobby-create = Open the table
page-lobby-open = Your table is open
page-lobby-open-hint = Each link is a seat. Whoever has a link plays that seat, so share each one only with its player.
page-lobby-yours = Your tables
page-lobby-yours-hint = The tables this browser opened or sits at (kept in this browser only), with their links. Close the ones you no longer play: a table counts against your limit until it is closed, finished or idle.
page-lobby-playing = Tables playing
page-lobby-finished = Finished matches
page-lobby-none = none
page-lobby-level = { $level }: { $what }
page-level-easy = Easy
page-level-medium = Medium
page-level-hard = Hard
page-level-expert = Expert
page-level-name-easy = easy
page-level-name-medium = medium
page-level-name-hard = hard
page-level-name-expert = expert
page-level-what-easy = plays at random
page-level-what-medium = rules of thumb, plays at once
page-level-what-hard = searches 200 playouts a move
page-level-what-hard-own = the game's own planner, plays at once
page-level-what-expert = the game's strongest bot, up to a tenth of a second a move
page-game-about-big-a = five-player climbing game with two packs, bombs, Fours captures and a hidden partner
page-game-about-cego = the tarock game of Baden: an auction of eleven contracts, the cego, dead blanks
page-game-about-contract-rummy = progressive contract rummy: eleven rounds of 3 to 13 cards, rotating wilds, lowest total wins
page-game-about-einer-ist-immer = climbing game for 4-10: shed cards first to be Boss; ranks, re-seating and card exchange
page-game-about-grosse-kleine-a = Wolfgang Kramer's climbing game: shed your cards, dodge the Big A and the little a
page-lobby-person-you = person (you)
page-lobby-person-friend = person (a friend)
page-lobby-other-bot = other bot…
page-lobby-other-bot-placeholder = kind:key=value,…  e.g. ismcts:ms=2000
page-lobby-other-bot-label = { $seat }'s bot spec
page-lobby-other-bot-any = any bot within the caps below
page-lobby-round = round { $round }
page-lobby-round-label = { $label }, round { $round }
page-lobby-round-bad = round { $round }: write whole numbers separated by commas, e.g. 3, 4
page-lobby-whole = a whole number
page-lobby-whole-range = a whole number from { $min } to { $max }
page-lobby-whole-min = a whole number of at least { $min }
page-lobby-lowered = { $other } lowered to { $cap }: { $label } + { $other } is at most { $n }.
page-lobby-at-most = At most { $cap } with { $label } { $value }.
page-lobby-takes = Takes { $what }.
page-lobby-options-bad = Some rules need another value: see beside them.
page-lobby-link-bot = { $seat }: bot { $spec }
page-lobby-link-take = Take your seat
page-lobby-link-open = Open this seat
page-lobby-link-copy = Copy link
page-lobby-link-copied = Copied
page-lobby-link-copy-prompt = Copy this link:
page-lobby-loopback = These links name this machine's loopback address, which only this machine can open. For friends on other machines, start `cards serve --bind 0.0.0.0:8080` and open this page at your network address.
page-lobby-fair = Fair deal: the server drew a secret seed. Every page shows its commitment { $commitment }; the log reveals the seed at the end of the match and `cards replay` checks it against the commitment.
page-lobby-practice = Practice table: you chose the seed, so you know every hand; every page of this table says so.
page-lobby-mine = { $title }, { $seat }
page-lobby-mine-host = { $title }, { $seat } (you opened it)
page-lobby-mine-forget = Forget
page-lobby-mine-forget-explain = Take it off this list (the table itself is not changed)
page-lobby-mine-review = review
page-lobby-mine-finished = finished:
page-lobby-mine-closed = closed (its link no longer opens it)
page-lobby-mine-over = the match is over:
page-lobby-mine-playing = playing
page-lobby-mine-close = Close it
page-lobby-mine-close-failed = the table could not be closed
page-lobby-watch = watch { $game }: { $who }
page-lobby-review = review { $game }, ended { $ended }: { $scores }

# The takeback's control, the table's rules on the felt, the felt's groups by keyboard and the review's keys.
page-takeback-label = Take back my last move ({ $action }) and the bots' moves after it
page-takeback-failed = the takeback was refused (the server answered { $status })
page-takeback-unreachable = the server cannot be reached: { $reason }
page-options-head = This table's rules:
page-options-none = This table plays the rule book's rules (no option changed).
page-options-word = { $label }: { $value }
page-options-said = { $label }: { $explain }
page-options-unexplained = the rules say nothing more of it
page-felt-group = { $seat }, { $group }
page-review-keys = Keys: Left and Right arrows step back and forward, Home and End go to the first and last step.
page-review-first-keys = First step (Home)
page-review-back-keys = Back one step (Left arrow)
page-review-forward-keys = Forward one step (Right arrow)
page-review-last-keys = Last step (End)
