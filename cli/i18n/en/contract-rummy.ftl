# The words of 3 to 13, in English (the Display of game-contract-rummy's events and screen say
# the same, which a test checks).

rummy-word = { $word }
rummy-or = { $first } or { $rest }
rummy-round-info = round { $round }: { $hand } cards, wild: Aces, jokers and { $wild }s; new melds of { $sizes } cards

## Narration

rummy-round-started = { $info }; { $dealer } deals
rummy-dealt = { $seat } is dealt { $cards }
rummy-dealt-hidden = { $seat } is dealt { $count } cards
rummy-drew = { $seat } draws { $card }
rummy-drew-hidden = { $seat } draws a card
rummy-melded = { $seat } puts down meld { $number }: { $meld }
rummy-added = { $seat } adds { $card } to meld { $number }
rummy-added-as = { $seat } adds { $card } to meld { $number } as { $as }
rummy-done = { $seat } is done
rummy-passed = { $seat } passes (stock empty)
rummy-went-out = { $seat } goes out; the others have one final turn each
rummy-blocked = everyone passed with an empty stock: the round ends
rummy-round-scored = round { $round } scored:{ $list }
rummy-match-entry = { $seat } { $total } (went out { $tally }x);
rummy-match-over = match over: { $list } lowest total wins: { $winners }

## The screen

rummy-heading = 3 to 13, round { $round } of { $rounds } ({ $cards }, { $wild }s wild)
rummy-heading-part = 3 to 13, round { $round }, deal { $deal } of { $deals } in this match ({ $cards }, { $wild }s wild)
rummy-wild = wild: Aces, jokers and { $wild }s; new melds of { $sizes } cards
rummy-stock = stock: { $cards } (no discard pile)
rummy-only-round = this match plays round { $round } only
rummy-rounds = this match plays rounds { $first } to { $last }
rummy-no-melds = melds: none
rummy-meld = meld { $number } ({ $owner }): { $meld }
rummy-final-turn = { $seat } has a final turn: put cards down only
rummy-putting-down = { $seat } is putting cards down: more, or done
rummy-draws-or-puts = { $seat } draws or puts cards down
rummy-match-over-line = the match is over
rummy-last-points = last round's points: { $points }
rummy-total = total { $points }
rummy-tally = went out { $tally }x
rummy-went-out-now = went out this round
rummy-dealer = dealer
