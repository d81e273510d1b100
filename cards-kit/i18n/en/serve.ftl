# The lines and errors `cards serve` composes itself (not an engine's): narration lines a
# table adds (a run summed up, a forced move, a saved game taken up, a takeback, the host's
# changes) and the error answers of its API. Every key is in ../de/serve.ftl too.

## Narration lines the table composes

serve-line-saved-game = The table goes on from a saved game: its { $count } actions are taken.
serve-line-new-link = The host gives { $seat } a new link: its old link no longer opens the seat.
serve-line-to-person = The host gives { $seat } back to a person.
serve-line-to-bot = The host seats a bot ({ $spec }) in { $seat }.
serve-line-named = { $seat } is now called { $name }.
serve-line-takeback = { $seat } takes back { $action }.
serve-line-takeback-one = { $seat } takes back { $action } and the move after it: the table is as it was before.
serve-line-takeback-more = { $seat } takes back { $action } and the { $count } moves after it: the table is as it was before.

## Error answers of the API

serve-error-moved-on = the table has moved on since your page showed it (version { $version }, now { $now }): look again and choose anew
serve-error-deal-over = the deal is over: start the next deal first
serve-error-match-over = the match is over
serve-error-not-your-turn = it is not your turn: { $seat } is to move
serve-error-bot-seat = a bot plays this seat
serve-error-deal-over-hint = the deal is over: a suggestion is for a decision of the next deal
serve-error-not-your-turn-hint = it is not your turn: { $seat } is to move, and a suggestion is for your own decision
serve-error-no-deal-ended = no deal has just ended: there is nothing to start
serve-error-asked-already = you have asked for the next deal already; it starts when { $seats } { $count ->
    [one] asks
   *[other] ask
  } too
