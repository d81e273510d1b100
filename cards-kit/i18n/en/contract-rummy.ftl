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

## Refusals (the engine's ActionError)

rummy-refused-match-over = the match is over after its last round (C8)
rummy-refused-draw-after-put-down = a turn is either a draw or putting cards down, not both (C6)
rummy-refused-draw-in-final-turn = after a player went out the others may only put cards down, not draw (C7)
rummy-refused-stock-empty = the stock is empty: put cards down, or pass if you cannot (C6)
rummy-refused-pass-not-allowed = a player may pass only when the stock is empty and nothing can be put down (C6)
rummy-refused-nothing-put-down = a turn must draw or put down at least one card before it ends (C6)
rummy-refused-done-not-allowed = done ends a turn of putting cards down (C6)
rummy-refused-put-down-not-allowed = putting down is not allowed now (C6)
rummy-refused-size-not-allowed = a new meld in round { $round } has { $allowed } cards, not { $size } (C5)
rummy-refused-sizes = { $sizes }
rummy-refused-not-in-hand = { $card } is not in your hand, or not that many copies: only cards from hand go down (C6)
rummy-refused-not-a-set = { $card } does not belong in a set of { $rank }s: a set is one rank, wilds aside (C4)
rummy-refused-run-across-suits = { $card } is not of the run's suit { $suit }: a run is one suit, wilds aside (C4)
rummy-refused-wrapped-run = a run may not wrap around from K over A to 2 (C4)
rummy-refused-out-of-place = { $card } must sit at its own place in the run (C4)
rummy-refused-no-such-meld = there is no meld { $meld } on the table to add to (C6)
rummy-refused-not-your-meld = meld { $meld } belongs to { $owner }: nobody adds to another player's melds (C6)
rummy-refused-does-not-extend = { $card } does not extend meld { $meld } into a valid set or run (C4, C6)
rummy-refused-notation = write this as `{ $expected }` (C4)
rummy-refused-equivalent-wild = equivalent wilds are put down in a fixed order: use { $expected } here, not { $given } (C3)
rummy-config-players = contract rummy is played by 2 to 7 players, not { $players } (C1)
rummy-config-jokers = the pack holds 0 to 4 jokers, not { $jokers } (C1)
rummy-config-rounds = rounds run from 1 to 11: first round { $first } and { $rounds } rounds do not fit; from round { $first } at most { $left } rounds are left (set rounds too) (C2)
rummy-config-meld-size-rows = meld_sizes needs 11 rows, one per round, not { $rows } (C5)
rummy-config-meld-sizes = meld sizes of round { $round } must be 1 to 13 sizes between 3 and { $hand } cards, each once (C5)
rummy-config-position = invalid position: { $reason }

## The table's buttons

rummy-action-draw = draw
rummy-action-pass = pass
rummy-action-done = done
rummy-action-add = add { $card } to meld { $meld }
rummy-action-add-low = add { $card } to meld { $meld }, at its low end
rummy-action-add-high = add { $card } to meld { $meld }, at its high end
