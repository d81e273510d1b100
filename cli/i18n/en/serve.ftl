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