serve-error-log-not-yet = the log is given once the match is over: it shows every hand
serve-error-no-seat = this table has no seat { $seat }
serve-error-seated-so = { $seat } is already seated so
serve-error-no-step = step { $step }: the match has { $steps } actions
serve-error-seat-count = { $given } seats given for { $players } players: name one per seat
serve-error-run-stopped = a run of { $moves } moves stopped early
serve-error-takeback-fair = takebacks are for practice tables only: at a fair table (a secret seed) every move stands
serve-error-takeback-over = the match is over: its moves stand
serve-error-takeback-thinking = a bot is deciding its move now: take back once it has moved
serve-error-takeback-nothing = nothing to take back: no move of yours since this deal began, another person's move or the last takeback
serve-error-takeback-other = { $seat } has moved since your last move: only the last person to move may take their move back
serve-error-takeback-scored = the deal of your last move is over and scored: its moves stand
serve-error-takeback-most = this deal has seen { $most } takebacks, the most a deal allows: play on
serve-error-cannot-read = cannot read { $notation }: { $reason }
serve-error-stored-action = { $notation }: { $reason }
serve-error-internal = { $reason }
serve-error-name-length = a name has 1 to { $most } characters ({ $count } given)
serve-error-name-char = a name has letters, digits, spaces and - _ . ' & only, not { $char }
serve-error-name-spaces = a name has single spaces between its words
serve-error-name-body = a name is sent as { "{" }"name": "your name"{ "}" }
serve-error-renames = this seat has been named { $named } times in this deal, the most a deal allows ({ $most }): name it again once the deal has ended
serve-error-host-seats = only the host seats bots and people: send the part of the opener's link after the dot as `Authorization: Bearer HOST_KEY`
serve-error-seat-body = say whom to seat: { "{" }"bot": "heuristic"{ "}" } or { "{" }"person": true{ "}" }
serve-error-seat-either = seat either a bot ({ "{" }"bot": "heuristic"{ "}" }) or a person ({ "{" }"person": true{ "}" })
serve-error-person-already = { $seat } is a person's already; to revoke its link give it a new one ({ "{" }"person": true, "new_link": true{ "}" })
serve-error-seed = seed { $seed }: write a whole number from 0 to { $most }, or the 64 hex digits of a key, or leave it empty
serve-error-listed = listed: true (the lobby lists the table) or false
serve-error-pace = pace_ms { $pace }: at most { $most }
serve-error-open-unsaved = the table could not be saved, so it was not opened: { $reason }
serve-error-max-tables = this server has { $all } tables playing, its most (--max-tables { $most }): try again when one has finished or closed
serve-error-max-per-client = your address has opened { $mine } tables still playing, the most one address may (--max-tables-per-client { $most }): close one (its host's seat page has "Close the table") or finish it first
serve-error-closed-meanwhile = the table was closed meanwhile: nothing more is made at it
serve-error-move-unsaved = this move could not be saved, so it was not made (try again): { $reason }
serve-error-token-in-address = a seat token is not taken in the address (logs and histories keep addresses): send it as `Authorization: Bearer TOKEN`
serve-error-action-body = an action is sent as { "{" }"action": the action's text, "version": the table's version your page showed, a whole number (or left out){ "}" }
serve-error-action-long = an action of { $bytes } bytes: no action is longer than { $most }
serve-error-takeback-body = a takeback is sent as { "{" }"version": the table's version your page showed{ "}" } (or { "{" }{ "}" })
serve-error-moved-on-takeback = the table has moved on since your page showed it (version { $version }, now { $now }): look again before taking back
serve-error-close-needs-key = closing a table needs its host key: send the part of the opener's link after the dot as `Authorization: Bearer HOST_KEY`
serve-error-close-wrong-key = this key does not close the table: only its host's (the opener's link) does
serve-error-close-unsaved = the close could not be saved, so the table stays open (try again): { $reason }
serve-error-max-streams = { $streams } pages from your address are following tables already, this server's most (--max-streams-per-client): close one
serve-error-not-host-key = the part of this link after the dot is not this table's host key
serve-error-token-required = a seat token is required: send the part of your seat's link after # as `Authorization: Bearer TOKEN`
serve-error-wrong-token = this token does not open that seat
serve-error-player-open = has the table open
serve-error-player-was-here = was here { $ago } ago
serve-error-player-here = { $seat }'s player { $here }: a person's seat changes hands only when its player has been away for { $away } (no request and no page open) or agrees (POST to the seat's `agree` with its link)
serve-error-ticket = this event stream needs a fresh ticket: POST to the seat's `ticket` with its token (a ticket is good once, for 30 seconds)
serve-duration-none = less than a second
serve-duration-seconds = { $count ->
    [one] { $count } second
   *[other] { $count } seconds
  }
serve-duration-minutes = { $count ->
    [one] { $count } minute
   *[other] { $count } minutes
  }
serve-duration-hours = { $count ->
    [one] { $count } hour
   *[other] { $count } hours
  }
serve-error-no-expert = the lobby offers no expert for this game
serve-error-no-randomness-hint = no randomness from the system for a suggestion: { $reason }
serve-error-no-hints = this table was opened without hints: no seat may ask for a suggestion
serve-error-hint-busy = a suggestion for this table is being worked out: ask again when it is shown
serve-error-hint-stopping = the server is stopping: no suggestion
serve-error-table-closed = the table was closed
serve-error-hints-value = hints: true (every seat may ask for the expert's move) or false
serve-error-no-exec = bot { $spec }: this server does not run bot programs (start it with --allow-exec to seat exec: bots)
serve-error-bot-cap = bot { $spec }: { $setting } is more than this server allows: { $key } may be { $allowed } (at most this much thinking per move)
serve-allowed-whole = a whole number from { $min } to { $max }
serve-allowed-whole-or-none = a whole number from { $min } to { $max }, or none
serve-allowed-number = a number from { $min } to { $max }
serve-error-table-memory = these bots would take about { $need } MB to think, more than the { $most } MB a table may use on this server (--table-memory-mb): choose fewer or smaller search bots
serve-error-server-memory = these bots would take about { $need } MB to think, and the open tables leave only { $left } MB of this server's memory budget (--memory-mb): try smaller bots, or again when a table has closed
serve-error-seat-spec = { $reason } (or `person`)
serve-error-max-seats = { $given } seats: no game seats more than { $most }
serve-error-rules = These rules cannot be played: { $reason }
serve-error-log-over = log: its match is over; there is nothing to go on with (review it with cards replay)
serve-error-too-fast = { $what }: wait { $secs } s
serve-error-requests-per-second = your address has made more than { $most } requests a second, this server's most (--max-requests-per-second)
serve-error-body-late = the request's body did not arrive within { $ms } ms
serve-error-body-broke = the request's body broke off
serve-error-too-large = the request is larger than { $most } bytes
serve-error-host-name = this server answers to its IP addresses and localhost, not to { $quoted }: open it by its address, or start it with --allow-host { $name } to answer to that name
serve-error-no-host = a request must name the server in its Host header
serve-error-opens-per-minute = your address has opened { $most } tables in the last minute, this server's most (--max-opens-per-minute)
serve-error-opens-per-minute-room = your address has opened { $most } tables in the last minute on the servers of this room, the most one address may (--max-opens-per-minute)
serve-error-gone-host = table { $table } was closed by its host { $ago } ago
serve-error-gone-finished = table { $table } finished its match and was removed { $ago } ago (a finished table stays { $keep } for its log, or the server's idle time if shorter); its review, every hand shown and the log to download: /review/{ $id }
serve-error-gone-damaged = table { $table } was closed { $ago } ago: its store failed, and what it holds no longer rebuilds the table
serve-error-gone-idle = table { $table } was closed { $ago } ago, after { $idle } without use
serve-error-no-table = no table { $table } is open here: this server has not opened it since it started, or closed it more than { $kept } ago or before its last { $closings } closings; a match that finished is reviewed at /review/{ $id }
serve-error-no-randomness = no randomness from the system: { $reason }
serve-error-no-page = no such page
serve-error-no-asset = no asset { $name }
serve-error-analyses-busy = { $most } analyses are being computed, the most this server computes at once: ask again when one is done
serve-error-store-unread = the store cannot be read: { $reason }
serve-error-table-moving = table { $table } is changing servers (the server that drove it stopped or lost its lease, which lasts { $lease } s): try again in a second
serve-error-no-match = no match { $table } is kept here
serve-error-not-finished = table { $table } has not finished its match: a review shows every hand, so it opens once the match is over (watch it meanwhile at /watch/{ $id })
serve-error-no-match-seat = this match has seats 0 to { $last }, not { $seat }
serve-error-analysis-failed = the analysis failed: { $reason }
serve-error-request-object = a table request is an object such as { "{" }"game": "cego", "seats": ["person", "heuristic", "heuristic", "heuristic"]{ "}" }
serve-error-request-game = game: name a game, e.g. "cego"
serve-error-request-players = players: write the number of players, e.g. 4
serve-error-request-seat = seats: each seat is "person" or a bot such as "heuristic", in quotes
serve-error-request-seats = seats: a list with one entry per seat, each "person" or a bot such as "heuristic"
serve-error-request-option = options: give { $key } a value such as "3", true or a list
serve-error-request-options = options: the rule options as an object of names and values, e.g. { "{" }"hands": "3"{ "}" }
serve-error-request-seed = seed: write a whole number from 0 to { $most }, or leave it empty
serve-error-request-single-deal = single_deal: true or false
serve-error-request-pace = pace_ms: the milliseconds between bot moves, a whole number from 0 to { $most }
serve-error-request-field = a table request has no field { $field }; its fields: { $fields }
serve-error-log-not-log = log: not a log of `cards play --save`: { $reason }
serve-error-log = log: { $reason }
serve-error-request = { $reason }
serve-error-stored-table = the stored table cannot be read: { $reason }
serve-error-stored-rules = the stored rules cannot be read: { $reason }
serve-error-stored-seat = a stored seat cannot be read: { $reason }
serve-error-unknown-lang = unknown language { $lang }: the catalogue has en, de and qps (the pseudo-locale of the tests)
